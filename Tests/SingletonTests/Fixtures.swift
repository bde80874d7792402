import Foundation
import MessagingKit
import Singleton
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

/// A factory that makes socket connections over in-memory transports and counts them per URL,
/// so a test can see how often it was asked.
final class CountingFactory: ConnectionFactory {
    private let made = Mutex<[URL: Int]>([:])

    /// How many connections the factory made, for every URL together.
    var connectionsMade: Int { made.withLock { $0.values.reduce(0, +) } }

    /// How many connections the factory made for `url`.
    func connectionsMade(for url: URL) -> Int { made.withLock { $0[url] ?? 0 } }

    func makeConnection(for url: URL) throws(ConnectionFactoryError) -> any Connection {
        guard let server = try? ServerURL(url) else { throw .missingHost(url) }
        made.withLock { $0[url, default: 0] += 1 }
        return SocketConnection(transport: InMemoryTransport(url: server))
    }
}

/// Refuses every URL.
struct RefusingFactory: ConnectionFactory {
    func makeConnection(for url: URL) throws(ConnectionFactoryError) -> any Connection {
        throw .unsupportedScheme(url)
    }
}
