import Command
import Foundation
import KataTestSupport
import MessagingKit
import Synchronization
import Testing

@Suite("Command · Step 2 — Nothing is lost, nothing overflows", .tags(.messaging))
struct Step2NothingLost {
    @Test(
        "If the connection drops during the replay, what wasn't delivered stays, in order, for the next one [2.1, 2.2]"
    )
    func dropDuringReplayLosesNothing() throws {
        let transport = try CuttingTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        for name in ["a", "b", "c", "d"] { try outbox.send(name) }
        transport.cut(after: 2)
        transport.connect()
        try transport.inner.accept()
        #expect(
            sentNames(transport) == ["a", "b"], "The replay got two out before the network went (rule 2.1)")
        #expect(outbox.pendingCount == 2, "The two not delivered still wait: nothing is wiped (rule 2.1)")

        try transport.reportDrop()
        try outbox.send("e")
        try transport.restore()
        #expect(
            sentNames(transport) == ["a", "b", "c", "d", "e"],
            "On the next connection, the rest go out in their order, then the newer ones (rule 2.2)")
        #expect(outbox.pendingCount == 0, "Everything was delivered once (rule 2.2)")
    }

    @Test(
        "If the connection drops and comes back while a command runs, the outbox looks again: nothing stalls [2.3, 2.5, 2.6]"
    )
    func backWhileRunningDoesNotStall() throws {
        let line = try ScriptedConnection()
        let outbox = try OfflineOutbox(connection: line)
        for name in ["a", "b", "c"] { try outbox.send(name) }
        line.onNextSend(of: "b") {
            line.inner.disconnect()  // the network goes, and everyone hears it…
            line.inner.connect()  // …it comes back, and says connected while b still runs…
            throw TransportError.notConnected(.disconnected)  // …and b's send had failed
        }
        line.inner.connect()
        #expect(
            sentNames(line) == ["a", "b", "c"],
            "A connected report that comes while a command runs is not lost: the runner looks again, so b and c go out now (rules 2.3, 2.5)"
        )
        #expect(
            outbox.pendingCount == 0, "Connected, with nothing left waiting for the next connect (rule 2.5)")

        line.onNextSend(of: "d") {
            line.inner.disconnect()
            line.inner.connect()
            throw TransportError.notConnected(.disconnected)
        }
        try outbox.send("d")
        #expect(
            sentNames(line) == ["a", "b", "c", "d"],
            "The same holds for a send run at once, outside a replay (rules 2.3, 2.5)")
        #expect(outbox.pendingCount == 0, "Nothing waits while connected (rule 2.5)")

        line.inner.disconnect()
        for name in ["e", "f", "g"] { try outbox.send(name) }
        line.onNextSend(of: "e") {
            line.inner.disconnect()  // the network goes while e is being sent…
            line.inner.connect()  // …and comes back before it is sent: e goes out
        }
        line.refuse("f", with: SendForbidden(event: try EventName("f"), user: "guest"))
        line.inner.connect()
        #expect(
            sentNames(line) == ["a", "b", "c", "d", "e", "g"],
            "f was refused while connected, with no drop during its own send: it leaves, and g goes out (rule 2.6)"
        )
        #expect(
            outbox.pendingCount == 0,
            "A drop during e's send, earlier in the same replay, doesn't make f's refusal look like a drop (rules 2.6, 2.5)"
        )
        #expect(line.attempts(of: "f") == 1, "f was tried once (rule 2.6)")
    }

    @Test(
        "A send that throws while still connected is refused for good and the rest go on; one that throws when not connected stays; whatever the error [2.1, 2.4, 2.6]",
        arguments: [
            SendForbidden(event: try EventName("b"), user: "guest"),
            TransportError.notConnected(.disconnected),
            TransportError.notConnected(.idle), TransportError.notAllowed(action: "send", status: .connected),
            LifecycleError.operationRefused(.send, in: .reconnecting),
            LifecycleError.transitionRefused(from: .connected, to: .released),
            NetworkGone(),
        ] as [any Error]
    )
    func refusedForGoodOrNotNow(error: any Error) throws {
        let hatches = try EscapeHatches.findings(inPattern: "Command")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 2))")
        let line = try ScriptedConnection()
        let outbox = try OfflineOutbox(connection: line)
        line.refuse("b", with: error)
        for name in ["a", "b", "c"] { try outbox.send(name) }
        line.inner.connect()
        #expect(
            sentNames(line) == ["a", "c"],
            "A send that throws \(error) while the connection still says connected is refused for good: it leaves, and the replay goes on with the next (rules 2.4, 2.6)"
        )
        #expect(
            outbox.pendingCount == 0,
            "A command refused with \(error) doesn't stay at the head of the buffer: the outbox decides by the status, not the error's type (rules 2.4, 2.6)"
        )
        #expect(line.attempts(of: "b") == 1, "A refused command is tried once, never again (rule 2.6)")
        try outbox.send("b")
        try outbox.send("d")
        #expect(
            sentNames(line) == ["a", "c", "d"],
            "While connected, a send refused with \(error) doesn't hold up the next one (rules 2.4, 2.6)")
        #expect(line.attempts(of: "b") == 2, "Each refused command was tried once (rule 2.6)")

        line.onNextSend(of: "e") {
            line.inner.disconnect()
            throw error
        }
        try outbox.send("e")
        try outbox.send("f")
        #expect(
            outbox.pendingCount == 2,
            "A send that throws \(error) when the connection no longer says connected is kept, and so is what comes after it (rules 2.1, 2.4)"
        )
        #expect(line.attempts(of: "e") == 1, "The kept command was tried once while down (rule 2.1)")
        line.inner.connect()
        #expect(
            sentNames(line) == ["a", "c", "d", "e", "f"],
            "What was kept goes out on the next connect, in order (rule 2.2)")
        #expect(line.attempts(of: "e") == 2, "It went out on its second try, once (rules 2.1, 2.2)")
    }

    @Test("A command added while the buffer replays goes after the ones still waiting [2.7]")
    func addedDuringReplayGoesLast() throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        try outbox.send("a")
        try outbox.enqueue(FollowUpCommand(first: try event("b")) { _ = try? outbox.send("later") })
        try outbox.send("c")
        transport.connect()
        try transport.accept()
        #expect(
            sentNames(transport) == ["a", "b", "c", "later"],
            "While older commands wait, a new one queues behind them, even when connected (rule 2.7)")
        #expect(outbox.pendingCount == 0, "Everything went out (rule 2.7)")
    }

    @Test("Exactly at capacity is accepted; one past it is refused, and nothing is dropped [2.8]")
    func capacityBoundary() throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport), capacity: 3)
        for name in ["a", "b", "c"] { try outbox.send(name) }
        #expect(outbox.pendingCount == 3, "Three fit in a buffer of capacity 3 (rule 2.8)")
        #expect(
            throws: OutboxError.full(capacity: 3),
            "The fourth is refused with an error, never dropped quietly (rule 2.8)"
        ) {
            try outbox.send("d")
        }
        #expect(
            throws: OutboxError.full(capacity: 3), "A command enqueued when full is refused too (rule 2.8)"
        ) {
            try outbox.enqueue(MarkReadCommand(log: RunLog()))
        }
        transport.connect()
        try transport.accept()
        #expect(
            sentNames(transport) == ["a", "b", "c"],
            "What was accepted is delivered, and nothing else (rule 2.8)")
    }

    @Test("Unless given, the capacity is 100: the 100th command is accepted, the 101st refused [2.8]")
    func defaultCapacityIs100() throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        #expect(outbox.capacity == 100, "An outbox made without a capacity holds 100 commands (rule 2.8)")
        for number in 1...100 { try outbox.send("m\(number)") }
        #expect(outbox.pendingCount == 100, "The 100th command is accepted (rule 2.8)")
        #expect(throws: OutboxError.full(capacity: 100), "The 101st is refused (rule 2.8)") {
            try outbox.send("m101")
        }
        transport.connect()
        try transport.accept()
        #expect(
            sentNames(transport) == (1...100).map { "m\($0)" },
            "The hundred accepted go out, in order, and nothing else (rule 2.8)")
    }

    @Test(
        "Capacity counts only what waits: sends while connected don't fill it, and a replay makes room [2.9]")
    func capacityCountsWaitingOnly() throws {
        let transport = try onlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport), capacity: 2)
        for name in ["a", "b", "c"] { try outbox.send(name) }
        #expect(
            sentNames(transport) == ["a", "b", "c"], "Three sends while connected, with capacity 2 (rule 2.9)"
        )

        try transport.drop()
        try outbox.send("d")
        try outbox.send("e")
        #expect(throws: OutboxError.full(capacity: 2), "Offline, the third is one past capacity 2 (rule 2.9)")
        {
            try outbox.send("f")
        }
        try transport.restore()
        try transport.drop()
        try outbox.send("g")
        try outbox.send("h")
        #expect(outbox.pendingCount == 2, "After the replay the buffer has room for 2 again (rule 2.9)")
    }

    @Test("An outbox holds at least one command: capacity 1 works, 0 and below are refused [2.10]")
    func capacityMustBePositive() throws {
        #expect(throws: OutboxError.invalidCapacity(0), "Capacity 0 is refused (rule 2.10)") {
            _ = try OfflineOutbox(connection: connection(over: try offlineTransport()), capacity: 0)
        }
        #expect(throws: OutboxError.invalidCapacity(-1), "A negative capacity is refused (rule 2.10)") {
            _ = try OfflineOutbox(connection: connection(over: try offlineTransport()), capacity: -1)
        }
        let outbox = try OfflineOutbox(connection: connection(over: try offlineTransport()), capacity: 1)
        try outbox.send("a")
        #expect(throws: OutboxError.full(capacity: 1), "Capacity 1 holds one command (rule 2.10)") {
            try outbox.send("b")
        }
    }
}

/// A connection whose drop lands in the narrowest window: it is reported right after the outbox
/// reads `.connected`, before the command runs; the send then fails, and the connection comes
/// back during that send.
private final class DropAfterTheLook: Connection {
    private struct State {
        var status = TransportStatus.connected
        var armed = false
        var statusHandlers: [@Sendable (TransportStatus) -> Void] = []
        var sent: [Event] = []
    }

    let id = UUID()
    let url = URL(filePath: "/chat")
    private let state = Mutex(State())

    /// From now on, the next status read sets off the drop.
    func arm() { state.withLock { $0.armed = true } }
    var sent: [Event] { state.withLock { $0.sent } }

    var status: TransportStatus {
        let (status, dropNow) = state.withLock { state in
            defer { state.armed = false }
            return (state.status, state.armed)
        }
        if dropNow { move(to: .disconnected) }
        return status
    }

    func connect() {}
    func disconnect() {}
    func release() {}
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken { ObservationToken {} }
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        state.withLock { $0.statusHandlers.append(handler) }
        return ObservationToken {}
    }

    func send(_ event: Event) throws {
        let current = state.withLock { $0.status }
        if current != .connected {
            move(to: .connected)  // Back already, while the failing send is under way.
            throw TransportError.notConnected(current)
        }
        state.withLock { $0.sent.append(event) }
    }

    private func move(to status: TransportStatus) {
        let handlers = state.withLock { state in
            state.status = status
            return state.statusHandlers
        }
        for handler in handlers { handler(status) }
    }
}

extension Step2NothingLost {
    @Test(
        "A drop reported just after the outbox saw the connection up still counts: the command is kept, then sent [2.3]"
    )
    func dropRightAfterTheLook() throws {
        let connection = DropAfterTheLook()
        let outbox = try OfflineOutbox(connection: connection)
        connection.arm()
        _ = try outbox.send("typing")
        #expect(
            connection.sent.map(\.name.rawValue) + (0..<outbox.pendingCount).map { _ in "kept" } == [
                "typing"
            ],
            "The send the drop failed is neither lost nor taken for a refusal (rule 2.3)")
    }
}

extension Step2NothingLost {
    @Test(
        "Random sequences of sends, connects, drops and faulty sends agree with the brief's outbox [1.2, 1.3, 1.4, 1.5, 2.1, 2.2, 2.3, 2.5, 2.6, 2.7, 2.8, 2.9]"
    )
    func randomSequencesAgreeWithTheModel() async throws {
        let check = ModelCheck<OutboxModel.Operation>(
            rule: "1.4, 2.1–2.3, 2.5–2.9 (a buffer over a connection that fails)", sequences: 200,
            length: 1...16
        ) { random in OutboxModel.operation(.withoutCancels, using: &random) }
        let failure = try await check.run { operations in try OutboxRig.disagreement(operations) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}

extension Step2NothingLost {
    @Test(
        "A connection that says connecting and then connected again while a send fails dropped all the same: the command is kept, then sent [2.3]"
    )
    func reconnectingOnItsOwnIsADrop() throws {
        let line = try ScriptedConnection()
        line.inner.connect()
        let outbox = try OfflineOutbox(connection: line)
        line.onNextSend(of: "typing") {
            line.reconnectOnItsOwn()  // connected, connecting, connected: the server went for a moment…
            throw TransportError.notConnected(.connecting)  // …and this send failed meanwhile
        }
        try outbox.send("typing")
        #expect(
            line.attempts(of: "typing") == 2 && sentNames(line) == ["typing"],
            "Any status but connected, reported while the command ran, is a drop: the command is kept and sent again, not taken for a refusal (rule 2.3)"
        )
        #expect(outbox.pendingCount == 0, "Once sent, it left the buffer (rule 2.3)")
    }
}
