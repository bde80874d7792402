import Flyweight
import Foundation
import KataTestSupport
import MessagingKit
import Synchronization
import Testing

/// Parses a URL written in a test; a typo fails the test instead of crashing it.
func url(_ text: String) throws -> URL {
    try #require(URL(string: text), "\(text) should parse as a URL (test data)")
}

/// `count` distinct server URLs.
func servers(_ count: Int) throws -> [URL] {
    try (0..<count).map { try url("wss://chat.example.com/room/\($0)") }
}

/// Plays the server accepting the connection a handle started.
func accept(_ transport: InMemoryTransport) throws {
    try #require(
        transport.status == .connecting, "Opening a handle starts connecting the shared connection (rule 2.2)"
    )
    try transport.accept()
}

/// A factory that makes socket connections over in-memory transports for `ws` and `wss` URLs,
/// refuses every other scheme, and keeps what it makes, so tests can play the server, see how
/// often the pool asked, and count the listeners on each connection.
///
/// A `normalizing` factory lowercases the scheme and the host of the URL it connects to, as a
/// real factory may: then a connection's `url` differs from the URL the pool asked for. Either
/// way it files what it makes under the URL it was asked for.
final class CountingFactory: ConnectionFactory {
    private let normalizing: Bool

    init(normalizing: Bool = false) {
        self.normalizing = normalizing
    }

    private let made = Mutex<[URL: [(connection: ListenerCountingConnection, transport: InMemoryTransport)]]>(
        [:])
    private let refusingNew = Mutex<(any Error)?>(nil)
    private let asks = Atomic(0)

    /// Makes the connections made from now on refuse `connect()` (`true`), or connect (`false`);
    /// see ``ListenerCountingConnection/refuseConnect(_:)``.
    func refuseConnect(_ refuse: Bool) { refusingNew.withLock { $0 = refuse ? ConnectRefused.any : nil } }

    /// Makes the connections made from now on refuse `connect()` with `error`; see
    /// ``ListenerCountingConnection/refuseConnect(with:)``.
    func refuseConnect(with error: any Error) { refusingNew.withLock { $0 = error } }

    /// How many times the pool asked the factory, refused or not.
    var asked: Int { asks.load(ordering: .acquiring) }

    /// How many connections the factory made, for every URL together.
    var connectionsMade: Int { made.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    /// How many connections the factory made for `url`.
    func connectionsMade(for url: URL) -> Int { made.withLock { $0[url]?.count ?? 0 } }

    /// The latest connection made for `url`.
    func connection(for url: URL) throws -> ListenerCountingConnection {
        try #require(made.withLock { $0[url]?.last?.connection }, "The factory made no connection for \(url)")
    }

    /// The connection with `id`, whichever URL it was made for.
    func connection(withID id: UUID) throws -> ListenerCountingConnection {
        try #require(
            made.withLock { $0.values.joined().first { $0.connection.id == id }?.connection },
            "The factory made no connection with the id \(id)")
    }

    /// The transport of the latest connection made for `url`.
    func transport(for url: URL) throws -> InMemoryTransport {
        try #require(made.withLock { $0[url]?.last?.transport }, "The factory made no connection for \(url)")
    }

    func makeConnection(for url: URL) throws(ConnectionFactoryError) -> any Connection {
        asks.add(1, ordering: .acquiringAndReleasing)
        let scheme = url.scheme.map { normalizing ? $0.lowercased() : $0 }
        guard scheme == "wss" || scheme == "ws" else { throw .unsupportedScheme(url) }
        guard let server = try? ServerURL(normalizing ? Self.normalized(url) : url) else {
            throw .missingHost(url)
        }
        let transport = InMemoryTransport(url: server)
        let connection = ListenerCountingConnection(SocketConnection(transport: transport))
        if let refusal = refusingNew.withLock({ $0 }) { connection.refuseConnect(with: refusal) }
        made.withLock { $0[url, default: []].append((connection, transport)) }
        return connection
    }

    /// `url` with its scheme and host lowercased, the rest as it is.
    static func normalized(_ url: URL) -> URL {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        parts.scheme = parts.scheme?.lowercased()
        parts.host = parts.host?.lowercased()
        return parts.url ?? url
    }
}

/// What a ``ListenerCountingConnection`` throws when it refuses to connect, as a managed
/// connection refuses by its state.
struct ConnectRefused: Error, Equatable {
    let url: URL

    /// Stands for "throw a `ConnectRefused` with the connection's own URL".
    static let any = ConnectRefused(url: URL(filePath: "/"))
}

/// What a ``ListenerCountingConnection`` throws when it refuses a send it was told to refuse.
struct SendRefused: Error, Equatable {
    let reason: String
}

/// What a ``ListenerCountingConnection`` throws when it refuses to be released.
struct ReleaseRefused: Error, Equatable {
    let url: URL
}

/// What a ``ListenerCountingConnection`` throws when `release()` is called again after it refused:
/// whoever passes this on asked twice.
struct ReleasedAgain: Error, Equatable {
    let url: URL
    let attempt: Int
}

/// A socket connection that counts the listeners given to ``onEvent(_:)`` (the connection keeps
/// each until it is released, since it offers no way to unsubscribe), and that a test can tell
/// to refuse `connect()`.
final class ListenerCountingConnection: Connection {
    private let socket: SocketConnection
    private let listeners = Mutex(0)
    private let refusal = Mutex<(any Error)?>(nil)
    private let connects = Atomic(0)
    private let sendRefusal = Mutex<(any Error)?>(nil)
    private let sends = Atomic(0)
    private let refusingRelease = Atomic(false)
    private let releases = Atomic(0)
    private let attempts = Atomic(0)
    private let releaseRefusal = Mutex<(any Error)?>(nil)

    init(_ socket: SocketConnection) {
        self.socket = socket
    }

    /// How many listeners were given to ``onEvent(_:)``.
    var listenerCount: Int { listeners.withLock { $0 } }

    /// From now on, `connect()` throws ``ConnectRefused`` and leaves the socket as it is
    /// (`true`), or connects (`false`).
    func refuseConnect(_ refuse: Bool) { refusal.withLock { $0 = refuse ? ConnectRefused.any : nil } }

    /// From now on, `connect()` throws `error` and leaves the socket as it is.
    func refuseConnect(with error: any Error) { refusal.withLock { $0 = error } }

    /// How many times `connect()` was called, refused or not.
    var connectAttempts: Int { connects.load(ordering: .acquiring) }

    /// From now on, `send(_:)` throws `error` and sends nothing.
    func refuseSend(with error: any Error) { sendRefusal.withLock { $0 = error } }

    /// How many times `send(_:)` was called, refused or not.
    var sendAttempts: Int { sends.load(ordering: .acquiring) }

    /// From now on, `release()` throws and leaves the socket as it is: the first refused
    /// attempt throws `error` (``ReleaseRefused`` unless told), every later one ``ReleasedAgain``.
    func refuseRelease(with error: (any Error)? = nil) {
        releaseRefusal.withLock { $0 = error ?? ReleaseRefused(url: url) }
        refusingRelease.store(true, ordering: .releasing)
    }

    /// How many times `release()` went through.
    var releaseCount: Int { releases.load(ordering: .acquiring) }

    /// How many times `release()` was called, refused or not.
    var releaseAttempts: Int { attempts.load(ordering: .acquiring) }

    var id: UUID { socket.id }
    var url: URL { socket.url }
    var status: TransportStatus { socket.status }
    func connect() throws {
        connects.add(1, ordering: .acquiringAndReleasing)
        if let error = refusal.withLock({ $0 }) {
            throw (error as? ConnectRefused) == ConnectRefused.any ? ConnectRefused(url: url) : error
        }
        socket.connect()
    }
    func disconnect() { socket.disconnect() }
    func release() throws {
        let attempt = attempts.add(1, ordering: .acquiringAndReleasing).newValue
        guard !refusingRelease.load(ordering: .acquiring) else {
            let first = releaseRefusal.withLock { refusal in
                defer { refusal = nil }
                return refusal
            }
            throw first ?? ReleasedAgain(url: url, attempt: attempt)
        }
        releases.add(1, ordering: .acquiringAndReleasing)
        socket.release()
    }
    func send(_ event: Event) throws {
        sends.add(1, ordering: .acquiringAndReleasing)
        if let error = sendRefusal.withLock({ $0 }) { throw error }
        try socket.send(event)
    }
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        socket.onStatusChange(handler)
    }

    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        listeners.withLock { $0 += 1 }
        return socket.onEvent(handler)
    }
}

/// Stands for a screen a subscription captures: a test watches it to see whether anything still
/// holds it.
final class Screen: Sendable {}

/// What a connection's `connect()` may throw: every case of a managed connection's
/// ``LifecycleError``, every case of ``TransportError``, and an error of a type the pool has
/// never heard of.
let connectRefusals: [any Error] = [
    LifecycleError.operationRefused(.connect, in: .released),
    LifecycleError.transitionRefused(from: .released, to: .connected),
    TransportError.notConnected(.idle),
    TransportError.notAllowed(action: "connect", status: .disconnected),
    ConnectRefused(url: URL(filePath: "/elsewhere")),
]

/// What a connection's `send(_:)` may throw: every case of ``TransportError``, every case of a
/// managed connection's ``LifecycleError``, and an error of a type the pool has never heard of.
let sendRefusals: [any Error] = [
    TransportError.notConnected(.idle), TransportError.notConnected(.connecting),
    TransportError.notConnected(.disconnected),
    TransportError.notAllowed(action: "send", status: .connected),
    LifecycleError.operationRefused(.send, in: .reconnecting),
    LifecycleError.transitionRefused(from: .disconnected, to: .released),
    SendRefused(reason: "the server is full"),
]
