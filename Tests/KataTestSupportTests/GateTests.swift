import KataTestSupport
import Synchronization
import Testing

/// What happened, in order, shared by the test and its tasks.
private final class OrderLog: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

@Suite("KataTestSupport — gate")
struct GateTests {
    @Test("A caller waits at a closed gate until the test opens it; the test sees it arrive")
    func holdsUntilOpen() async {
        let gate = Gate()
        let order = OrderLog()
        let caller = Task {
            await gate.pass()
            order.append("caller went through")
        }
        await gate.arrivals(1)
        order.append("test acted while the caller waited")
        gate.open()
        await caller.value
        #expect(order.all == ["test acted while the caller waited", "caller went through"])
        #expect(gate.arrivedCount == 1)
    }

    @Test("An open gate lets callers straight through")
    func openPassesAtOnce() async {
        let gate = Gate()
        gate.open()
        await gate.pass()
        await gate.pass()
        #expect(gate.arrivedCount == 2)
        #expect(gate.isOpen)
    }

    @Test(
        "Waiting for more arrivals than have come returns once they have; several callers are held together")
    func countsArrivals() async {
        let gate = Gate()
        let callers = (0..<3).map { _ in Task { await gate.pass() } }
        await gate.arrivals(3)
        #expect(gate.arrivedCount == 3)
        gate.open()
        for caller in callers { await caller.value }
    }

    @Test("Each order of a race, forced once: A before B, then B before A")
    func forcesBothOrders() async {
        for aFirst in [true, false] {
            let gateA = Gate()
            let gateB = Gate()
            let order = OrderLog()
            let a = Task {
                await gateA.pass()
                order.append("A")
            }
            let b = Task {
                await gateB.pass()
                order.append("B")
            }
            await gateA.arrivals()
            await gateB.arrivals()
            if aFirst {
                gateA.open()
                await a.value
                gateB.open()
                await b.value
            } else {
                gateB.open()
                await b.value
                gateA.open()
                await a.value
            }
            #expect(order.all == (aFirst ? ["A", "B"] : ["B", "A"]))
        }
    }
}
