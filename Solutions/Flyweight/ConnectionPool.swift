import Foundation
import MessagingKit

/// Shares one connection per server URL among everyone who asks.
///
/// Roles:
/// - **Flyweight factory**: this pool. It hands out the *existing* connection for a URL and
///   asks its ``ConnectionFactory`` only for a URL it has never seen (or has released).
/// - **Flyweight**: the ``Connection``. It holds the intrinsic state, the part every caller
///   shares: the socket (its transport), the URL and the id.
/// - **Extrinsic state**: each caller's ``ConnectionHandle``, with its own subscriptions and
///   whether it is still open.
/// - **Client**: feature code, which calls ``makeHandle(for:)`` and never makes a connection.
///
/// It conforms to MessagingKit's `ConnectionPooling`, the pool's role. Code that builds on a
/// pool (the Singleton kata's manager) depends on that protocol, so it needs neither this type
/// nor this kata: the katas stay independent, and an app can still hand this pool to the manager.
///
/// The seed's pool kept an array and searched it for the URL on every request, never removed a
/// connection, and had no locking. This one keeps a dictionary (O(1) lookup), releases idle
/// connections, and is safe to call from any task.
///
/// - Note: Why an actor: the pool's dictionary is shared by every task that wants a connection.
///   An actor runs one of its methods at a time, so lookups, inserts and releases never
///   overlap, and the compiler checks that nothing reaches the dictionary from outside. The
///   price is that every call is `await`ed. A class with a `Mutex` would keep the calls
///   synchronous and be just as correct; the actor keeps the code plainer, and on Linux the
///   thread sanitizer can check an actor, while it can't see a contended `Mutex` and reports
///   races that aren't there.
public actor ConnectionPool: ConnectionPooling {
    private let factory: any ConnectionFactory
    private var entries: [URL: Entry] = [:]

    /// What the pool knows about one URL: the shared connection and the handles on it.
    private struct Entry {
        let connection: any Connection
        var handlers: [WeakHandler] = []

        /// In use while a handle is open and someone still holds it.
        var isInUse: Bool { handlers.contains { $0.handler?.isOpen ?? false } }
    }

    /// A handle the pool knows about without keeping it alive.
    ///
    /// Why weak: a screen that goes away without calling `close()` drops its handle, and the
    /// connection stops being in use instead of staying pooled forever.
    private struct WeakHandler {
        weak var handler: ConnectionHandle?
    }

    /// Creates an empty pool that asks `factory` for each new connection.
    public init(factory: any ConnectionFactory) {
        self.factory = factory
    }

    /// How many connections the pool holds: one per URL requested and not released.
    public var count: Int { entries.count }

    /// The shared connection for `url`: the pooled one, or a new one from the factory, pooled.
    ///
    /// - Throws: the factory's ``ConnectionFactoryError`` when it refuses `url`; nothing is
    ///   pooled then.
    public func connection(for url: URL) throws -> any Connection {
        if let entry = entries[url] { return entry.connection }
        // Why this is safe from 1,000 tasks at once: an actor is reentrant only at an `await`,
        // and there is none between the lookup above and the insert below (the factory is
        // synchronous). No other call can slip in and make a second connection for `url`. Add
        // an `await` here, say an async factory, and two callers could both miss, then both
        // insert: check again after the `await`, or pool the in-flight `Task` instead.
        let connection = try factory.makeConnection(for: url)
        entries[url] = Entry(connection: connection)
        return connection
    }

    /// Opens a new handle on the shared connection for `url`, and starts connecting it if it is
    /// not connecting or connected yet.
    ///
    /// - Throws: the factory's ``ConnectionFactoryError`` when it refuses `url`.
    public func makeHandle(for url: URL) throws -> ConnectionHandle {
        let connection = try connection(for: url)
        let handler = ConnectionHandle(connection: connection)
        // Why record it here, in the same actor call: `release(_:)` runs either before this
        // call or after it, never in the middle, so it can't release a connection a caller has
        // just been handed.
        // Why prune here: handles that are closed or gone are dead weight; dropping them keeps
        // the list as long as the number of live, open handles.
        entries[url]?.handlers.removeAll { !($0.handler?.isOpen ?? false) }
        entries[url]?.handlers.append(WeakHandler(handler: handler))
        // A second handle calling `connect()` again is harmless: it does nothing while
        // connecting or connected, so the socket connects once.
        connection.connect()
        return handler
    }

    /// Whether any handle on `url`'s connection is still open and held by someone.
    ///
    /// `false` when the pool holds no connection for `url`.
    public func isInUse(_ url: URL) -> Bool {
        entries[url]?.isInUse ?? false
    }

    /// Disconnects `url`'s connection and removes it from the pool, unless a handle on it is
    /// still open.
    ///
    /// The next request for `url` then makes a fresh connection.
    /// - Returns: whether a connection was released: `false` when one is still in use or the
    ///   pool holds none for `url`.
    @discardableResult
    public func release(_ url: URL) -> Bool {
        guard let entry = entries[url], !entry.isInUse else { return false }
        entries[url] = nil
        entry.connection.disconnect()
        return true
    }
}
