import MessagingKit
import State
import Synchronization
import Testing

/// A managed connection over an in-memory transport the test drives by hand.
struct Harness {
    let transport: InMemoryTransport
    let connection: ManagedConnection

    init() throws {
        transport = InMemoryTransport(url: try ServerURL("wss://chat.example.com/socket"))
        connection = ManagedConnection(transport: transport)
    }

    /// A connection moved into `state` by the table alone, with ``ManagedConnection/enter(_:)``:
    /// the shortest allowed path from `created`.
    static func entered(_ state: ConnectionState) throws -> Harness {
        let harness = try Harness()
        let path: [ConnectionState] =
            switch state {
            case .created: []
            case .connected: [.connected]
            case .disconnected: [.disconnected]
            case .reconnecting: [.disconnected, .reconnecting]
            case .released: [.disconnected, .released]
            }
        for next in path { try harness.connection.enter(next) }
        try #require(harness.connection.state == state, "enter(_:) follows the table to \(state) (step 1)")
        return harness
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

/// Collects what a callback reports, from any thread.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    var all: [Value] { values.withLock { $0 } }
    func record(_ value: Value) { values.withLock { $0.append(value) } }
}

/// The allowed moves, from DOMAIN.md: every other pair is refused.
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
