import Foundation
import MessagingKit

/// What the app's features use to open a connection to a server.
///
/// Role: **Client** of the factory. It holds an `any ConnectionFactory` and never names a
/// concrete connection class. Give it another factory and every connection it opens changes:
/// the seed's "replace the library later" goal, as one line at start-up.
///
/// - Note: Why a struct: the client has no state of its own, only its factory. Its one stored
///   property is `Sendable`, so the client is too, and any task may open connections with it.
public struct MessagingClient: Sendable {
    private let factory: any ConnectionFactory

    /// Creates a client that gets every connection from `factory`.
    public init(factory: any ConnectionFactory) {
        self.factory = factory
    }

    /// Makes a connection to `url` with the factory, starts connecting it, and returns it.
    ///
    /// - Throws: the factory's ``ConnectionFactoryError``, unchanged, when it refuses `url`.
    public func open(_ url: URL) throws -> any Connection {
        // Why typed throws: the caller learns from the signature that a refused URL is the
        // only way this fails, and `catch` gets a ConnectionFactoryError, not `any Error`.
        let connection = try factory.makeConnection(for: url)
        connection.connect()
        return connection
    }
}
