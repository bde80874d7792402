import Foundation
import MessagingKit
import State
import Synchronization
import Testing

/// A managed connection that owns a socket connection over an in-memory transport, which the
/// test drives by hand: the transport is the server, the network, and the library acting on its
/// own.
struct Harness {
    let transport: InMemoryTransport
    let socket: SocketConnection
    let connection: ManagedConnection

    init() throws {
        transport = InMemoryTransport(url: try chatURL())
        socket = SocketConnection(transport: transport)
        connection = ManagedConnection(connection: socket)
    }

    /// A connection brought into `state` the way an app would: operations and the server.
    static func lived(_ state: ConnectionState) throws -> Harness {
        let harness = try Harness()
        let connection = harness.connection
        let transport = harness.transport
        if state != .created {
            try connection.connect()
            try transport.accept()
        }
        if state == .disconnected || state == .reconnecting || state == .released {
            try transport.drop()
        }
        if state == .reconnecting { try connection.connect() }
        if state == .released { try connection.release() }
        try #require(
            connection.state == state, "The operations and the server bring the connection to \(state)")
        return harness
    }
}

func chatURL() throws -> ServerURL { try ServerURL("wss://chat.example.com/socket") }

/// The allowed moves, as the brief's table lists them: every other pair is refused.
let allowedMoves: Set<ConnectionStateChange> = [
    ConnectionStateChange(from: .created, to: .connected),
    ConnectionStateChange(from: .created, to: .disconnected),
    ConnectionStateChange(from: .connected, to: .disconnected),
    ConnectionStateChange(from: .disconnected, to: .reconnecting),
    ConnectionStateChange(from: .disconnected, to: .released),
    ConnectionStateChange(from: .reconnecting, to: .connected),
    ConnectionStateChange(from: .reconnecting, to: .disconnected),
]

/// Every (from, to) pair of states: 25.
let everyMove = ConnectionState.allCases.flatMap { from in
    ConnectionState.allCases.map { ConnectionStateChange(from: from, to: $0) }
}

/// A connection whose `send` the test scripts: a socket connection over an in-memory transport
/// for everything else, whose `send` goes to `onSend`, which may throw, drop the network, or
/// answer at once.
///
/// The test still plays the server with `accept()`, `drop()` and `deliver(_:)` on
/// ``transport``, and `onSend` sends for real with `transport.send(_:)`.
final class ScriptedConnection: Connection {
    let transport: InMemoryTransport
    private let socket: SocketConnection
    private let onSend: @Sendable (Event, InMemoryTransport) throws -> Void

    init(onSend: @escaping @Sendable (Event, InMemoryTransport) throws -> Void) throws {
        transport = InMemoryTransport(url: try chatURL())
        socket = SocketConnection(transport: transport)
        self.onSend = onSend
    }

    let id = UUID()
    var url: URL { socket.url }
    var status: TransportStatus { socket.status }
    func connect() { socket.connect() }
    func disconnect() { socket.disconnect() }
    func release() { socket.release() }
    func send(_ event: Event) throws { try onSend(event, transport) }
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken { socket.onEvent(handler) }
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        socket.onStatusChange(handler)
    }
}

/// An error of the test's own, which no connection could make up: it proves an error passed
/// through unchanged.
struct SocketClosedByTest: Error, Equatable {}

/// A connection from a faulty library: `release()` only closes the socket, and it goes on
/// reporting statuses and events afterwards.
///
/// The test drives the server and the library on ``transport``, and so checks that a released
/// lifecycle forgets and ignores by itself, not because its socket fell silent.
final class LeakyConnection: Connection {
    let transport: InMemoryTransport
    private let socket: SocketConnection

    init() throws {
        transport = InMemoryTransport(url: try chatURL())
        socket = SocketConnection(transport: transport)
    }

    let id = UUID()
    var url: URL { socket.url }
    var status: TransportStatus { socket.status }
    func connect() { socket.connect() }
    func disconnect() { socket.disconnect() }
    func release() { socket.disconnect() }
    func send(_ event: Event) throws { try socket.send(event) }
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken { socket.onEvent(handler) }
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        socket.onStatusChange(handler)
    }
}

/// A connection whose reports the test delivers by hand, when it likes: ``set(_:)`` changes
/// its status and tells nobody; ``report(_:)`` tells every handler a status, whatever the status
/// is now.
///
/// How a test forces a report to arrive after a newer one, as a library that reports from
/// several threads may deliver them. It sends only while connected.
final class LateReportingConnection: Connection {
    private struct State {
        var status = TransportStatus.idle
        var handlers: [@Sendable (TransportStatus) -> Void] = []
        var sent: [Event] = []
        var onNextStatusRead: (@Sendable () -> Void)?
        var onNextRelease: (@Sendable () -> Void)?
        var releases = 0
    }

    private let state = Mutex(State())

    init() throws { url = try chatURL().url }

    /// The next time anyone reads ``status``, it reads the status as it is, and then, before the
    /// read returns, `change` runs: another thread's newer change, landing just as this one is
    /// being handled.
    func whenStatusIsNextRead(_ change: @escaping @Sendable () -> Void) {
        state.withLock { $0.onNextStatusRead = change }
    }

    /// The next time anything calls ``release()``, the socket is released, and then, before the
    /// call returns, `call` runs: another thread's operation, landing just as this release is
    /// under way.
    func whenNextReleased(_ call: @escaping @Sendable () -> Void) {
        state.withLock { $0.onNextRelease = call }
    }

    let id = UUID()
    let url: URL
    var status: TransportStatus {
        let (status, change) = state.withLock { state in
            defer { state.onNextStatusRead = nil }
            return (state.status, state.onNextStatusRead)
        }
        change?()
        return status
    }
    /// Every event sent while connected, oldest first.
    var sent: [Event] { state.withLock { $0.sent } }

    /// The network drops and comes back, and the drop's report arrives last, late.
    ///
    /// The return is reported before the drop; the socket ends connected.
    func dropAndReturnReportedOutOfOrder() {
        set(.disconnected)
        set(.connected)
        report(.connected)
        report(.disconnected)
    }

    /// It starts connecting, connects and drops at once, and the drop is reported first.
    ///
    /// The connect's report is still held: ``report(_:)`` with `.connected` delivers it, late.
    func connectAndDropReportingTheDropFirst() {
        move(to: .connecting)
        set(.connected)
        set(.disconnected)
        report(.disconnected)
    }

    /// The socket's status changes; its report is held until the test calls ``report(_:)``.
    func set(_ status: TransportStatus) { state.withLock { $0.status = status } }

    /// Delivers a report of `status` to every handler, late or not.
    func report(_ status: TransportStatus) {
        for handler in state.withLock({ $0.handlers }) { handler(status) }
    }

    /// Moves to `status` and reports it at once: a report that is not late.
    func move(to status: TransportStatus) {
        set(status)
        report(status)
    }

    func connect() {
        guard status == .idle || status == .disconnected else { return }
        set(.connecting)
        report(.connecting)
    }
    func disconnect() {
        set(.disconnected)
        report(.disconnected)
    }
    /// Every time ``release()`` was called.
    var releases: Int { state.withLock { $0.releases } }

    func release() {
        let call = state.withLock { state in
            defer { state.onNextRelease = nil }
            state.handlers = []
            state.status = .disconnected
            state.releases += 1
            return state.onNextRelease
        }
        call?()
    }
    func send(_ event: Event) throws {
        try state.withLock { (state) throws(TransportError) in
            guard state.status == .connected else { throw .notConnected(state.status) }
            state.sent.append(event)
        }
    }
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken { ObservationToken {} }
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        state.withLock { $0.handlers.append(handler) }
        return ObservationToken {}
    }
}

/// A lifecycle over a ``LateReportingConnection``, brought to `state` (created, connected or
/// disconnected) by its socket's reports alone.
func lifecycle(broughtTo state: ConnectionState) throws -> (
    socket: LateReportingConnection, connection: ManagedConnection
) {
    let socket = try LateReportingConnection()
    let connection = ManagedConnection(connection: socket)
    if state != .created { socket.move(to: .connected) }
    if state == .disconnected { socket.move(to: .disconnected) }
    try #require(connection.state == state, "The socket's reports bring the lifecycle to \(state) (rule 2.2)")
    return (socket, connection)
}
