import Foundation
import KataTestSupport
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
    /// Every change the connection's observers heard, oldest first.
    let heard = Recorder<ConnectionStateChange>()

    init() throws {
        transport = InMemoryTransport(url: try chatURL())
        socket = SocketConnection(transport: transport)
        connection = ManagedConnection(connection: socket)
        connection.observe(heard.record)
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
        if [.disconnected, .reconnecting, .released].contains(state) { try transport.drop() }
        if state == .reconnecting { try connection.connect() }
        if state == .released { try connection.release() }
        try #require(
            connection.state == state, "The operations and the server bring the connection to \(state)")
        harness.heard.removeAll()
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

/// A connection the test moves by hand: it changes status and reports only when told to
/// (``report(_:)``), and records every call made to it.
///
/// Hooks let a call reach back in, as another thread or a library might just then.
final class Puppet: Connection {
    enum Call: Equatable, CustomStringConvertible {
        case connect, disconnect, release
        case send(String)
        var description: String {
            switch self {
            case .connect: "connect()"
            case .disconnect: "disconnect()"
            case .release: "release()"
            case .send(let name): "send(\(name))"
            }
        }
    }

    private struct Script {
        var status = TransportStatus.idle
        var calls: [Call] = []
        var onCall: (@Sendable (Call) throws -> Void)?
    }

    private let script = Guarded(Script())
    private let statuses = Broadcast<TransportStatus>()
    private let events = Broadcast<Event>()

    let id = UUID()
    let url = URL(filePath: "/puppet")
    var status: TransportStatus { script.withLock { $0.status } }
    /// Every call made to it, oldest first.
    var calls: [Call] { script.withLock { $0.calls } }
    /// How many status and event handlers are subscribed now.
    var handlerCount: Int { statuses.handlerCount + events.handlerCount }

    /// Runs `hook` inside every later call, before the call returns; a hook that throws makes
    /// `send` throw that error.
    func onCall(_ hook: @escaping @Sendable (Call) throws -> Void) {
        script.withLock { $0.onCall = hook }
    }

    /// Becomes `status` and reports it to every status handler.
    func report(_ status: TransportStatus) {
        statuses.publish { () -> TransportStatus? in
            script.withLock { $0.status = status }
            return status
        }
    }

    /// Becomes `status` without reporting it, as a library whose report is still on its way.
    func become(_ status: TransportStatus) { script.withLock { $0.status = status } }

    /// The server sends `event`.
    func deliver(_ event: Event) { events.publish(event) }

    private func record(_ call: Call) throws {
        let hook = script.withLock { script in
            script.calls.append(call)
            return script.onCall
        }
        try hook?(call)
    }

    func connect() { try? record(.connect) }
    func disconnect() { try? record(.disconnect) }
    func release() { try? record(.release) }
    func send(_ event: Event) throws { try record(.send(event.name.rawValue)) }
    @discardableResult
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        events.subscribe(handler)
    }
    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        statuses.subscribe(handler)
    }
}

/// A lifecycle over a ``Puppet``, brought to `state` by the puppet's reports, and by an operation
/// where only one leads (reconnecting, released); nothing is recorded of the way there.
func puppetLifecycle(in state: ConnectionState) throws -> (
    Puppet, ManagedConnection, Recorder<ConnectionStateChange>
) {
    let puppet = Puppet()
    let connection = ManagedConnection(connection: puppet)
    // Reports alone reach connected and disconnected (step 1); reconnecting and released take an
    // operation (step 2).
    if state != .created { puppet.report(.connected) }
    if [.disconnected, .reconnecting, .released].contains(state) { puppet.report(.disconnected) }
    if state == .reconnecting { try connection.connect() }
    if state == .released { try connection.release() }
    try #require(connection.state == state, "Operations and reports bring the lifecycle to \(state)")
    let heard = Recorder<ConnectionStateChange>()
    connection.observe(heard.record)
    puppet.onCall { _ in }
    return (puppet, connection, heard)
}

/// How many calls of each kind a puppet has had since `before`.
func callsSince(_ before: Int, on puppet: Puppet) -> [Puppet.Call] { Array(puppet.calls.dropFirst(before)) }

/// The error a test's owned connection throws from `send`: not one of MessagingKit's.
struct SocketFault: Error, Equatable {}

/// Runs `body` on a thread of its own; the returned semaphore is signalled when it returns.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    return done
}
