import Foundation
import MessagingKit
import Synchronization

/// Shares one connection per server URL among everyone who asks.
///
/// Roles:
/// - **Flyweight factory**: this pool. It hands out the *existing* connection for a URL and
///   asks its ``ConnectionFactory`` only for a URL it has never seen (or has released).
/// - **Flyweight**: the ``Connection``. It holds the intrinsic state, the part every caller
///   shares: the socket (its transport), the URL and the id.
/// - **Extrinsic state**: each caller's ``ConnectionHandler``, with its own subscriptions and
///   whether it is still open.
/// - **Client**: feature code, which calls ``makeHandler(for:)`` and never makes a connection.
///
/// The seed's pool kept an array and searched it for the URL on every request, never removed a
/// connection, and had no locking. This one keeps a dictionary (O(1) lookup), releases idle
/// connections, and is safe to call from any task.
///
/// - Note: Why a `Mutex` and not an actor: requests must be synchronous, so a screen can get
///   its handle without `await`, and every request must see the others' connections. One lock
///   around the dictionary gives both. The class is `Sendable` because its only mutable state is
///   inside the `Mutex`.
public final class ConnectionPool: Sendable {
    private let factory: any ConnectionFactory
    private let entries = Mutex<[URL: Entry]>([:])

    /// What the pool knows about one URL: the shared connection and the handles on it.
    private struct Entry {
        let connection: any Connection
        var handlers: [ConnectionHandler] = []

        var isInUse: Bool { handlers.contains { $0.isOpen } }
    }

    /// Creates an empty pool that asks `factory` for each new connection.
    public init(factory: any ConnectionFactory) {
        self.factory = factory
    }

    /// How many connections the pool holds: one per URL requested and not released.
    public var count: Int { entries.withLock { $0.count } }

    /// The shared connection for `url`: the pooled one, or a new one from the factory, pooled.
    ///
    /// - Throws: the factory's ``ConnectionFactoryError`` when it refuses `url`; nothing is
    ///   pooled then.
    public func connection(for url: URL) throws(ConnectionFactoryError) -> any Connection {
        try entries.withLock { (entries) throws(ConnectionFactoryError) in
            try pooledConnection(for: url, in: &entries)
        }
    }

    /// Opens a new handle on the shared connection for `url`, and starts connecting it if it is
    /// not connecting or connected yet.
    ///
    /// - Throws: the factory's ``ConnectionFactoryError`` when it refuses `url`.
    public func makeHandler(for url: URL) throws(ConnectionFactoryError) -> ConnectionHandler {
        let (handler, connection) = try entries.withLock { (entries) throws(ConnectionFactoryError) in
            let connection = try pooledConnection(for: url, in: &entries)
            let handler = ConnectionHandler(connection: connection)
            // Why under the same lock as the lookup: `release(_:)` takes this lock too, so it
            // either sees this new handle open or runs before the connection is found. It can
            // never release a connection a caller has just been handed.
            // Why prune here: closed handles are dead weight; dropping them keeps the list as
            // long as the number of open handles.
            entries[url]?.handlers.removeAll { !$0.isOpen }
            entries[url]?.handlers.append(handler)
            return (handler, connection)
        }
        // Why outside the lock: `connect()` may call status handlers, which may call back into
        // the pool. Never call out while holding a lock you don't need. A second handle calling
        // `connect()` again is harmless: it does nothing while connecting or connected.
        connection.connect()
        return handler
    }

    /// Whether any handle on `url`'s connection is still open.
    ///
    /// `false` when the pool holds no connection for `url`.
    public func isInUse(_ url: URL) -> Bool {
        entries.withLock { $0[url]?.isInUse ?? false }
    }

    /// Disconnects `url`'s connection and removes it from the pool, unless a handle on it is
    /// still open.
    ///
    /// The next request for `url` then makes a fresh connection.
    /// - Returns: whether a connection was released: `false` when one is still in use or the
    ///   pool holds none for `url`.
    @discardableResult
    public func release(_ url: URL) -> Bool {
        let released = entries.withLock { entries -> (any Connection)? in
            guard let entry = entries[url], !entry.isInUse else { return nil }
            entries[url] = nil
            return entry.connection
        }
        released?.disconnect()
        return released != nil
    }

    /// The pooled connection for `url`, made and pooled first if there is none.
    ///
    /// Called with the lock held. Why: two tasks asking for a new URL at the same moment must
    /// not both make a connection. Looking up and inserting in one critical section makes the
    /// factory run once per URL. The factory must not call back into the pool; it has no reason
    /// to.
    private func pooledConnection(
        for url: URL,
        in entries: inout [URL: Entry]
    ) throws(ConnectionFactoryError) -> any Connection {
        if let entry = entries[url] { return entry.connection }
        let connection = try factory.makeConnection(for: url)
        entries[url] = Entry(connection: connection)
        return connection
    }
}
