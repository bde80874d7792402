import KataTestSupport
import MessagingKit
import State
import Testing

/// One cell of the operations table: in `state`, `operation` is allowed (and leaves the
/// connection in `after`) or refused (`after` is nil).
struct OperationRule: Sendable, CustomTestStringConvertible {
    let state: ConnectionState
    let operation: ConnectionOperation
    let after: ConnectionState?

    var testDescription: String { "\(operation) in \(state)" }
}

/// The whole table: five states × six operations.
let operationsTable: [OperationRule] = {
    let allowed: [ConnectionState: [ConnectionOperation: ConnectionState]] = [
        .created: [.connect: .created, .onEvent: .created],
        .connected: [
            .disconnect: .disconnected, .send: .connected, .request: .connected, .onEvent: .connected,
        ],
        .disconnected: [.connect: .reconnecting, .release: .released, .onEvent: .disconnected],
        .reconnecting: [.disconnect: .disconnected, .onEvent: .reconnecting],
        .released: [:],
    ]
    return ConnectionState.allCases.flatMap { state in
        ConnectionOperation.allCases.map {
            OperationRule(state: state, operation: $0, after: allowed[state]?[$0])
        }
    }
}()

@Suite("State · Step 3 — Each state decides its operations", .tags(.messaging))
struct Step3Operations {
    @Test(
        "Every operation in every state is allowed or refused, as the table says [3.1, 3.2, 3.3]",
        arguments: operationsTable)
    func wholeTable(rule: OperationRule) throws {
        let harness = try Harness.lived(rule.state)
        let connection = harness.connection
        let transport = harness.transport
        let changes = Recorder<ConnectionStateChange>()
        connection.observe(changes.record)
        let perform: () throws -> Void = {
            let hello = Message(room: "general", text: "hello").event
            switch rule.operation {
            case .connect: try connection.connect()
            case .disconnect: try connection.disconnect()
            case .release: try connection.release()
            case .send: try connection.send(hello)
            case .request: try connection.request(hello) { _ in }
            case .onEvent: try connection.onEvent(hello.name) { _ in }
            }
        }
        if let after = rule.after {
            try perform()
            #expect(
                connection.state == after,
                "\(rule.testDescription) is allowed and leaves it \(after) (rules 3.1, 3.2)")
        } else {
            let status = transport.status
            let sent = transport.sentEvents
            #expect(
                throws: LifecycleError.operationRefused(rule.operation, in: rule.state),
                "\(rule.testDescription) is refused, with an error naming this state and operation (rule 3.1)"
            ) {
                try perform()
            }
            #expect(
                connection.state == rule.state, "A refused operation leaves the state as it was (rule 3.3)")
            #expect(changes.all.isEmpty, "A refused operation tells no observer (rule 3.3)")
            #expect(
                transport.status == status && transport.sentEvents == sent,
                "A refused operation leaves the connection it owns alone (rule 3.3)")
        }
    }

    @Test("The operations reach the connection it owns: connecting, sending, closing [3.2, 3.5, 1.3]")
    func operationsDriveTheOwnedConnection() throws {
        let hatches = try EscapeHatches.findings(inPattern: "State")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 3)) (rule 1.3)")
        let harness = try Harness()
        let connection = harness.connection
        let transport = harness.transport
        try connection.connect()
        #expect(transport.status == .connecting, "connect() in created connects the socket (rule 3.2)")
        #expect(connection.state == .created, "…and the state waits for the socket to report (rule 3.1)")
        try transport.accept()
        try #require(connection.state == .connected, "The socket connected (rule 2.2)")
        let hello = Message(room: "general", text: "hello").event
        try connection.send(hello)
        #expect(transport.sentEvents == [hello], "send(_:) sends through the connection it owns (rule 3.2)")
        try connection.disconnect()
        #expect(
            transport.status == .disconnected,
            "disconnect() closes the connection it owns, which reports at once (rules 3.2, 3.5)")
        try connection.connect()
        #expect(
            transport.status == .connecting, "connect() in disconnected connects the socket again (rule 3.2)")
        #expect(connection.state == .reconnecting, "…and the connection is reconnecting (rule 3.2)")
        try connection.disconnect()
        #expect(
            transport.status == .disconnected,
            "disconnect() in reconnecting closes the connection it owns (rule 3.2)")
        #expect(connection.state == .disconnected, "…and the connection is disconnected (rule 3.2)")
    }

    @Test(
        "The owned connection's error comes through send and request unchanged, and then nothing waits [3.4, 4.3]"
    )
    func ownedConnectionErrorPassesThrough() throws {
        let owned = try ScriptedConnection { _, _ in throw SocketClosedByTest() }
        let connection = ManagedConnection(connection: owned)
        try connection.connect()
        try owned.transport.accept()
        let question = try Event("price", payload: ["sku": "42"])
        #expect(
            throws: SocketClosedByTest(),
            "send(_:) passes the owned connection's own error on, unchanged (rule 3.4)"
        ) {
            try connection.send(question)
        }
        let replies = Recorder<Event>()
        #expect(
            throws: SocketClosedByTest(),
            "request(_:onReply:) passes the owned connection's own error on, unchanged (rule 3.4)"
        ) {
            try connection.request(question, onReply: replies.record)
        }
        try owned.transport.deliver(try Event("price", payload: ["eur": "9.90"]))
        #expect(replies.all.isEmpty, "A request whose send failed waits for no reply (rule 4.3)")
        #expect(connection.state == .connected, "The owned connection's error is not a move (rule 3.4)")
    }

    @Test(
        "The network drops between the state's check and the send: the owned connection's error, unchanged [3.4, 3.5]"
    )
    func dropDuringSend() throws {
        // Forces the race: the lifecycle is connected when it checks, and the socket drops
        // inside `send`. The drop also calls back into the lifecycle from inside its own send:
        // a lifecycle that holds its lock while calling the owned connection stops the run here.
        let owned = try ScriptedConnection { event, transport in
            if transport.status == .connected { try transport.drop() }
            try transport.send(event)
        }
        let connection = ManagedConnection(connection: owned)
        try connection.connect()
        try owned.transport.accept()
        #expect(
            throws: TransportError.notConnected(.disconnected),
            "The owned connection's error reaches the caller as the socket said it (rule 3.4)"
        ) {
            try connection.send(Message(room: "general", text: "hello").event)
        }
        #expect(
            connection.state == .disconnected,
            "The drop, reported from inside send, moved the connection meanwhile (rules 2.2, 3.5)")
    }

    @Test(
        "The library reconnects inside a drop's report, before the lifecycle hears it: it still sends [3.8, 2.4]"
    )
    func lateDropReportNeverStrands() throws {
        let transport = InMemoryTransport(url: try chatURL())
        let socket = SocketConnection(transport: transport)
        // The library's own handler, registered before the lifecycle's, restores the network
        // from inside the drop's report: the lifecycle hears the restore's "connected" first,
        // and the drop's "disconnected" late, over a connected socket.
        socket.onStatusChange { status in
            if status == .disconnected { try? transport.restore() }
        }
        let connection = ManagedConnection(connection: socket)
        try connection.connect()
        try transport.accept()
        try transport.drop()
        try #require(transport.status == .connected, "The library restored the socket at once")
        #expect(
            connection.state == .connected,
            "A late drop report over a connected socket leaves the lifecycle connected (rule 2.4)")
        let hello = Message(room: "general", text: "hello").event
        try connection.send(hello)
        #expect(
            transport.sentEvents == [hello],
            "Never stranded by a late report: the lifecycle sends over the socket that is connected (rule 3.8)"
        )
    }

    @Test(
        "release() releases the connection it owns, for good, even while the library was retrying [3.1, 3.6]")
    func releaseReleasesTheOwnedConnection() throws {
        try releaseWhileTheLibraryRetries(try Harness.lived(.connected))
    }

    @Test(
        "A connect() from inside the owned connection's release() meets released: the release moved first [3.1, 3.3, 3.5]"
    )
    func connectDuringTheOwnedRelease() throws {
        let socket = try LateReportingConnection()
        let connection = ManagedConnection(connection: socket)
        socket.set(.connected)
        socket.report(.connected)
        socket.set(.disconnected)
        socket.report(.disconnected)
        try #require(connection.state == .disconnected, "The socket dropped: disconnected (rule 2.2)")
        // Just as the socket is let go, another caller asks to connect: as another thread might,
        // between the release's decision and its end.
        let meanwhile = Recorder<LifecycleError?>()
        socket.whenNextReleased {
            do throws(LifecycleError) {
                try connection.connect()
                meanwhile.record(nil)
            } catch {
                meanwhile.record(error)
            }
        }

        #expect(throws: Never.self, "release() in disconnected is allowed (rule 3.1)") {
            try connection.release()
        }
        #expect(
            meanwhile.all == [.operationRefused(.connect, in: .released)],
            "A release moves before it lets the socket go: a connect() that comes meanwhile is refused as released (rule 3.3)"
        )
        #expect(
            connection.state == .released && socket.releases == 1 && socket.status == .disconnected,
            "Released, and the socket released once and never connecting again: no refusal after the socket was touched (rules 3.3, 3.5)"
        )
    }

    @Test("An observer may call an operation from inside its callback [3.7]")
    func observerCallsAnOperation() throws {
        let harness = try Harness.lived(.connected)
        let heard = Recorder<ConnectionStateChange>()
        // Reconnect at once whenever the network drops: the operation runs while the connection
        // is still telling its observers about the drop.
        harness.connection.observe { [weak connection = harness.connection] change in
            heard.record(change)
            if change.to == .disconnected { try? connection?.connect() }
        }
        try harness.transport.drop()
        #expect(harness.connection.state == .reconnecting, "The observer's connect() ran (rule 3.7)")
        #expect(harness.transport.status == .connecting, "…and connected the socket (rule 3.7)")
        try harness.transport.accept()
        #expect(
            heard.all == [
                ConnectionStateChange(from: .connected, to: .disconnected),
                ConnectionStateChange(from: .disconnected, to: .reconnecting),
                ConnectionStateChange(from: .reconnecting, to: .connected),
            ],
            "Each change once, the one the observer caused too (rule 3.7)")
    }

    @Test(
        "Random lives with faults follow the tables of steps 2 and 3 after every step [2.2, 2.3, 2.6, 2.7, 3.1, 3.2, 3.3, 3.6]"
    )
    func randomLives() async throws {
        let check = ModelCheck<LifecycleModel.Step>(
            rule: "2.2, 2.3, 2.6, 2.7, 3.1, 3.2, 3.3, 3.6 (a connection's whole life)",
            sequences: LifecycleModel.sequences, length: LifecycleModel.length
        ) { random in LifecycleModel.Step.random(using: &random) }
        let failure = try await check.run { life in try LifecycleModel.disagreement(living: life) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}

/// What the brief says a managed connection over an in-memory transport does, in a few lines:
/// the reference the random lives are compared with.
struct LifecycleModel {
    /// What a random life may do next: an operation, or something the network or the library
    /// does on its own.
    enum Step: CaseIterable, CustomStringConvertible {
        case connect, disconnect, release, send
        case accept, drop, restore, libraryConnects, libraryCloses

        var description: String {
            switch self {
            case .connect: "connect()"
            case .disconnect: "disconnect()"
            case .release: "release()"
            case .send: "send(_:)"
            case .accept: "server accepts"
            case .drop: "network drops"
            case .restore: "network restores"
            case .libraryConnects: "library connects"
            case .libraryCloses: "library closes"
            }
        }

        /// One step, each as likely as the others.
        static func random(using random: inout SeededGenerator) -> Step {
            allCases[Int.random(in: 0..<allCases.count, using: &random)]
        }
    }

    /// How many random lives the check lives, and how long each one is.
    ///
    /// Why these: lives of 12 to 28 steps reach the rare corners (a release while the library is
    /// retrying, a send while reconnecting) in about one life in eleven, so 200 of them find each
    /// of those mistakes more than a dozen times, in a few hundredths of a second.
    static let sequences = 200
    static let length = 12...28

    var state = ConnectionState.created
    var transport = TransportStatus.idle
    var droppedByNetwork = false
    var changes: [ConnectionStateChange] = []

    /// The in-memory transport refuses a server action its status doesn't allow: a life only
    /// tries the ones it allows.
    func canTry(_ step: Step) -> Bool {
        switch step {
        case .accept: transport == .connecting
        case .drop: transport == .connected
        case .restore: transport == .disconnected && droppedByNetwork
        default: true
        }
    }

    /// Applies `step`; returns the refusal the connection should throw, if any.
    mutating func apply(_ step: Step) -> LifecycleError? {
        switch step {
        case .connect:
            switch state {
            case .created: transportConnects()
            case .disconnected:
                move(to: .reconnecting)
                transportConnects()
            default: return .operationRefused(.connect, in: state)
            }
        case .disconnect:
            guard state == .connected || state == .reconnecting else {
                return .operationRefused(.disconnect, in: state)
            }
            move(to: .disconnected)
            transportCloses()
        case .release:
            guard state == .disconnected else { return .operationRefused(.release, in: state) }
            move(to: .released)
            transportCloses()
        case .send:
            guard state == .connected else { return .operationRefused(.send, in: state) }
        case .accept, .restore:
            transport = .connected
            droppedByNetwork = false
            heardConnected()
        case .drop:
            transport = .disconnected
            droppedByNetwork = true
            heardDisconnected()
        case .libraryConnects: transportConnects()
        case .libraryCloses: transportCloses()
        }
        return nil
    }

    private mutating func move(to next: ConnectionState) {
        changes.append(ConnectionStateChange(from: state, to: next))
        state = next
    }

    private mutating func transportConnects() {
        guard transport == .idle || transport == .disconnected else { return }
        transport = .connecting
        droppedByNetwork = false
    }

    private mutating func transportCloses() {
        guard transport == .connecting || transport == .connected else { return }
        transport = .disconnected
        droppedByNetwork = false
        heardDisconnected()
    }

    private mutating func heardConnected() {
        switch state {
        case .created, .reconnecting: move(to: .connected)
        case .disconnected:
            move(to: .reconnecting)
            move(to: .connected)
        case .connected, .released: break
        }
    }

    private mutating func heardDisconnected() {
        switch state {
        case .created, .connected, .reconnecting: move(to: .disconnected)
        case .disconnected, .released: break
        }
    }
}

/// How one step of a random life ended.
enum Outcome: Equatable, CustomStringConvertible {
    case done
    case refused(LifecycleError)
    case failed(String)

    var description: String {
        switch self {
        case .done: "done"
        case .refused(let error): "refused (\(error))"
        case .failed(let error): "failed (\(error))"
        }
    }
}

extension Harness {
    /// Does `step` to the real connection and transport.
    func perform(_ step: LifecycleModel.Step) -> Outcome {
        do {
            switch step {
            case .connect: try connection.connect()
            case .disconnect: try connection.disconnect()
            case .release: try connection.release()
            case .send: try connection.send(Message(room: "general", text: "hi").event)
            case .accept: try transport.accept()
            case .drop: try transport.drop()
            case .restore: try transport.restore()
            case .libraryConnects: transport.connect()
            case .libraryCloses: transport.disconnect()
            }
            return .done
        } catch let error as LifecycleError {
            return .refused(error)
        } catch {
            return .failed(String(describing: error))
        }
    }
}

extension LifecycleModel {
    /// Lives `life` on a new connection and on the model side by side, skipping a server action
    /// the transport doesn't allow at that point; describes the first step where they disagree.
    static func disagreement(living life: [Step]) throws -> Discrepancy? {
        let harness = try Harness()
        let changes = Recorder<ConnectionStateChange>()
        harness.connection.observe(changes.record)
        var model = LifecycleModel()
        for (index, step) in life.enumerated() where model.canTry(step) {
            let expected = model.apply(step).map(Outcome.refused) ?? .done
            let outcome = harness.perform(step)
            if outcome != expected || harness.connection.state != model.state
                || harness.transport.status != model.transport || changes.all != model.changes
            {
                return Discrepancy(
                    after: index,
                    """
                    expected \(expected), \(model.state) (transport \(model.transport)), changes \
                    \(model.changes); got \(outcome), \(harness.connection.state) (transport \
                    \(harness.transport.status)), changes \(changes.all)
                    """)
            }
        }
        return nil
    }
}

/// Drops the harness's socket, lets the library retry on its own, then releases, and checks
/// what rule 3.6 promises: released, the socket closed, and never opened again.
func releaseWhileTheLibraryRetries(_ harness: Harness) throws {
    let connection = harness.connection
    let transport = harness.transport
    try transport.drop()
    transport.connect()  // the library retries on its own
    try #require(connection.state == .disconnected, "Connecting is not connected (rule 2.3)")

    try connection.release()
    #expect(connection.state == .released, "release() in disconnected: released (rule 3.1)")
    #expect(
        transport.status == .disconnected,
        "release() closes the socket, even while the library was retrying (rule 3.6)")
    harness.socket.connect()
    #expect(
        transport.status == .disconnected,
        "release() releases the connection it owns, for good: it never opens again (rule 3.6)")
}
