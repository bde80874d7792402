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
///
/// Step 4 checks the lifecycle's columns (connect, disconnect, release), step 5 the traffic's
/// (send, request, onEvent).
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

/// The lifecycle's operations: the ones that move it and drive the owned connection.
let lifecycleOperations: Set<ConnectionOperation> = [.connect, .disconnect, .release]

/// Checks one cell of the operations table.
///
/// Allowed, it leaves the connection in the state the table says; refused, it throws the refusal
/// and changes nothing. `rules` names the step's rules (allowed, refused, changes nothing).
func checkCell(_ rule: OperationRule, rules: (allowed: String, refused: String, nothing: String)) throws {
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
            "\(rule.testDescription) is allowed and leaves it \(after) (rules \(rules.allowed))")
    } else {
        let status = transport.status
        let sent = transport.sentEvents
        #expect(
            throws: LifecycleError.operationRefused(rule.operation, in: rule.state),
            "\(rule.testDescription) is refused, with an error naming this state and operation (rule \(rules.refused))"
        ) {
            try perform()
        }
        #expect(
            connection.state == rule.state,
            "A refused operation leaves the state as it was (rule \(rules.nothing))")
        #expect(changes.all.isEmpty, "A refused operation tells no observer (rule \(rules.nothing))")
        #expect(
            transport.status == status && transport.sentEvents == sent,
            "A refused operation leaves the connection it owns alone (rule \(rules.nothing))")
    }
}

@Suite("State · Step 4 — Each state decides connect, disconnect and release", .tags(.messaging))
struct Step4LifecycleOperations {
    @Test(
        "connect, disconnect and release in every state are allowed or refused, as the table says [4.1, 4.2, 4.3]",
        arguments: operationsTable.filter { lifecycleOperations.contains($0.operation) })
    func lifecycleColumns(rule: OperationRule) throws {
        try checkCell(rule, rules: (allowed: "4.1, 4.2", refused: "4.1", nothing: "4.3"))
    }

    @Test("The operations reach the connection it owns: connecting, closing [4.2, 4.4, 1.3]")
    func operationsDriveTheOwnedConnection() throws {
        let hatches = try EscapeHatches.findings(inPattern: "State")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 4)) (rule 1.3)")
        let harness = try Harness()
        let connection = harness.connection
        let transport = harness.transport
        try connection.connect()
        #expect(transport.status == .connecting, "connect() in created connects the socket (rule 4.2)")
        #expect(connection.state == .created, "…and the state waits for the socket to report (rule 4.1)")
        try transport.accept()
        try #require(connection.state == .connected, "The socket connected (rule 2.2)")
        try connection.disconnect()
        #expect(
            transport.status == .disconnected,
            "disconnect() closes the connection it owns, which reports at once (rules 4.2, 4.4)")
        try connection.connect()
        #expect(
            transport.status == .connecting, "connect() in disconnected connects the socket again (rule 4.2)")
        #expect(connection.state == .reconnecting, "…and the connection is reconnecting (rule 4.2)")
        try connection.disconnect()
        #expect(
            transport.status == .disconnected,
            "disconnect() in reconnecting closes the connection it owns (rule 4.2)")
        #expect(connection.state == .disconnected, "…and the connection is disconnected (rule 4.2)")
    }

    @Test(
        "release() releases the connection it owns, for good, even while the library was retrying [4.1, 4.5]")
    func releaseReleasesTheOwnedConnection() throws {
        try releaseWhileTheLibraryRetries(try Harness.lived(.connected))
    }

    @Test(
        "A connect() from inside the owned connection's release() meets released: the release moved first [4.1, 4.3, 4.4]"
    )
    func connectDuringTheOwnedRelease() throws {
        let (socket, connection) = try lifecycle(broughtTo: .disconnected)
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

        #expect(throws: Never.self, "release() in disconnected is allowed (rule 4.1)") {
            try connection.release()
        }
        #expect(
            meanwhile.all == [.operationRefused(.connect, in: .released)],
            "A release moves before it lets the socket go: a connect() that comes meanwhile is refused as released (rule 4.3)"
        )
        #expect(
            connection.state == .released && socket.releases == 1 && socket.status == .disconnected,
            "Released, and the socket released once and never connecting again: no refusal after the socket was touched (rules 4.3, 4.4)"
        )
    }

    @Test("An observer may call an operation from inside its callback [4.6]")
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
        #expect(harness.connection.state == .reconnecting, "The observer's connect() ran (rule 4.6)")
        #expect(harness.transport.status == .connecting, "…and connected the socket (rule 4.6)")
        try harness.transport.accept()
        #expect(
            heard.all == [
                ConnectionStateChange(from: .connected, to: .disconnected),
                ConnectionStateChange(from: .disconnected, to: .reconnecting),
                ConnectionStateChange(from: .reconnecting, to: .connected),
            ],
            "Each change once, the one the observer caused too (rule 4.6)")
    }

    @Test(
        "Random lives with faults, without sends, follow the tables of steps 2 and 4 after every step [2.2, 2.3, 2.6, 3.1, 4.1, 4.2, 4.3, 4.5]"
    )
    func randomLives() async throws {
        let check = ModelCheck<LifecycleModel.Step>(
            rule: "2.2, 2.3, 2.6, 3.1, 4.1, 4.2, 4.3, 4.5 (a connection's whole life, without sends)",
            sequences: LifecycleModel.sequences, length: LifecycleModel.length
        ) { random in LifecycleModel.Step.random(using: &random, from: LifecycleModel.Step.withoutSend) }
        let failure = try await check.run { life in try LifecycleModel.disagreement(living: life) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }

    @Test(
        "connect() from disconnected, over an owned connection that connects at once, moves first and ends connected [4.3, 4.4, 2.6]"
    )
    func connectMovesBeforeItCallsTheOwnedConnection() throws {
        let recording = RecordingConnection(url: try chatURL().url)
        let connection = ManagedConnection(connection: recording)
        recording.connect()
        recording.disconnect()
        try #require(
            connection.state == .disconnected, "The owned connection dropped: disconnected (rule 2.2)")
        let changes = Recorder<ConnectionStateChange>()
        connection.observe(changes.record)
        #expect(
            throws: Never.self,
            "connect() moves to reconnecting first, so the owned connection's at-once report finds it there (rule 4.3)"
        ) { try connection.connect() }
        #expect(
            connection.state == .connected, "The owned connection connected at once: connected (rule 4.4)")
        #expect(
            changes.all == [
                ConnectionStateChange(from: .disconnected, to: .reconnecting),
                ConnectionStateChange(from: .reconnecting, to: .connected),
            ],
            "The move first, then the owned connection's report: through reconnecting (rules 4.3, 2.6)")
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

        /// Every step but `send`: the lives of step 4, before the traffic's operations.
        static let withoutSend = allCases.filter { $0 != .send }

        /// One step of `steps`, each as likely as the others.
        static func random(using random: inout SeededGenerator, from steps: [Step] = allCases) -> Step {
            steps[Int.random(in: 0..<steps.count, using: &random)]
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
/// what rule 4.5 promises: released, the socket closed, and never opened again.
func releaseWhileTheLibraryRetries(_ harness: Harness) throws {
    let connection = harness.connection
    let transport = harness.transport
    try transport.drop()
    transport.connect()  // the library retries on its own
    try #require(connection.state == .disconnected, "Connecting is not connected (rule 2.3)")

    try connection.release()
    #expect(connection.state == .released, "release() in disconnected: released (rule 4.1)")
    #expect(
        transport.status == .disconnected,
        "release() closes the socket, even while the library was retrying (rule 4.5)")
    harness.socket.connect()
    #expect(
        transport.status == .disconnected,
        "release() releases the connection it owns, for good: it never opens again (rule 4.5)")
}
