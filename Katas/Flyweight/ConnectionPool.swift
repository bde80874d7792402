import Foundation
import MessagingKit

/// Shares one connection per server URL among everyone who asks, through handles, and shows
/// its connection keeper what it holds.
///
/// The same URL always gives handles on the same connection (the same id) until the pool gives
/// it back for the keeper (``releaseIfUnused(_:)``); the ``ConnectionFactory`` is asked only for
/// a URL the pool doesn't hold.
/// Feature code asks for a ``ConnectionHandle``: it never makes a connection, and never holds
/// one, so no screen can disconnect the shared connection for everyone.
///
/// It plays two MessagingKit roles: `ConnectionPooling` (handles, for callers) and `KeeperPool`
/// (what it holds and who uses it, for the connection keeper).
///
/// It is an actor: any task may call it, and the actor runs one call at a time.
public actor ConnectionPool: ConnectionPooling, KeeperPool {
    private let factory: any ConnectionFactory

    /// Creates an empty pool that asks `factory` for each new connection.
    public init(factory: any ConnectionFactory) {
        self.factory = factory
    }

    /// How many connections the pool holds: one per URL asked for and not given back.
    public var count: Int {
        // TODO: Step 1 — count the pooled connections (rule 1.5).
        0
    }

    /// Opens a new handle on the shared connection for `url`, and starts connecting it if it is
    /// not connecting or connected yet.
    ///
    /// - Throws: the factory's error when it refuses `url`, or the connection's when it refuses
    ///   to connect, unchanged. Nothing changes then: no handle is opened, and a connection the
    ///   factory just made is not pooled (the next request asks the factory again); a connection
    ///   already pooled stays, with its handles.
    public func makeHandle(for url: URL) throws -> ConnectionHandle {
        let connection = try connection(for: url)
        // TODO: Step 2 — start connecting the shared connection for every handle; when it
        //       refuses, pass its error on and pool nothing new (rules 2.1–2.4). The connection
        //       is in use while the handle is open (rule 2.10).
        // TODO: Step 3 — pass the connection's events on to its open handles, listening to each
        //       connection once, not once per handle (rule 3.6); the pool never keeps a handle
        //       alive (rule 3.7).
        return ConnectionHandle(
            connectionID: connection.id, url: connection.url, send: { try connection.send($0) })
    }

    /// Whether any handle on `url`'s connection is still open and held by someone.
    ///
    /// `false` when the pool holds no connection for `url`.
    public func isInUse(_ url: URL) -> Bool {
        // TODO: Step 2 — in use while any of the connection's handles is open (rule 2.10).
        // TODO: Step 3 — a handle nobody holds any more counts as closed (rule 3.7).
        false
    }

    /// Every pooled connection, once each, with whether an open handle that someone holds is on
    /// it: what the keeper walks.
    ///
    /// A snapshot: a handle opened or closed afterwards changes the next one, not this one.
    public func contents() -> [PooledConnection] {
        // TODO: Step 4 — one PooledConnection per pooled connection, with its in-use flag (rule 4.1).
        []
    }

    /// Releases `connection` and forgets it, unless an open handle that someone holds is on it.
    ///
    /// What the keeper calls for a connection it saw unused. The connection is found by
    /// identity (`===`); one the pool doesn't hold (never did, or already forgot) changes
    /// nothing. Check, release and forget in this one call, with no `await` in between: then no
    /// `makeHandle` can hand out the connection while it is being given back.
    /// - Returns: whether it was released and forgotten: `false` when a handle was opened on it
    ///   since the keeper looked (it stays, untouched), or the pool doesn't hold it.
    /// - Throws: what `release()` throws, unchanged; the connection stays pooled.
    public func releaseIfUnused(_ connection: any Connection) throws -> Bool {
        // TODO: Step 4 — find the pooled connection that is this very object (===); unless it is
        //       in use, release it and forget it (rules 4.2–4.5).
        false
    }

    /// The shared connection for `url`.
    ///
    /// Private: only handles leave the pool.
    private func connection(for url: URL) throws -> any Connection {
        // TODO: Step 1 — return the pooled connection for url; ask the factory only for a new URL
        //       (rules 1.1–1.4, 1.6).
        // For now every request makes a new connection, as if there were no pool.
        try factory.makeConnection(for: url)
    }
}
