import MessagingKit
import State
import Synchronization
import Testing

/// A managed connection over an in-memory transport the test drives by hand.
struct Harness {
    let transport: InMemoryTransport
    let connection: ManagedConnection

    init() throws {
        transport = InMemoryTransport(url: try chatURL())
        connection = ManagedConnection(transport: transport)
    }

    /// A connection brought into `state` the way an app would: operations and the transport.
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
            connection.state == state, "The operations and the transport bring the connection to \(state)")
        return harness
    }
}

func chatURL() throws -> ServerURL { try ServerURL("wss://chat.example.com/socket") }

/// Collects what a callback reports, from any thread.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    var all: [Value] { values.withLock { $0 } }
    func record(_ value: Value) { values.withLock { $0.append(value) } }
}

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

/// A transport whose `send` the test scripts: it wraps an in-memory transport and hands each
/// send to `onSend`, which may throw, drop the network, or answer at once.
///
/// Everything else goes straight to the in-memory transport, so the test still plays the server
/// with `accept()`, `drop()` and `deliver(_:)` on ``inner``.
final class ScriptedTransport: Transport {
    let inner: InMemoryTransport
    private let onSend: @Sendable (Event, InMemoryTransport) throws -> Void

    init(onSend: @escaping @Sendable (Event, InMemoryTransport) throws -> Void) throws {
        inner = InMemoryTransport(url: try chatURL())
        self.onSend = onSend
    }

    var url: ServerURL { inner.url }
    var status: TransportStatus { inner.status }
    func connect() { inner.connect() }
    func disconnect() { inner.disconnect() }
    func send(_ event: Event) throws { try onSend(event, inner) }
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) {
        inner.onStatusChange(handler)
    }
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) { inner.onEvent(handler) }
}

/// An error of the test's own, which no connection could make up: it proves an error passed
/// through unchanged.
struct SocketClosedByTest: Error, Equatable {}
