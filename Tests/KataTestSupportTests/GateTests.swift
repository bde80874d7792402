import KataTestSupport
import Synchronization
import Testing

@Suite("KataTestSupport — gate")
struct GateTests {
    @Test("A caller waits at a closed gate until the test opens it; the test sees it arrive")
    func holdsUntilOpen() async {
        let gate = Gate()
        let order = Recorder<String>()
        let caller = Task {
            await gate.pass()
            order.record("caller went through")
        }
        await gate.arrivals(1)
        order.record("test acted while the caller waited")
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
            let order = Recorder<String>()
            let a = Task {
                await gateA.pass()
                order.record("A")
            }
            let b = Task {
                await gateB.pass()
                order.record("B")
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
