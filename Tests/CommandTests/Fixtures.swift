import Command
import Foundation
import KataTestSupport
import MessagingKit
import Synchronization
import Testing

extension Tag {
    /// Tests of the real-time messaging domain.
    @Tag static var messaging: Self
    /// Tests of the app's start-up.
    @Tag static var startup: Self
}

/// An event the test sends, by name.
func event(_ name: String, _ payload: [String: String] = [:]) throws -> Event {
    try Event(name, payload: payload)
}

/// A connection the test drives by hand.
///
/// It says what status it is told to, reports only when told to, and records every send. A script for an event name decides what its next sends
/// do: go out, throw, drop the network, answer, or call back in.
final class Line: Connection {
    /// What one send of a scripted name does, before it goes out or throws.
    typealias Script = @Sendable (Line) throws -> Void

    private struct State {
        var status = TransportStatus.idle
        var sent: [Event] = []
        var attempts: [String] = []
        var scripts: [String: [Script]] = [:]
        var ownerCalls: [String] = []
    }

    private let state = Guarded(State())
    private let statuses = Broadcast<TransportStatus>()
    private let events = Broadcast<Event>()

    let id = UUID()
    let url = URL(filePath: "/line")
    var status: TransportStatus { state.withLock { $0.status } }

    /// Names of the events that went out, oldest first.
    var sentNames: [String] { state.withLock { $0.sent.map(\.name.rawValue) } }
    /// Every event that went out, oldest first.
    var sent: [Event] { state.withLock { $0.sent } }
    /// Every send tried, by name, oldest first: what went out and what threw.
    var attempts: [String] { state.withLock { $0.attempts } }
    /// Calls that belong to the connection's owner: connect, disconnect, release.
    var ownerCalls: [String] { state.withLock { $0.ownerCalls } }
    /// How many status and event handlers are subscribed now.
    var handlerCount: Int { statuses.handlerCount + events.handlerCount }

    /// Becomes `status` and reports it.
    func report(_ status: TransportStatus) {
        statuses.publish { () -> TransportStatus? in
            state.withLock { $0.status = status }
            return status
        }
    }

    /// Becomes `status` without reporting it yet.
    func become(_ status: TransportStatus) { state.withLock { $0.status = status } }

    /// The server sends `event`.
    func deliver(_ event: Event) { events.publish(event) }

    /// The next send of `name` runs `script` first; each call adds one more, used in order.
    func onNextSend(of name: String, _ script: @escaping Script) {
        state.withLock { $0.scripts[name, default: []].append(script) }
    }

    /// The next send of `name` throws `error`, the line staying as it is.
    func refuseNext(_ name: String, with error: any Error) {
        onNextSend(of: name) { _ in throw error }
    }

    /// The network drops during the next send of `name`: the line reports it, and the send
    /// throws `TransportError.notConnected(.disconnected)`.
    func dropDuringNext(_ name: String) {
        onNextSend(of: name) { line in
            line.report(.disconnected)
            throw TransportError.notConnected(.disconnected)
        }
    }

    func send(_ event: Event) throws {
        let name = event.name.rawValue
        let script = state.withLock { state -> Script? in
            state.attempts.append(name)
            guard var waiting = state.scripts[name], !waiting.isEmpty else { return nil }
            let script = waiting.removeFirst()
            state.scripts[name] = waiting
            return script
        }
        try script?(self)
        try state.withLock { (state) throws(TransportError) in
            guard state.status == .connected else { throw .notConnected(state.status) }
            state.sent.append(event)
        }
    }

    func connect() { state.withLock { $0.ownerCalls.append("connect") } }
    func disconnect() { state.withLock { $0.ownerCalls.append("disconnect") } }
    func release() { state.withLock { $0.ownerCalls.append("release") } }
    @discardableResult
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        events.subscribe(handler)
    }
    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        statuses.subscribe(handler)
    }
}

/// A line that is connected already, and an outbox over it.
func connectedOutbox(capacity: Int = 100) throws -> (Line, OfflineOutbox) {
    let line = Line()
    line.report(.connected)
    return (line, try OfflineOutbox(connection: line, capacity: capacity))
}

/// A line that is down, and an outbox over it.
func offlineOutbox(capacity: Int = 100) throws -> (Line, OfflineOutbox) {
    let line = Line()
    line.report(.disconnected)
    return (line, try OfflineOutbox(connection: line, capacity: capacity))
}

/// A command the tests declare: the outbox has never heard of it.
///
/// It writes to a log when it runs and when it is told it will never run.
struct LoggedCommand: OutboxCommand {
    let name: String
    let log: Recorder<String>
    var onExecute: (@Sendable () throws -> Void)?
    var onCancel: (@Sendable () -> Void)?

    init(
        _ name: String, log: Recorder<String>, onExecute: (@Sendable () throws -> Void)? = nil,
        onCancel: (@Sendable () -> Void)? = nil
    ) {
        self.name = name
        self.log = log
        self.onExecute = onExecute
        self.onCancel = onCancel
    }

    func execute(on connection: any Connection) throws {
        log.record("ran \(name)")
        try onExecute?()
    }

    func cancel() {
        log.record("told \(name)")
        onCancel?()
    }
}

/// A connection-shaped error that is not MessagingKit's: a refusal for good.
struct Forbidden: Error, Equatable, CustomStringConvertible {
    var description: String { "not allowed here" }
}

/// Runs `body` on a thread of its own; the returned semaphore is signalled when it returns.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    return done
}
