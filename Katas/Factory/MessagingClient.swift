import Foundation
import MessagingKit

/// What the app's features use to open a connection to a server.
///
/// It gets every connection from the ``ConnectionFactory`` it was given and never names a
/// concrete connection class. Give it another factory and every connection it opens changes.
public struct MessagingClient: Sendable {
    /// Creates a client that gets every connection from `factory`.
    public init(factory: any ConnectionFactory) {
        // TODO: Step 3 — keep the factory, as the protocol (rule 3.2).
    }

    /// Makes a connection to `url` with the factory, starts connecting it, and returns it.
    ///
    /// - Throws: whatever the factory throws, unchanged (``ConnectionFactoryError`` from the
    ///   factories in this package), when it refuses `url`; or whatever the connection throws,
    ///   unchanged, when it refuses to connect (a managed connection refuses by its state). Then
    ///   nothing is returned.
    public func open(_ url: URL) throws -> any Connection {
        // TODO: Step 3 — ask the factory for the connection, start connecting it, and return it;
        //       either's error reaches the caller unchanged (rules 3.1–3.5).
        // For now the client names a class itself, so no factory can ever change what it opens.
        RecordingConnection(url: url)
    }
}
