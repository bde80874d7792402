import Foundation
import MessagingKit

/// The app's factory: picks the kind of connection by the URL's scheme.
///
/// | scheme (any case) | connection |
/// |---|---|
/// | `ws`, `wss` | ``SocketConnection`` over a new transport from `makeTransport` |
/// | `memory` | ``RecordingConnection`` |
/// | anything else | refused: ``ConnectionFactoryError/unsupportedScheme(_:)`` |
///
/// A URL without a host is refused with ``ConnectionFactoryError/missingHost(_:)``, whatever
/// its scheme.
///
/// This is the one place in the app that names concrete connection classes.
public struct SchemeConnectionFactory: ConnectionFactory {
    /// Creates a factory whose socket connections get their transports from `makeTransport`.
    ///
    /// By default each gets a new `InMemoryTransport`.
    public init(
        makeTransport: @escaping @Sendable (ServerURL) -> any Transport = { InMemoryTransport(url: $0) }
    ) {
        // TODO: Step 1 — keep makeTransport: socket connections need a new transport each (rule 1.1).
    }

    /// Makes a new connection for `url`, of the kind its scheme calls for.
    ///
    /// - Throws: ``ConnectionFactoryError/missingHost(_:)`` when `url` has no host, and
    ///   ``ConnectionFactoryError/unsupportedScheme(_:)`` when no connection speaks its scheme.
    ///   Nothing is made in either case.
    public func makeConnection(for url: URL) throws(ConnectionFactoryError) -> any Connection {
        // TODO: Step 1 — choose by scheme, as in the table above: a new, idle connection for the URL
        //       as given, on every call (rules 1.1–1.5).
        // TODO: Step 2 — refuse a URL without a host or with another scheme, before making anything
        //       (rules 2.1–2.3).
        // For now every URL gets the same class, as when the app named it everywhere.
        RecordingConnection(url: url)
    }
}
