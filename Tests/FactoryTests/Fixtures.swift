import Factory
import Foundation
import MessagingKit
import Synchronization
import Testing

/// Parses a URL written in a test; a typo fails the test instead of crashing it.
func url(_ text: String) throws -> URL {
    try #require(URL(string: text), "\(text) should parse as a URL (test data)")
}

/// Hands `SchemeConnectionFactory` its transports and keeps them, so a test can play the server.
final class TransportRecorder: Sendable {
    private let made = Mutex<[InMemoryTransport]>([])

    /// Every transport made so far, oldest first.
    var transports: [InMemoryTransport] { made.withLock { $0 } }

    /// A factory whose socket connections get their transports from this recorder.
    var factory: SchemeConnectionFactory {
        SchemeConnectionFactory(makeTransport: { self.makeTransport(for: $0) })
    }

    private func makeTransport(for url: ServerURL) -> any Transport {
        let transport = InMemoryTransport(url: url)
        made.withLock { $0.append(transport) }
        return transport
    }
}
