import Foundation
import MessagingKit
import Synchronization
import Testing

/// Parses a URL written in a test; a typo fails the test instead of crashing it.
func url(_ text: String) throws -> URL {
    try #require(URL(string: text), "\(text) should parse as a URL (test data)")
}
