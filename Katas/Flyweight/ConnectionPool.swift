import Foundation
import MessagingKit

/// Shares one connection per server URL among everyone who asks, through handles.
///
/// The same URL always gives handles on the same connection (the same id) until it is released;
/// the ``ConnectionFactory`` is asked only for a URL the pool doesn't hold. Feature code asks
/// for a ``ConnectionHandle``: it never makes a connection, and never holds one, so no screen
/// can disconnect the shared connection for everyone.
///
/// It is an actor: any task may call it, and the actor runs one call at a time.
public actor ConnectionPool: ConnectionPooling {
    private let factory: any ConnectionFactory

    /// Creates an empty pool that asks `factory` for each new connection.
    public init(factory: any ConnectionFactory) {
        self.factory = factory
    }

    /// How many connections the pool holds: one per URL asked for and not released.
    public var count: Int {
        // TODO: Step 1 — count the pooled connections.
        0
    }

    /// Opens a new handle on the shared connection for `url`, and starts connecting it if it is
    /// not connecting or connected yet.
    ///
    /// - Throws: the factory's ``ConnectionFactoryError`` when it refuses `url`; nothing is
    ///   pooled then.
    public func makeHandle(for url: URL) throws -> ConnectionHandle {
        let connection = try connection(for: url)
        // TODO: Step 2 — keep track of the handle, so the pool knows the connection is in use;
        //       pass the connection's events on to it (listen to each connection once, not once
        //       per handle); start connecting the shared connection.
        return ConnectionHandle(
            connectionID: connection.id, url: connection.url, send: { try connection.send($0) })
    }

    /// Whether any handle on `url`'s connection is still open and held by someone.
    ///
    /// `false` when the pool holds no connection for `url`.
    public func isInUse(_ url: URL) -> Bool {
        // TODO: Step 2 — in use while any of the connection's handles is open.
        false
    }

    /// Disconnects `url`'s connection and removes it from the pool, unless a handle on it is
    /// still open.
    ///
    /// The next request for `url` then makes a fresh connection.
    /// - Returns: whether a connection was released: `false` when one is still in use or the
    ///   pool holds none for `url`.
    @discardableResult
    public func release(_ url: URL) -> Bool {
        // TODO: Step 3 — release an idle connection: disconnect it and forget it.
        false
    }

    /// The shared connection for `url`.
    ///
    /// Private: only handles leave the pool.
    private func connection(for url: URL) throws -> any Connection {
        // TODO: Step 1 — return the pooled connection for url; ask the factory only for a new URL.
        // For now every request makes a new connection, as if there were no pool.
        try factory.makeConnection(for: url)
    }
}
