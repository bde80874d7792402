import Foundation
import MessagingKit

/// What the app's features use to open a connection to a server.
///
/// Role: **Client** of the factory. It holds an `any ConnectionFactory` and never names a
/// concrete connection class. Give it another factory and every connection it opens changes:
/// replacing the socket library is one line at start-up.
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
    /// - Throws: whatever the factory throws, unchanged (``ConnectionFactoryError`` from the
    ///   factories in this package), when it refuses `url`; or whatever the connection throws,
    ///   unchanged, when it refuses to connect (a managed connection refuses by its state). Then
    ///   nothing is returned.
    public func open(_ url: URL) throws -> any Connection {
        // Why untyped: the factory is any `ConnectionFactory` and the connection any
        // `Connection`, whose requirements are untyped because others implement them.
        // Rethrowing their errors as they are keeps every case they have.
        let connection = try factory.makeConnection(for: url)
        try connection.connect()
        return connection
    }
}
