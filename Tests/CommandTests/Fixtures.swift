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

/// The names of the events a transport or a recording connection has sent, in order.
func sentNames(_ sender: some Sent) -> [String] {
    sender.sentEvents.map(\.name.rawValue)
}

/// A transport or connection whose sent events the tests can read.
protocol Sent {
    var sentEvents: [Event] { get }
}

extension InMemoryTransport: Sent {}
extension RecordingConnection: Sent {}

/// A plain connection over `transport`, as the app's factory would make for a `wss://` URL.
///
/// The outbox gets the connection; the test plays the server through the transport.
func connection(over transport: some Transport) -> any Connection {
    SocketConnection(transport: transport)
}

/// A connection with no server behind it, not connected yet.
func recordingConnection() throws -> RecordingConnection {
    RecordingConnection(url: try #require(URL(string: "memory://chat")))
}

/// An in-memory transport, not connected yet.
func offlineTransport() throws -> InMemoryTransport {
    InMemoryTransport(url: try ServerURL("wss://chat.example.com/socket"))
}

/// An in-memory transport, connected.
func onlineTransport() throws -> InMemoryTransport {
    let transport = try offlineTransport()
    transport.connect()
    try transport.accept()
    return transport
}

/// A transport whose network goes away in the middle of a replay.
///
/// As on a real socket, a send fails *before* anyone is told the connection dropped. The test then reports the drop
/// and brings the network back, each when it chooses. No sleeps, no timers.
final class CuttingTransport: Transport, Sent {
    let inner: InMemoryTransport
    private let plan = Mutex<(sendsLeft: Int?, isCut: Bool)>((nil, false))

    init() throws {
        inner = try offlineTransport()
    }

    var url: ServerURL { inner.url }
    var status: TransportStatus { plan.withLock { $0.isCut } ? .disconnected : inner.status }
    var sentEvents: [Event] { inner.sentEvents }

    func connect() { inner.connect() }
    func disconnect() { inner.disconnect() }
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        inner.onStatusChange(handler)
    }
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken { inner.onEvent(handler) }

    func send(_ event: Event) throws(TransportError) {
        let goesOut = plan.withLock { plan -> Bool in
            if plan.isCut { return false }
            guard let left = plan.sendsLeft else { return true }
            if left == 0 {
                plan.isCut = true
                return false
            }
            plan.sendsLeft = left - 1
            return true
        }
        guard goesOut else { throw .notConnected(.disconnected) }
        try inner.send(event)
    }

    /// The network goes after `count` more sends: the next one fails.
    func cut(after count: Int) {
        plan.withLock { $0.sendsLeft = count }
    }

    /// Everyone hears that the connection dropped.
    func reportDrop() throws {
        plan.withLock { $0 = (nil, false) }
        try inner.drop()
    }

    /// The network is back.
    func restore() throws {
        try inner.restore()
    }
}

/// A command declared by the tests: the outbox has never heard of it.
///
/// It marks a chat read by
/// sending `read`, and says when it ran.
struct MarkReadCommand: OutboxCommand {
    let read: Event
    let log: RunLog

    init(log: RunLog) throws {
        self.read = try event("read")
        self.log = log
    }

    func execute(on connection: any Connection) throws {
        try connection.send(read)
        log.write("mark read")
    }
}

/// A command declared by the tests that, when it runs, asks for a follow-up: as a chat screen
/// might send "typing" and then, from inside the outbox's replay, one more event.
struct FollowUpCommand: OutboxCommand {
    let first: Event
    let followUp: @Sendable () -> Void

    func execute(on connection: any Connection) throws {
        try connection.send(first)
        followUp()
    }
}

/// A command declared by the tests that sends one event and writes to a log when the outbox
/// tells it it will never run again (`cancel()`).
struct CancelAwareCommand: OutboxCommand {
    let name: String
    let log: RunLog

    func execute(on connection: any Connection) throws {
        try connection.send(try event(name))
    }

    func cancel() {
        log.write("\(name) cancelled")
    }
}

/// A log any thread can write to.
final class RunLog: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func write(_ line: String) { lines.withLock { $0.append(line) } }
}

/// A connected transport whose server answers at once: the reply is delivered from inside
/// `send`, before `send` returns, as a real socket may deliver it on its own thread.
final class InstantReplyTransport: Transport, Sent {
    let inner: InMemoryTransport
    private let reply: Event

    /// A transport that answers every sent event named like `reply` with `reply`.
    init(reply: Event) throws {
        inner = try offlineTransport()
        self.reply = reply
    }

    var url: ServerURL { inner.url }
    var status: TransportStatus { inner.status }
    var sentEvents: [Event] { inner.sentEvents }

    func connect() { inner.connect() }
    func disconnect() { inner.disconnect() }
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        inner.onStatusChange(handler)
    }
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken { inner.onEvent(handler) }

    func send(_ event: Event) throws {
        try inner.send(event)
        if event.name == reply.name { try inner.deliver(reply) }
    }
}

/// A caller awaiting `response()` in a task of its own; `outcome` holds how its wait ended.
struct Caller {
    let task: Task<Void, Never>
    let outcome = Received<Result<Event, OutboxError>>()

    /// A caller whose task runs on `executor`: only when the test runs that executor.
    init(awaiting pending: PendingReply, on executor: ManualExecutor) {
        let outcome = self.outcome
        task = Task(executorPreference: executor) {
            do throws(OutboxError) {
                outcome.set(.success(try await pending.response()))
            } catch {
                outcome.set(.failure(error))
            }
        }
    }
}

/// A connection declared by the tests that wraps another: the outbox has never heard of it.
///
/// It writes down what went through it: every send that went out, and every connect,
/// disconnect and release.
///
/// Any `Connection` will do for the outbox, even a wrapper: it only sends and listens.
final class LoggingConnection: Connection {
    let inner: any Connection
    let log = RunLog()

    init(wrapping inner: any Connection) {
        self.inner = inner
    }

    var id: UUID { inner.id }
    var url: URL { inner.url }
    var status: TransportStatus { inner.status }

    func connect() throws {
        log.write("connect")
        try inner.connect()
    }

    func disconnect() throws {
        log.write("disconnect")
        try inner.disconnect()
    }

    func release() throws {
        log.write("release")
        try inner.release()
    }

    func send(_ event: Event) throws {
        try inner.send(event)
        log.write("send \(event.name.rawValue)")
    }

    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        inner.onEvent(handler)
    }

    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        inner.onStatusChange(handler)
    }
}

/// A connection declared by the tests whose `send` can run a script first: drop and restore
/// the connection, call back into the outbox, or throw.
///
/// It forces the orders a real network gives only sometimes: the connection drops and comes
/// back while a command is running, a send is refused while connected, the app cancels a
/// command while it is being sent. `inner` is the connection behind it: the test connects and
/// disconnects it, and reads what went out.
final class ScriptedConnection: Connection, Sent {
    let inner: RecordingConnection
    private let script = Mutex(Script())

    private struct Script {
        var refusals: [String: any Error] = [:]
        var nextSend: [String: @Sendable () throws -> Void] = [:]
        var attempts: [String: Int] = [:]
        /// What the connection says while it reconnects on its own; `nil`: what `inner` says.
        var said: TransportStatus?
        var statusHandlers: [@Sendable (TransportStatus) -> Void] = []
    }

    init() throws {
        inner = try recordingConnection()
    }

    var id: UUID { inner.id }
    var url: URL { inner.url }
    var status: TransportStatus { script.withLock { $0.said } ?? inner.status }
    var sentEvents: [Event] { inner.sentEvents }

    func connect() { inner.connect() }
    func disconnect() { inner.disconnect() }
    func release() { inner.release() }

    func send(_ event: Event) throws {
        let name = event.name.rawValue
        let (refusal, action) = script.withLock { script in
            script.attempts[name, default: 0] += 1
            return (script.refusals[name], script.nextSend.removeValue(forKey: name))
        }
        try action?()
        if let refusal { throw refusal }
        try inner.send(event)
    }

    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken { inner.onEvent(handler) }

    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        script.withLock { $0.statusHandlers.append(handler) }
        return inner.onStatusChange(handler)
    }

    /// Says `.connecting`, then `.connected` again, and tells every status handler each time,
    /// while `inner` stays connected: a connection that lost its server for a moment and
    /// reconnected on its own, never saying `.disconnected`.
    func reconnectOnItsOwn() {
        for status in [TransportStatus.connecting, .connected] {
            let handlers = script.withLock { script in
                script.said = status == .connected ? nil : status
                return script.statusHandlers
            }
            for handler in handlers { handler(status) }
        }
    }

    /// How often the outbox asked to send the event `name`, whether it went out, was refused or
    /// threw.
    func attempts(of name: String) -> Int {
        script.withLock { $0.attempts[name, default: 0] }
    }

    /// Every send of the event `name` throws `error`, and the connection stays as it is: a
    /// refusal, as a protection proxy's `SendForbidden` for a guest.
    func refuse(_ name: String, with error: any Error) {
        script.withLock { $0.refusals[name] = error }
    }

    /// The next send of the event `name` runs `action` first, from inside `send`; if `action`
    /// throws, the send throws that and nothing goes out.
    func onNextSend(of name: String, do action: @escaping @Sendable () throws -> Void) {
        script.withLock { $0.nextSend[name] = action }
    }
}

/// An error no connection in MessagingKit throws: the outbox must not need to know it.
struct NetworkGone: Error {}
