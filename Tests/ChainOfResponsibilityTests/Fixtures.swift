import ChainOfResponsibility
import Foundation
import KataTestSupport
import MessagingKit
import ScanKit
import Synchronization
import Testing

extension Tag {
    /// Tests of the shopping app's scan domain.
    @Tag static var scan: Self
    /// Tests of the real-time messaging domain.
    @Tag static var messaging: Self
}

// MARK: - Scan

/// A QR code carrying `payload`, at `x` across the frame (the same code, seen as the phone moves).
func qr(_ payload: String, at x: Double = 0) throws -> ScannedCode {
    try ScannedCode(payload: payload, symbology: .qr, bounds: CodeBounds(x: x, y: 0, width: 0.1, height: 0.1))
}

/// Collects what leaves a pipeline, or what a unit passes on.
final class Outbox {
    private(set) var items: [ScanItem] = []
    func take(_ item: ScanItem) { items.append(item) }
}

/// What one unit passes on for `item`, in order.
func passed(by unit: some ScanUnit, _ item: ScanItem) -> [ScanItem] {
    var out: [ScanItem] = []
    unit.receive(item) { out.append($0) }
    return out
}

/// What one unit passes on for each of `items`, in order, all in one session.
func passed(by unit: some ScanUnit, _ items: [ScanItem]) -> [ScanItem] {
    items.flatMap { passed(by: unit, $0) }
}

extension ScanPipeline {
    /// A pipeline whose results go to `output`, with `creators` added in order and no units.
    init(output: @escaping (ScanItem) -> Void, creators: [any ScanCreator]) {
        self = creators.reduce(ScanPipeline(output: output)) { $0.addCreator($1) }
    }
}

/// A frame with no codes, numbered `number`: the simplest item a creator makes.
func blank(_ number: Int) -> ScanItem {
    .frame(Frame(number: number))
}

/// The number of a frame item, or -1 for any other item.
func frameNumber(_ item: ScanItem) -> Int {
    if case .frame(let frame) = item { frame.number } else { -1 }
}

// MARK: - Messaging

/// A connection double that moves as a plain connection does, and records what it is asked.
///
/// It records every operation, allowed or not. An operation that makes no sense in its status
/// (connecting what is already connecting, releasing what is connected, anything once released)
/// is refused with ``Refused`` and changes nothing, so a keeper that asks for one fails its test.
final class FakeConnection: Connection, CustomStringConvertible {
    private struct Life {
        var status: TransportStatus
        var isReleased = false
        var asked: [ConnectionOperation] = []
    }

    let id = UUID()
    let url = URL(filePath: "/chat")
    private let life: Mutex<Life>
    private let refusesEverything: Bool
    private let refusal: @Sendable (ConnectionOperation, TransportStatus) -> any Error

    /// A connection in `status`; one that `refusesEverything` throws on every operation, what
    /// `refusal` makes of the operation and its status (a ``Refused`` unless told).
    init(
        _ status: TransportStatus, refusesEverything: Bool = false,
        refusal: @escaping @Sendable (ConnectionOperation, TransportStatus) -> any Error = {
            Refused(operation: $0, status: $1)
        }
    ) {
        life = Mutex(Life(status: status))
        self.refusesEverything = refusesEverything
        self.refusal = refusal
    }

    var status: TransportStatus { life.withLock { $0.status } }
    /// Whether ``release()`` went through.
    var isReleased: Bool { life.withLock { $0.isReleased } }
    /// Every operation asked of it, oldest first, including refused ones.
    var asked: [ConnectionOperation] { life.withLock { $0.asked } }
    var description: String { "\(status) connection" }

    func connect() throws { try perform(.connect) }
    func disconnect() throws { try perform(.disconnect) }
    func release() throws { try perform(.release) }
    func send(_ event: Event) throws { try perform(.send) }
    @discardableResult
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken { ObservationToken {} }
    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        ObservationToken {}
    }

    private func perform(_ operation: ConnectionOperation) throws {
        let refusal: (any Error)? = life.withLock { life in
            life.asked.append(operation)
            // Why refusals change nothing: a connection that refuses stays as it was.
            if refusesEverything { return self.refusal(operation, life.status) }
            guard !life.isReleased else {
                return Refused(operation: operation, status: life.status)
            }
            switch (life.status, operation) {
            case (.idle, .connect), (.disconnected, .connect): life.status = .connecting
            case (.connected, .disconnect), (.connecting, .disconnect): life.status = .disconnected
            case (.disconnected, .release): life.isReleased = true
            default: return Refused(operation: operation, status: life.status)
            }
            return nil
        }
        if let refusal { throw refusal }
    }
}

/// What a ``FakeConnection`` throws for an operation it refuses.
struct Refused: Error, Equatable {
    let operation: ConnectionOperation
    let status: TransportStatus
}

/// A pool double: holds the connections it was given, each with its "in use" flag, and
/// records what it released and forgot.
///
/// A connection listed in `takenAfterLook` plays a caller that takes a handle right after the
/// keeper looked: ``contents()`` shows it unused, and from then on the pool counts it in use.
actor FakePool: KeeperPool {
    private var entries: [PooledConnection]
    private var takenAfterLook: [ObjectIdentifier]
    private(set) var removed: [ObjectIdentifier] = []

    init(_ entries: [PooledConnection], takenAfterLook: [FakeConnection] = []) {
        self.entries = entries
        self.takenAfterLook = takenAfterLook.map(ObjectIdentifier.init)
    }

    func contents() -> [PooledConnection] {
        defer {
            entries = entries.map { pooled in
                takenAfterLook.contains(ObjectIdentifier(pooled.connection))
                    ? PooledConnection(connection: pooled.connection, isInUse: true) : pooled
            }
        }
        return entries
    }

    func releaseIfUnused(_ connection: any Connection) throws -> Bool {
        guard let entry = entries.first(where: { $0.connection === connection }), !entry.isInUse else {
            return false
        }
        try connection.release()
        removed.append(ObjectIdentifier(connection))
        entries.removeAll { $0.connection === connection }
        return true
    }

    /// Whether the pool still holds `connection`.
    func holds(_ connection: FakeConnection) -> Bool {
        entries.contains { $0.connection === connection }
    }
}

/// A pool double that lists the connections it was given, all the time, and releases nothing.
///
/// A class and not an actor: a keeper that asks it runs on whatever executor the test gives the
/// keeper's task, so a hand-run ``ManualExecutor`` runs the whole pass.
final class ListedPool: KeeperPool {
    private let entries: [PooledConnection]

    init(_ entries: [PooledConnection]) {
        self.entries = entries
    }

    func contents() async -> [PooledConnection] { entries }
    func releaseIfUnused(_ connection: any Connection) async throws -> Bool { false }
}

/// A keeper rule that takes every connection and throws.
///
/// For `waiting`, it first waits at `gate`, then throws ``TestFailure``; for any other, it throws
/// a refused connect at once. It writes "first starts", "first throws", "second starts", "second
/// throws" as it goes.
final class WaitingRule: KeeperHandler {
    private let waiting: FakeConnection
    private let gate: Gate
    private let log: Recorder<String>

    init(waitsOn waiting: FakeConnection, at gate: Gate, log: Recorder<String>) {
        self.waiting = waiting
        self.gate = gate
        self.log = log
    }

    func canHandle(_ pooled: PooledConnection) -> Bool { true }

    func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws {
        guard pooled.connection === waiting else {
            log.record("second starts")
            log.record("second throws")
            throw Refused(operation: .connect, status: .idle)
        }
        log.record("first starts")
        await gate.pass()
        log.record("first throws")
        throw TestFailure(reason: "first")
    }
}

/// One row of the keeper's table: a connection in use or not, in a status, and what one pass
/// of the standard keeper does to it.
struct KeeperCase: Sendable, CustomTestStringConvertible {
    let isInUse: Bool
    let status: TransportStatus
    /// What the keeper does: the operation it asks for, or nothing.
    let action: ConnectionOperation?

    var testDescription: String {
        "\(isInUse ? "in use" : "not in use"), \(status) → \(action.map { "\($0)" } ?? "nothing")"
    }
}

/// The keeper's whole table: in use or not × the four statuses.
let keeperTable: [KeeperCase] = [
    KeeperCase(isInUse: true, status: .idle, action: .connect),
    KeeperCase(isInUse: true, status: .connecting, action: nil),
    KeeperCase(isInUse: true, status: .connected, action: nil),
    KeeperCase(isInUse: true, status: .disconnected, action: .connect),
    KeeperCase(isInUse: false, status: .idle, action: nil),
    KeeperCase(isInUse: false, status: .connecting, action: .disconnect),
    KeeperCase(isInUse: false, status: .connected, action: .disconnect),
    KeeperCase(isInUse: false, status: .disconnected, action: .release),
]

/// A keeper rule declared by the tests: it answers `canHandle` with `answer`, and counts how
/// often it was asked and how often it acted.
final class CountingHandler: KeeperHandler {
    private let answer: @Sendable (PooledConnection) -> Bool
    private let askedCount = Atomic(0)
    private let handledCount = Atomic(0)

    init(answer: @escaping @Sendable (PooledConnection) -> Bool) {
        self.answer = answer
    }

    var asked: Int { askedCount.load(ordering: .relaxed) }
    var handled: Int { handledCount.load(ordering: .relaxed) }

    func canHandle(_ pooled: PooledConnection) -> Bool {
        askedCount.add(1, ordering: .relaxed)
        return answer(pooled)
    }

    func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws {
        handledCount.add(1, ordering: .relaxed)
    }
}

// MARK: - Links

/// A link parsed from `text`, which the test expects to parse.
func link(_ text: String) throws -> URL {
    try #require(URL(string: text), "The test's link \(text) should parse")
}

/// A link handler the tests write, to put anywhere in a chain: it records every link it is
/// asked, then does what it was made to do.
final class Probe: LinkHandler {
    /// What the probe does with a link, once it has recorded it.
    enum Act: Sendable {
        /// Takes it, with this screen.
        case take(screen: String)
        /// Passes it on, with the learner's `passOn(_:)`.
        case passOn
        /// Throws this error.
        case fail(any Error)
        /// Cancels the caller's task (as when the user leaves the scan screen), then passes the
        /// link on: the test needs no waiting and no sleeps.
        case cancelThenPassOn
    }

    let name: String
    let next: (any LinkHandler)?
    private let act: Act
    private let asked: Recorder<URL>
    private let log: Recorder<String>?

    init(_ name: String, _ act: Act, next: (any LinkHandler)? = nil, log: Recorder<String>? = nil) {
        self.name = name
        self.act = act
        self.next = next
        self.asked = Recorder()
        self.log = log
    }

    /// Every link it was asked, oldest first.
    var links: [URL] { asked.all }

    func handle(_ link: URL) async throws -> ChainOutcome {
        asked.record(link)
        log?.record(name)
        switch act {
        case .take(let screen): return .handled(by: name, screen: screen)
        case .passOn: return try await passOn(link)
        case .fail(let error): throw error
        case .cancelThenPassOn:
            withUnsafeCurrentTask { $0?.cancel() }
            return try await passOn(link)
        }
    }
}

/// An error a handler throws in the tests: a type the chain has never heard of.
struct TestFailure: Error, Equatable {
    let reason: String
}

/// An error a link handler's check may fail with, and how to tell it from any other.
struct HandlerFailure: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let error: any Error
    /// Whether `thrown` is this very error.
    let isIt: @Sendable (any Error) -> Bool
}

/// What a feature's check may fail with: the network's errors, its own cancellation, and an error
/// of a type the chain has never heard of.
let handlerFailures: [HandlerFailure] = [
    HandlerFailure(
        testDescription: "URLError.timedOut", error: URLError(.timedOut),
        isIt: { ($0 as? URLError)?.code == .timedOut }),
    HandlerFailure(
        testDescription: "URLError.cancelled", error: URLError(.cancelled),
        isIt: { ($0 as? URLError)?.code == .cancelled }),
    HandlerFailure(
        testDescription: "CancellationError thrown by the handler", error: CancellationError(),
        isIt: { $0 is CancellationError }),
    HandlerFailure(
        testDescription: "TestFailure, a type the chain has never heard of",
        error: TestFailure(reason: "payment service timed out"),
        isIt: { ($0 as? TestFailure) == TestFailure(reason: "payment service timed out") }),
]

/// What a connection's operation may throw, made from the operation and the connection's
/// status: every case of a managed connection's ``LifecycleError``, every case of
/// ``TransportError``, and ``Refused``, a type the keeper has never heard of.
struct ConnectionRefusal: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let make: @Sendable (ConnectionOperation, TransportStatus) -> any Error
}

let connectionRefusals: [ConnectionRefusal] = [
    ConnectionRefusal(testDescription: "Refused, a type the keeper has never heard of") {
        Refused(operation: $0, status: $1)
    },
    ConnectionRefusal(testDescription: "LifecycleError.operationRefused") { operation, _ in
        LifecycleError.operationRefused(operation, in: .reconnecting)
    },
    ConnectionRefusal(testDescription: "LifecycleError.transitionRefused") { _, _ in
        LifecycleError.transitionRefused(from: .reconnecting, to: .released)
    },
    ConnectionRefusal(testDescription: "TransportError.notConnected") { _, status in
        TransportError.notConnected(status)
    },
    ConnectionRefusal(testDescription: "TransportError.notAllowed") { operation, status in
        TransportError.notAllowed(action: "\(operation)", status: status)
    },
]
