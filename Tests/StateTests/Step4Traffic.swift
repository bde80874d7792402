import Foundation
import KataTestSupport
import MessagingKit
import State
import Testing

@Suite(
    "State · Step 4 — Each state lets traffic through or refuses it", .tags(.messaging),
    .noEscapeHatches("State", rule: "1.2"))
struct Step4Traffic {
    enum Traffic: String, CaseIterable, CustomStringConvertible {
        case send, request, onEvent
        var description: String { rawValue }
        var operation: ConnectionOperation {
            switch self {
            case .send: .send
            case .request: .request
            case .onEvent: .onEvent
            }
        }
        func isAllowed(in state: ConnectionState) -> Bool {
            switch self {
            case .send, .request: state == .connected
            case .onEvent: state != .released
            }
        }
    }

    @Test(
        "Each state lets send, request and onEvent through or refuses them as the table says; a refusal names the state and changes nothing [4.1]",
        arguments: ConnectionState.allCases, Traffic.allCases)
    func trafficTable(state: ConnectionState, traffic: Traffic) throws {
        let (puppet, connection, heard) = try puppetLifecycle(in: state)
        // The socket says connected before its report arrives: only the state decides.
        if state != .released { puppet.become(.connected) }
        let before = puppet.calls.count
        let ping = try Event("ping")
        let replies = Recorder<Event>()
        let outcome = Result { () throws in
            switch traffic {
            case .send: try connection.send(ping)
            case .request: try connection.request(ping, onReply: replies.record)
            case .onEvent: try connection.onEvent(ping.name, perform: replies.record)
            }
        }
        if traffic.isAllowed(in: state) {
            #expect(throws: Never.self, "\(traffic) is allowed in \(state)") { try outcome.get() }
            #expect(
                callsSince(before, on: puppet) == (traffic == .onEvent ? [] : [.send("ping")]),
                "An allowed \(traffic) goes out through the owned connection, once")
        } else {
            #expect(
                throws: LifecycleError.operationRefused(traffic.operation, in: state),
                "\(traffic) is refused in \(state), in its own words"
            ) { try outcome.get() }
            #expect(callsSince(before, on: puppet).isEmpty, "A refused \(traffic) sends nothing")
        }
        #expect(connection.state == state, "Traffic never moves the lifecycle")
        #expect(heard.all.isEmpty, "Nobody hears of traffic")

        guard state != .released else { return }
        // Bring it to connected and let the server send a ping: only an allowed request or
        // subscription hears it.
        if state != .connected {
            if state == .disconnected || state == .reconnecting { try? connection.disconnect() }
            try connection.connect()
            puppet.report(.connected)
        }
        puppet.deliver(ping)
        #expect(
            replies.all == (traffic.isAllowed(in: state) && traffic != .send ? [ping] : []),
            traffic == .send
                ? "A send waits for nothing"
                : "A refused \(traffic) waits for nothing, even after the connection is back; an allowed one hears the ping"
        )
    }

    @Test(
        "A refused request doesn't wait: after the reconnect, the reply goes to the request really sent [4.1, 4.3]"
    )
    func refusedRequestDoesNotTakeTheReply() throws {
        let harness = try Harness.lived(.disconnected)
        let ping = try Event("ping")
        let refused = Recorder<Event>()
        let sent = Recorder<Event>()
        #expect(throws: LifecycleError.operationRefused(.request, in: .disconnected)) {
            try harness.connection.request(ping, onReply: refused.record)
        }
        try harness.connection.connect()
        try harness.transport.accept()
        try harness.connection.request(ping, onReply: sent.record)
        try harness.transport.deliver(ping)
        #expect(refused.all.isEmpty)
        #expect(sent.all == [ping])
    }

    @Test(
        "When the owned connection fails a send, its error reaches the caller unchanged; nothing moves, and a failed request waits for nothing [4.2]"
    )
    func failedSends() throws {
        let (puppet, connection, heard) = try puppetLifecycle(in: .connected)
        let ping = try Event("ping")
        puppet.onCall { call in if call == .send("ping") { throw SocketFault() } }
        #expect(throws: SocketFault.self) { try connection.send(ping) }
        let failed = Recorder<Event>()
        #expect(throws: SocketFault.self) { try connection.request(ping, onReply: failed.record) }
        #expect(connection.state == .connected)
        #expect(heard.all.isEmpty)

        puppet.onCall { _ in }
        let next = Recorder<Event>()
        try connection.request(ping, onReply: next.record)
        puppet.deliver(ping)
        #expect(failed.all.isEmpty, "The failed request doesn't wait")
        #expect(next.all == [ping], "The reply goes to the request that went out")

        // The socket dropped, and hasn't said so yet: the state (connected) decides, and the
        // socket's own refusal reaches the caller.
        puppet.become(.disconnected)
        puppet.onCall { call in
            if call == .send("ping") { throw TransportError.notConnected(.disconnected) }
        }
        #expect(
            throws: TransportError.notConnected(.disconnected),
            "The socket's error, not a refusal of the lifecycle's"
        ) {
            try connection.send(ping)
        }
    }

    @Test(
        "Requests of one name hear replies in the order sent, one event each, a reply during the send too; an event nobody waits for answers nobody [4.3]"
    )
    func replies() throws {
        let (puppet, connection, _) = try puppetLifecycle(in: .connected)
        let ping = try Event("ping")
        let pong = try Event("pong")
        let heard = Recorder<String>()
        puppet.deliver(ping)  // nobody waits yet
        try connection.request(ping) { heard.record("first \($0.payload["n"] ?? "")") }
        try connection.request(pong) { _ in heard.record("pong") }
        try connection.request(ping) { heard.record("second \($0.payload["n"] ?? "")") }
        puppet.deliver(try Event("ping", payload: ["n": "1"]))
        puppet.deliver(try Event("ping", payload: ["n": "2"]))
        puppet.deliver(try Event("ping", payload: ["n": "3"]))
        #expect(heard.all == ["first 1", "second 2"], "One event each, in order; the third answers nobody")

        // The server answers before the send returns.
        puppet.onCall { call in if call == .send("quick") { puppet.deliver(try Event("quick")) } }
        let quick = Recorder<Event>()
        try connection.request(try Event("quick"), onReply: quick.record)
        #expect(quick.all.count == 1, "A reply during the send still counts")

        // A reply handler may call back in.
        puppet.onCall { _ in }
        try connection.request(ping) { _ in
            try? connection.send(pong)
            heard.record("state \(connection.state)")
        }
        puppet.deliver(ping)
        #expect(heard.all.last == "state connected")
        #expect(puppet.calls.last == .send("pong"), "A reply handler may send")
    }

    @Test(
        "An event of a waiting request's name is its reply, and every subscription of that name hears it too [4.3, 4.4]"
    )
    func replyAndSubscriptionsBothHear() throws {
        let (puppet, connection, _) = try puppetLifecycle(in: .connected)
        let ping = try Event("ping")
        let heard = Recorder<String>()
        try connection.request(ping) { _ in heard.record("reply") }
        try connection.onEvent(ping.name) { _ in heard.record("named") }
        try connection.onEvent(ping.name) { _ in heard.record("named again") }
        puppet.deliver(ping)
        #expect(heard.all.sorted() == ["named", "named again", "reply"])
    }

    @Test(
        "A subscription hears the events of its name from before connecting, across drops, until cancelled [4.4]"
    )
    func subscriptions() throws {
        let harness = try Harness()
        let typing = try Event("typing")
        let heard = Recorder<Event>()
        let token = try harness.connection.onEvent(typing.name, perform: heard.record)
        try harness.connection.connect()
        try harness.transport.accept()
        try harness.transport.deliver(typing)
        try harness.transport.deliver(Message(room: "general", text: "hi").event)
        try harness.transport.drop()
        try harness.transport.restore()
        try harness.transport.deliver(typing)
        #expect(heard.all == [typing, typing], "Its own name only, before and after a drop")
        token.cancel()
        try harness.transport.deliver(typing)
        #expect(heard.all.count == 2, "Cancelled: it hears nothing more")
    }

    @Test(
        "Random lives of operations, server, network and library agree with the tables [2.1, 1.4, 3.1, 4.1, 4.3]"
    )
    func randomLives() async throws {
        let check = ModelCheck<LifecycleModel.Step>(
            sequences: LifecycleModel.sequences, length: LifecycleModel.length
        ) { random in LifecycleModel.Step.allCases.randomElement(using: &random)! }
        let failure = try await check.run { life in try LifecycleModel.disagreement(living: life) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
