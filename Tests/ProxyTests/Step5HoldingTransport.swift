import KataTestSupport
import MessagingKit
import Proxy
import Testing

@Suite("Proxy · Step 5 — Beside the proxies: the holding transport, a Decorator", .tags(.messaging))
struct Step5HoldingTransport {
    @Test("While connected, a send goes straight through; status and events are the real transport's")
    func connectedPassesThrough() throws {
        let real = try offlineTransport()
        let holding = HoldingTransport(wrapping: real)
        #expect(
            holding.url == real.url && holding.status == .idle,
            "It reports the real address and status (step 5)")
        holding.connect()
        #expect(real.status == .connecting, "connect() reaches the real transport (step 5)")
        try real.accept()
        #expect(holding.status == .connected, "It reports connected when the real one is (step 5)")
        let heard = Recorder<String>()
        holding.onEvent { heard.record($0.name.rawValue) }
        try holding.send(try Event("typing"))
        try real.deliver(try Event("message"))
        #expect(sentNames(real) == ["typing"], "A send while connected goes straight through (step 5)")
        #expect(heard.all == ["message"], "Events from the server reach its subscribers (step 5)")
        #expect(holding.heldCount == 0, "Nothing is held while connected (step 5)")
    }

    @Test("While not connected, sends are held, and delivered in order when the real one connects")
    func offlineHoldsThenDelivers() throws {
        let real = try offlineTransport()
        let holding = HoldingTransport(wrapping: real)
        for name in ["a", "b", "c"] { try holding.send(try Event(name)) }
        #expect(
            real.sentEvents.isEmpty && holding.heldCount == 3,
            "Offline, sends are held instead of throwing notConnected: the changed promise (step 5)")
        holding.connect()
        try real.accept()
        #expect(sentNames(real) == ["a", "b", "c"], "On connect they go out first in, first out (step 5)")
        #expect(holding.heldCount == 0, "Nothing stays held (step 5)")
        try real.drop()
        try holding.send(try Event("d"))
        try real.restore()
        #expect(sentNames(real) == ["a", "b", "c", "d"], "After a drop, only the new one goes out (step 5)")
    }

    @Test("A caller that expects any transport can be given it: a SocketConnection over it")
    func sameInterface() throws {
        let real = try offlineTransport()
        let connection: any Connection = SocketConnection(transport: HoldingTransport(wrapping: real))
        try connection.send(try Event("hello"))
        #expect(
            real.sentEvents.isEmpty,
            "The connection's send, made offline, is held, and doesn't throw (step 5)")
        try connection.connect()
        try real.accept()
        #expect(sentNames(real) == ["hello"], "It is delivered when the connection comes up (step 5)")
    }

    @Test("A drop inside the real send mid-delivery keeps that send and the rest held, in order")
    func dropMidDelivery() throws {
        let inner = try offlineTransport()
        let real = ScriptedTransport(inner, script: .init(dropOnCall: 2))
        let holding = HoldingTransport(wrapping: real)
        for name in ["a", "b", "c", "d"] { try holding.send(try Event(name)) }
        holding.connect()
        try inner.accept()
        #expect(sentNames(inner) == ["a"], "The connection dropped while b was being sent (step 5)")
        #expect(
            holding.heldCount == 3,
            "A send leaves the hold only once it has gone out: b, c and d are still held (step 5)")
        try inner.restore()
        #expect(
            sentNames(inner) == ["a", "b", "c", "d"],
            "When it is back, the rest go out, in order, none lost and none twice (step 5)")
        #expect(holding.heldCount == 0, "Nothing stays held (step 5)")
    }

    @Test("A send made when the mid-delivery drop is heard waits behind the sends still held")
    func sendOnDropQueuesBehind() throws {
        let inner = try offlineTransport()
        let real = ScriptedTransport(inner, script: .init(dropOnCall: 2))
        let holding = HoldingTransport(wrapping: real)
        for name in ["a", "b", "c"] { try holding.send(try Event(name)) }
        // A status handler that calls back in: it sends as soon as it hears of the drop, which
        // happens inside the real transport's send of b.
        holding.onStatusChange { [weak holding] status in
            if status == .disconnected { try? holding?.send(Event("away")) }
        }
        holding.connect()
        try inner.accept()
        try inner.restore()
        #expect(
            sentNames(inner) == ["a", "b", "c", "away"],
            "The held sends stay first in line; taking them out before sending lets the new one jump the queue (step 5)"
        )
    }

    @Test("A send made while held sends are going out waits its turn")
    func sendDuringDeliveryWaits() throws {
        let inner = try offlineTransport()
        let real = ScriptedTransport(inner)
        let holding = HoldingTransport(wrapping: real)
        for name in ["a", "b", "c"] { try holding.send(try Event(name)) }
        let heldWhileSending = Recorder<Int>()
        // A hook inside the real send that calls back in: while a goes out, it reads the hold and
        // sends another event.
        real.whileSending { [weak holding] event in
            guard event.name.rawValue == "a", let holding else { return }
            heldWhileSending.record(holding.heldCount)
            try? holding.send(Event("away"))
        }
        holding.connect()
        try inner.accept()
        #expect(
            heldWhileSending.all == [3],
            "While a is being sent it is still held: a send leaves the hold only once it has gone out (step 5)"
        )
        #expect(
            sentNames(inner) == ["a", "b", "c", "away"],
            "A send made during the delivery goes after the held ones, not before (step 5)")
    }

    @Test("A held send refused for good on delivery is reported with its error, and the rest go on")
    func refusedForGoodIsReported() throws {
        let inner = try offlineTransport()
        let real = ScriptedTransport(inner, script: .init(refused: ["secret"]))
        let holding = HoldingTransport(wrapping: real)
        for name in ["a", "secret", "b"] { try holding.send(try Event(name)) }
        holding.connect()
        try inner.accept()
        #expect(sentNames(inner) == ["a", "b"], "Only notConnected means later: the rest go out (step 5)")
        #expect(
            holding.undeliverable.map(\.event.name.rawValue) == ["secret"],
            "The refused send is reported, not lost and not retried forever (step 5)")
        #expect(
            holding.undeliverable.map { $0.error as? Refused } == [Refused(event: "secret")],
            "With the real transport's error, unchanged (step 5)")
        #expect(holding.heldCount == 0, "It no longer waits (step 5)")
        #expect(
            throws: Refused(event: "secret"),
            "Connected, a refusal comes back to the caller unchanged, not reported later (step 5)"
        ) {
            try holding.send(try Event("secret"))
        }
        #expect(
            holding.undeliverable.count == 1, "A refusal thrown to the caller is not also reported (step 5)")
    }

    @Test("Protection in front of the holding transport refuses a guest at once, even offline")
    func protectionOutside() throws {
        let real = try offlineTransport()
        let holding = HoldingTransport(wrapping: real)
        let proxy = ProtectionProxy(wrapping: holding, user: guest)
        #expect(
            throws: SendForbidden(event: try EventName("message"), user: "guest"),
            "The guest is refused at once, before anything is held (step 5)"
        ) {
            try proxy.send(try Event("message"))
        }
        #expect(holding.heldCount == 0, "Nothing was held for later (step 5)")
    }

    @Test("The holding transport in front of protection holds a guest's send, then reports it undeliverable")
    func holdingOutside() throws {
        let real = try offlineTransport()
        let holding = HoldingTransport(wrapping: ProtectionProxy(wrapping: real, user: guest))
        try holding.send(try Event("message"))
        #expect(holding.heldCount == 1, "Offline, the send is held: the wrapper can't know yet (step 5)")
        holding.connect()
        try real.accept()
        #expect(
            real.sentEvents.isEmpty, "On connect, protection refuses it: nothing reaches the server (step 5)")
        #expect(
            holding.undeliverable.map { $0.error as? SendForbidden } == [
                SendForbidden(event: try EventName("message"), user: "guest")
            ],
            "The refusal is reported with the protection proxy's error (step 5)")
        #expect(holding.heldCount == 0, "It no longer waits (step 5)")
    }

    @Test(
        "Random sequences of sends, connects, drops (inside a send too), restores and refusals follow the rules"
    )
    func followsTheModel() async throws {
        let check = ModelCheck<HoldingOperation>(
            rule: "5 (the holding transport)", sequences: 500,
            length: 1...16
        ) { random in
            HoldingOperation.random(using: &random)
        }
        let failure = try await check.run { operations in try HoldingModel.replay(operations) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
        try expectNoEscapeHatches(step: 5)
    }
}
