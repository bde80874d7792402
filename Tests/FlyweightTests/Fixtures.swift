import Flyweight
import Foundation
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
        transport.status == .connecting, "Opening a handle starts connecting the shared connection (step 2)")
    try transport.accept()
}

/// A factory that makes socket connections over in-memory transports for `ws` and `wss` URLs,
/// refuses every other scheme, and counts what it makes, so tests can play the server and see how often
/// the pool asked.
final class CountingFactory: ConnectionFactory {
    private let made = Mutex<[URL: [InMemoryTransport]]>([:])

    /// How many connections the factory made, for every URL together.
    var connectionsMade: Int { made.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    /// How many connections the factory made for `url`.
    func connectionsMade(for url: URL) -> Int { made.withLock { $0[url]?.count ?? 0 } }

    /// The transport of the latest connection made for `url`.
    func transport(for url: URL) throws -> InMemoryTransport {
        try #require(made.withLock { $0[url]?.last }, "The factory made no connection for \(url)")
    }

    func makeConnection(for url: URL) throws(ConnectionFactoryError) -> any Connection {
        guard url.scheme == "wss" || url.scheme == "ws" else { throw .unsupportedScheme(url) }
        guard let server = try? ServerURL(url) else { throw .missingHost(url) }
        let transport = InMemoryTransport(url: server)
        made.withLock { $0[url, default: []].append(transport) }
        return SocketConnection(transport: transport)
    }
}

/// Counts the events a subscription hears, from any thread.
final class Heard: Sendable {
    private let events = Mutex<[Event]>([])

    /// Every event heard, oldest first.
    var all: [Event] { events.withLock { $0 } }

    /// A subscription action that records what it hears.
    var action: @Sendable (Event) -> Void { { event in self.events.withLock { $0.append(event) } } }
}
