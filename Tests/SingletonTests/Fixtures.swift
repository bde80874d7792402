import Foundation
import MessagingKit
import Synchronization
import Testing

/// Parses a URL written in a test; a typo fails the test instead of crashing it.
func url(_ text: String) throws -> URL {
    try #require(URL(string: text), "\(text) should parse as a URL (test data)")
}

/// Records the events a subscription hears, from any thread.
final class Heard: Sendable {
    private let heard = Mutex<[Event]>([])

    /// Every event heard, oldest first.
    var events: [Event] { heard.withLock { $0 } }

    /// Records `event`.
    func record(_ event: Event) { heard.withLock { $0.append(event) } }
}
