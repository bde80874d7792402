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
/// Role: **Concrete factory** (of an Abstract Factory with one product). This is the one place
/// in the app that names concrete connection classes, which is what makes the socket library
/// replaceable.
///
/// - Note: Why a struct: a factory holds no state of its own, only how to make a transport.
///   The closure is `@Sendable`, so the struct is `Sendable` and can be shared by any task.
public struct SchemeConnectionFactory: ConnectionFactory {
    // Why a closure: the transport is the socket library, and the library is what the app
    // wants to be able to replace. Tests pass a closure that keeps the transports it makes, so
    // they can play the server.
    private let makeTransport: @Sendable (ServerURL) -> any Transport

    /// Creates a factory whose socket connections get their transports from `makeTransport`.
    ///
    /// By default each gets a new `InMemoryTransport`.
    public init(
        makeTransport: @escaping @Sendable (ServerURL) -> any Transport = { InMemoryTransport(url: $0) }
    ) {
        self.makeTransport = makeTransport
    }

    /// Makes a new connection for `url`, of the kind its scheme calls for.
    ///
    /// - Throws: ``ConnectionFactoryError/missingHost(_:)`` when `url` has no host, and
    ///   ``ConnectionFactoryError/unsupportedScheme(_:)`` when no connection speaks its scheme.
    ///   Nothing is made in either case.
    public func makeConnection(for url: URL) throws(ConnectionFactoryError) -> any Connection {
        // Why typed here, when the protocol's requirement is untyped: this type's failures are
        // a closed set it owns, and a caller that holds a `SchemeConnectionFactory` gets an
        // exhaustive `switch`. A typed method still satisfies the untyped requirement.
        //
        // Why validate first: a transport is a socket. Making one and then refusing the URL
        // would leave a half-built connection behind. Every check happens before anything is
        // made. `ServerURL` refuses a URL with no host or no scheme; its error is reworded as
        // ours, naming the URL.
        guard let server = try? ServerURL(url) else {
            throw url.host?.isEmpty == false ? .unsupportedScheme(url) : .missingHost(url)
        }
        // Why the `switch` is fine here: choosing a concrete class by a key is the factory's
        // whole job. The switch lives in this one function, and no caller repeats it.
        switch server.scheme {
        case "ws", "wss":
            return SocketConnection(transport: makeTransport(server))
        case "memory":
            return RecordingConnection(url: url)
        default:
            throw .unsupportedScheme(url)
        }
    }
}
