import KataTestSupport
import MessagingKit
import State
import Testing

// As in step 2, the test plays the server, the network and the socket library: it needs none of
// step 4's operations.

@Suite("State · Step 3 — Observers hear every change", .tags(.messaging))
struct Step3Observers {
    @Test(
        "Observers hear what any owned Connection does; their tokens don't keep the lifecycle alive [3.1, 3.4, 2.5, 2.7]"
    )
    func anyOwnedConnectionObserved() throws {
        let recording = RecordingConnection(url: try chatURL().url)
        let changes = Recorder<ConnectionStateChange>()
        weak var freed: ManagedConnection?
        var token: ObservationToken?
        do {
            let connection = ManagedConnection(connection: recording)
            freed = connection
            token = connection.observe(changes.record)
            recording.connect()
            #expect(connection.state == .connected, "The owned connection connected: connected (rule 2.5)")
            recording.disconnect()
            #expect(
                connection.state == .disconnected,
                "The owned connection disconnected: disconnected (rule 2.5)")
        }
        #expect(
            changes.all == [
                ConnectionStateChange(from: .created, to: .connected),
                ConnectionStateChange(from: .connected, to: .disconnected),
            ],
            "Only the Connection protocol is needed to drive the lifecycle, whatever class is behind it: its observers hear each move (rules 2.5, 3.1)"
        )
        #expect(
            freed == nil,
            "Nobody holds the managed connection any more: it is freed, though its socket and its observer's token live on (rules 2.7, 3.4)"
        )
        recording.connect()
        token?.cancel()
        #expect(
            changes.all.count == 2,
            "A freed managed connection tells nobody anything, and its token's cancel does nothing (rule 3.4)"
        )
    }

    @Test(
        "A drop's report that comes after the restore's changes nothing: the socket is connected; no observer hears a thing [2.4, 3.1]"
    )
    func lateDropReportChangesNothing() throws {
        let socket = try LateReportingConnection()
        let connection = ManagedConnection(connection: socket)
        let changes = Recorder<ConnectionStateChange>()
        connection.observe(changes.record)
        socket.move(to: .connected)
        try #require(connection.state == .connected, "The socket connected: connected (rule 2.2)")

        socket.dropAndReturnReportedOutOfOrder()  // the drop's report arrives last, late
        #expect(
            connection.state == .connected,
            "A late report is judged by the owned connection's status now: connected, so still connected (rule 2.4)"
        )
        #expect(
            changes.all == [ConnectionStateChange(from: .created, to: .connected)],
            "The late report moved nothing, so no observer heard a change (rules 2.4, 3.1)")
    }

    @Test(
        "A report overtaken while it is handled settles on the newest status: never disconnected over a connected socket [3.5]"
    )
    func reportOvertakenWhileHandled() throws {
        let socket = try LateReportingConnection()
        let connection = ManagedConnection(connection: socket)
        socket.move(to: .connected)
        try #require(connection.state == .connected, "The socket connected: connected (rule 2.2)")

        socket.set(.disconnected)  // the network drops
        // Just as the drop's report reads the socket's status, the socket comes back and that
        // report is handled in full: as two threads reporting at once may interleave.
        socket.whenStatusIsNextRead {
            socket.move(to: .connected)
        }
        socket.report(.disconnected)
        #expect(
            connection.state == .connected,
            "Handling a report ends on the socket's status as it is by then, not as it was when read (rule 3.5)"
        )
    }

    @Test(
        "A connect's report that comes after the drop's changes nothing: the socket is disconnected; observers hear only real moves [2.4, 2.6, 3.1]"
    )
    func lateConnectReportChangesNothing() throws {
        let socket = try LateReportingConnection()
        let connection = ManagedConnection(connection: socket)
        let changes = Recorder<ConnectionStateChange>()
        connection.observe(changes.record)
        socket.connectAndDropReportingTheDropFirst()  // the connect's report is still held
        try #require(connection.state == .disconnected, "The socket is disconnected: disconnected (rule 2.2)")
        socket.report(.connected)  // the connect's, late
        #expect(
            connection.state == .disconnected,
            "A late report is judged by the owned connection's status now: disconnected, so still disconnected (rule 2.4)"
        )

        socket.move(to: .connected)
        #expect(
            changes.all == [
                ConnectionStateChange(from: .created, to: .disconnected),
                ConnectionStateChange(from: .disconnected, to: .reconnecting),
                ConnectionStateChange(from: .reconnecting, to: .connected),
            ],
            "The late report moved nothing; the socket's real connect later did, through reconnecting (rules 2.4, 2.6)"
        )
    }

    @Test(
        "An idle or connecting report tells no observer, from created, connected or disconnected [2.3, 3.1]",
        arguments: [ConnectionState.created, .connected, .disconnected])
    func idleAndConnectingChangeNothing(from state: ConnectionState) throws {
        for report in [TransportStatus.idle, .connecting] {
            let (socket, connection) = try lifecycle(broughtTo: state)
            let changes = Recorder<ConnectionStateChange>()
            connection.observe(changes.record)
            // A library that resets its socket to idle, or starts connecting it again.
            socket.set(report)
            socket.report(report)
            #expect(
                connection.state == state && changes.all.isEmpty,
                "A socket that reports \(report) is neither connected nor dropped: \(state) stays \(state), and no observer hears a change (rules 2.3, 3.1)"
            )
        }
    }

    @Test(
        "A status that changes twice while it is handled: the lifecycle follows it to the last one [3.5, 3.1]"
    )
    func statusChangedTwiceWhileHandled() throws {
        let socket = try LateReportingConnection()
        let connection = ManagedConnection(connection: socket)
        socket.move(to: .connected)
        try #require(connection.state == .connected, "The socket connected: connected (rule 2.2)")

        // While each move is told, the socket changes again, and its reports are held back (as
        // another thread's would be): back up after the drop, and down again once reconnected.
        let changes = Recorder<ConnectionStateChange>()
        connection.observe { change in
            changes.record(change)
            switch changes.all.count {
            case 1: socket.set(.connected)
            case 3: socket.set(.disconnected)
            default: break
            }
        }
        socket.move(to: .disconnected)
        #expect(
            changes.all == [
                ConnectionStateChange(from: .connected, to: .disconnected),
                ConnectionStateChange(from: .disconnected, to: .reconnecting),
                ConnectionStateChange(from: .reconnecting, to: .connected),
                ConnectionStateChange(from: .connected, to: .disconnected),
            ],
            "After each act it looks again, until the socket's status holds still: down, up, down (rules 3.5, 3.1)"
        )
        #expect(
            connection.state == .disconnected,
            "Handling the one report ends on the socket's last status, however often it changed meanwhile (rule 3.5)"
        )
    }

    @Test(
        "A first attempt that fails, then a retry: observers hear each move, through reconnecting [2.2, 2.6, 3.1]"
    )
    func failedFirstAttemptObserved() throws {
        let harness = try Harness()
        let changes = Recorder<ConnectionStateChange>()
        harness.connection.observe(changes.record)
        harness.transport.connect()
        harness.transport.disconnect()
        #expect(
            harness.connection.state == .disconnected,
            "The socket disconnected before it ever connected: created → disconnected (rule 2.2)")
        harness.transport.connect()
        try harness.transport.accept()
        #expect(harness.connection.state == .connected, "The library retried and connected (rule 2.2)")
        #expect(
            changes.all == [
                ConnectionStateChange(from: .created, to: .disconnected),
                ConnectionStateChange(from: .disconnected, to: .reconnecting),
                ConnectionStateChange(from: .reconnecting, to: .connected),
            ],
            "From disconnected, the socket's connected passes through reconnecting: no shortcut, and observers hear both moves (rules 2.6, 3.1)"
        )
    }

    @Test("Observers hear every change exactly once, in order [3.1, 1.3]")
    func observersHearEveryChange() throws {
        let hatches = try EscapeHatches.findings(inPattern: "State")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 3)) (rule 1.3)")
        let harness = try Harness()
        let first = Recorder<ConnectionStateChange>()
        let second = Recorder<ConnectionStateChange>()
        harness.connection.observe(first.record)
        harness.connection.observe(second.record)

        harness.transport.connect()
        try harness.transport.accept()
        try harness.transport.drop()
        try harness.transport.restore()
        harness.transport.disconnect()

        let expected = [
            ConnectionStateChange(from: .created, to: .connected),
            ConnectionStateChange(from: .connected, to: .disconnected),
            ConnectionStateChange(from: .disconnected, to: .reconnecting),
            ConnectionStateChange(from: .reconnecting, to: .connected),
            ConnectionStateChange(from: .connected, to: .disconnected),
        ]
        #expect(first.all == expected, "Each change once, in order, for every observer (rule 3.1)")
        #expect(second.all == expected, "…the second observer too (rule 3.1)")
    }

    @Test("A cancelled observer hears nothing more; the others, and one added after, still do [3.1, 3.2]")
    func cancelledObserverStops() throws {
        let harness = try Harness()
        let leaving = Recorder<ConnectionStateChange>()
        let staying = Recorder<ConnectionStateChange>()
        let joining = Recorder<ConnectionStateChange>()
        let token = harness.connection.observe(leaving.record)
        harness.connection.observe(staying.record)
        harness.transport.connect()
        try harness.transport.accept()
        token.cancel()
        token.cancel()
        // Added after a cancel: it must not take the place of an observer still there.
        harness.connection.observe(joining.record)
        try harness.transport.drop()
        #expect(
            leaving.all == [ConnectionStateChange(from: .created, to: .connected)],
            "After cancel(), the observer hears nothing more (rule 3.2)")
        #expect(staying.all.count == 2, "The other observer hears both changes (rule 3.2)")
        #expect(
            joining.all == [ConnectionStateChange(from: .connected, to: .disconnected)],
            "An observer added after a cancel hears the changes from then on (rule 3.1)")
        #expect(
            staying.all.last == ConnectionStateChange(from: .connected, to: .disconnected),
            "…beside the one added before it, which still hears: every observer hears every change (rule 3.1)"
        )
    }

    @Test("Cancelling the first, then the third of four observers stops those two, and only those [3.2]")
    func cancellingInAnyOrderStopsTheRightOnes() throws {
        let recording = RecordingConnection(url: try chatURL().url)
        let connection = ManagedConnection(connection: recording)
        let heard = (0..<4).map { _ in Recorder<ConnectionStateChange>() }
        let tokens = heard.map { connection.observe($0.record) }
        tokens[0].cancel()
        tokens[2].cancel()  // once another is gone, it is no longer where it was added
        recording.connect()
        #expect(
            heard.map(\.all.count) == [0, 1, 0, 1],
            "The first and third observers, cancelled, hear nothing; the second and fourth hear the change (rule 3.2)"
        )
        tokens[1].cancel()
        recording.disconnect()
        #expect(
            heard.map(\.all.count) == [0, 1, 0, 2],
            "Then the second, cancelled, hears no more; the fourth hears on (rule 3.2)")
    }

    @Test(
        "Random observes and cancels: every observer hears exactly the changes between its start and its cancel [2.2, 3.1, 3.2]"
    )
    func randomObservesAndCancels() async throws {
        let check = ModelCheck<ObserverStep>(
            rule: "2.2, 3.1, 3.2 (observers and their tokens)", sequences: 200, length: 1...16
        ) { random in ObserverStep.random(using: &random) }
        let failure = try await check.run { steps in try ObserverStep.disagreement(living: steps) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "") (rules 2.2, 3.1, 3.2)")
    }

    @Test("An observer may read the connection from inside its callback, and sees the new state [3.3]")
    func observerReadsTheState() throws {
        let harness = try Harness()
        let seen = Recorder<ConnectionState>()
        let heard = Recorder<ConnectionStateChange>()
        // This observer calls back into the connection while the connection is telling its
        // observers. A connection that still holds its lock then stops the run ("Recursive call
        // to lock Mutex" on Linux): that crash is this test failing.
        harness.connection.observe { [weak connection = harness.connection] change in
            heard.record(change)
            if let state = connection?.state { seen.record(state) }
        }
        harness.transport.connect()
        try harness.transport.accept()
        try harness.transport.drop()
        #expect(heard.all.count == 2, "The observer heard both changes (rule 3.3)")
        #expect(
            seen.all == heard.all.map(\.to),
            "Inside the callback, the connection already is in the state the change names (rule 3.3)")
    }
}

/// One step of the observers' model check: add an observer, cancel the token of the n-th one
/// added (again, if it was cancelled already), or let the owned connection change the state.
enum ObserverStep: CustomStringConvertible, Sendable {
    case observe
    case cancel(Int)
    case change

    var description: String {
        switch self {
        case .observe: "observe"
        case .cancel(let index): "cancel the token of observer \(index)"
        case .change: "the owned connection connects or disconnects"
        }
    }

    static func random(using random: inout SeededGenerator) -> ObserverStep {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: .observe
        case 1: .cancel(Int.random(in: 0..<8, using: &random))
        default: .change
        }
    }

    /// The model: observer `i` hears the changes from the one after it was added up to its
    /// cancel, as a witness that is never cancelled heard them.
    static func disagreement(living steps: [ObserverStep]) throws -> Discrepancy? {
        let recording = RecordingConnection(url: try chatURL().url)
        let connection = ManagedConnection(connection: recording)
        let witness = Recorder<ConnectionStateChange>()
        connection.observe(witness.record)
        var observers:
            [(heard: Recorder<ConnectionStateChange>, token: ObservationToken, from: Int, to: Int?)] = []
        for (index, step) in steps.enumerated() {
            switch step {
            case .observe:
                let heard = Recorder<ConnectionStateChange>()
                observers.append((heard, connection.observe(heard.record), witness.all.count, nil))
            case .cancel(let which):
                guard observers.indices.contains(which) else { continue }
                observers[which].token.cancel()
                if observers[which].to == nil { observers[which].to = witness.all.count }
            case .change:
                let before = witness.all.count
                if recording.status == .connected { recording.disconnect() } else { recording.connect() }
                if witness.all.count == before {
                    return Discrepancy(
                        after: index,
                        "the owned connection went \(recording.status) and the lifecycle didn't move (rule 2.2)"
                    )
                }
            }
            let changes = witness.all
            for (number, observer) in observers.enumerated() {
                let expected = Array(changes[observer.from..<(observer.to ?? changes.count)])
                if observer.heard.all != expected {
                    return Discrepancy(
                        after: index,
                        "observer \(number) heard \(observer.heard.all), expected \(expected) (rules 3.1, 3.2)"
                    )
                }
            }
        }
        return nil
    }
}
