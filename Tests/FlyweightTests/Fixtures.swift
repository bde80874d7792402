import Flyweight
import Foundation
import KataTestSupport
import MessagingKit
import Synchronization
import Testing

/// A URL from test data.
func url(_ text: String) throws -> URL {
    try #require(URL(string: text), "\(text) should parse as a URL (test data)")
}

/// `count` servers, each a URL of its own.
func servers(_ count: Int) throws -> [URL] {
    try (0..<count).map { try url("wss://chat.example.com/room/\($0)") }
}

/// A connection factory the tests declare: it makes a ``Socket`` over an `InMemoryTransport`
/// for `ws://` and `wss://` URLs, counts how often it is asked, and can normalise the URL.
final class Factory: ConnectionFactory {
    private let normalizing: Bool
    private let made = Mutex<[URL: [Socket]]>([:])
    private let asks = Atomic(0)

    init(normalizing: Bool = false) {
        self.normalizing = normalizing
    }

    /// How many times the pool asked for a connection.
    var asked: Int { asks.load(ordering: .acquiring) }

    /// The last connection made for `url`.
    func socket(for url: URL) throws -> Socket {
        try #require(made.withLock { $0[url]?.last }, "The factory made no connection for \(url)")
    }

    /// How many connections were made for `url`.
    func made(for url: URL) -> Int { made.withLock { $0[url]?.count ?? 0 } }

    func makeConnection(for url: URL) throws(ConnectionFactoryError) -> any Connection {
        asks.add(1, ordering: .acquiringAndReleasing)
        guard url.scheme?.lowercased() == "wss" || url.scheme?.lowercased() == "ws" else {
            throw .unsupportedScheme(url)
        }
        var server = url
        if normalizing, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            parts.scheme = parts.scheme?.lowercased()
            parts.host = parts.host?.lowercased()
            server = parts.url ?? url
        }
        guard let address = try? ServerURL(server) else { throw .missingHost(url) }
        let socket = Socket(transport: InMemoryTransport(url: address))
        made.withLock { $0[url, default: []].append(socket) }
        return socket
    }
}

/// A socket connection whose calls the test counts, and whose connect and release it can make
/// throw.
final class Socket: Connection {
    let transport: InMemoryTransport
    private let socket: SocketConnection
    private let script = Mutex(Script())

    private struct Script {
        var connects = 0
        var releases = 0
        var connectError: (any Error)?
        var releaseError: (any Error)?
        var lifecycle: ConnectionState?
        var ticket: CommandTicket?
    }

    init(transport: InMemoryTransport) {
        self.transport = transport
        self.socket = SocketConnection(transport: transport)
    }

    var connectCalls: Int { script.withLock { $0.connects } }
    var releaseCalls: Int { script.withLock { $0.releases } }
    func refuseConnect(with error: (any Error)?) { script.withLock { $0.connectError = error } }
    func refuseRelease(with error: (any Error)?) { script.withLock { $0.releaseError = error } }
    /// Makes the socket say it is at `lifecycle` in a lifecycle, as a managed connection does.
    func play(lifecycle: ConnectionState?) { script.withLock { $0.lifecycle = lifecycle } }
    /// Makes the socket give `ticket` for its next sends, as a connection with an outbox does.
    func play(ticket: CommandTicket) { script.withLock { $0.ticket = ticket } }

    var id: UUID { socket.id }
    var url: URL { socket.url }
    var status: TransportStatus { socket.status }
    var lifecycle: ConnectionState? { script.withLock { $0.lifecycle } }

    func connect() throws {
        let error = script.withLock { script in
            script.connects += 1
            return script.connectError
        }
        if let error { throw error }
        socket.connect()
    }

    func disconnect() { socket.disconnect() }

    func release() throws {
        let error = script.withLock { script in
            script.releases += 1
            return script.releaseError
        }
        if let error { throw error }
        socket.release()
    }

    func send(_ event: Event) throws { try socket.send(event) }
    func submit(_ event: Event) throws -> CommandTicket {
        try send(event)
        return script.withLock { $0.ticket } ?? CommandTicket(number: 0)
    }
    @discardableResult
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        socket.onEvent(handler)
    }
    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        socket.onStatusChange(handler)
    }
}

/// An error of the tests' own.
struct Refused: Error, Equatable {
    let reason: String
}

/// A pool over a new ``Factory``.
func pool(normalizing: Bool = false) -> (ConnectionPool, Factory) {
    let factory = Factory(normalizing: normalizing)
    return (ConnectionPool(factory: factory), factory)
}

/// A handle on `url` whose connection the server has accepted.
func connectedHandle(_ url: URL, in pool: ConnectionPool, _ factory: Factory) async throws -> ConnectionHandle
{
    let handle = try await pool.makeHandle(for: url)
    try handle.connect()
    let transport = try factory.socket(for: url).transport
    if transport.status == .connecting { try transport.accept() }
    return handle
}

/// Another object that says it is `connection`: the same id and url, forwarding everything.
///
/// A pool that finds its connections by identity never mistakes it for the one it holds.
final class Stranger: Connection {
    private let wearing: any Connection

    init(wearing: any Connection) {
        self.wearing = wearing
    }

    var id: UUID { wearing.id }
    var url: URL { wearing.url }
    var status: TransportStatus { wearing.status }
    func connect() throws { try wearing.connect() }
    func disconnect() throws { try wearing.disconnect() }
    func release() throws { try wearing.release() }
    func send(_ event: Event) throws { try wearing.send(event) }
    @discardableResult
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        wearing.onEvent(handler)
    }
    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        wearing.onStatusChange(handler)
    }
}
