import Builder
import MessagingKit
import Synchronization
import Testing

extension Tag {
    /// Tests of the real-time messaging domain.
    @Tag static var messaging: Self
    /// Tests of the app's start-up.
    @Tag static var startup: Self
}

/// Makes in-memory transports for the builder's connections, and keeps them for the test to
/// play the server.
final class Transports: Sendable {
    private let made = Mutex<[InMemoryTransport]>([])

    /// Every transport made so far, in order.
    var all: [InMemoryTransport] { made.withLock { $0 } }

    /// What a builder calls to reach a server.
    var make: @Sendable (ServerURL) -> any Transport {
        { [self] url in
            let transport = InMemoryTransport(url: url)
            made.withLock { $0.append(transport) }
            return transport
        }
    }
}

/// A builder whose connections use `transports`.
func builder(_ transports: Transports = Transports()) -> ConnectionBuilder {
    ConnectionBuilder(transports: transports.make)
}

/// The chat server every valid test configuration points at.
let chatURL = "wss://chat.example.com/socket"

/// Builds, expecting problems: the problems found, as a set, or `nil` when the build succeeded.
func problems(_ build: () throws(BuildError) -> ConnectionConfiguration) -> Set<BuildProblem>? {
    do {
        _ = try build()
        return nil
    } catch {
        return Set(error.problems)
    }
}
