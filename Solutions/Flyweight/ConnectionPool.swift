import Foundation
import MessagingKit
import Synchronization

/// Shares one connection per server URL among everyone who asks, through handles.
///
/// Roles, in the keyed pool the messaging write-up calls a Flyweight:
/// - **Pool** (the write-up's flyweight factory): this actor. It shares the *existing*
///   connection for a URL and asks its ``ConnectionFactory`` only for a URL it doesn't hold
///   (never seen, or released).
/// - **Shared object** (the write-up's flyweight): the ``Connection``, one per URL: the socket,
///   the URL and the id. Unlike a textbook flyweight it is heavy and mutable (it connects,
///   drops, reconnects for everyone at once), so nobody outside the pool holds it.
/// - **Per-caller state**: each caller's ``ConnectionHandle``, with its own subscriptions and
///   whether it is still open.
/// - **Client**: feature code, which calls ``makeHandle(for:)`` and never makes a connection.
///
/// Named honestly, one mutable object per key is a keyed pool, a *multiton*. The textbook
/// Flyweight (immutable shared state, extrinsic state passed in) is ``CodeStyleFactory``.
///
/// It conforms to MessagingKit's `ConnectionPooling`, the pool's role. Code that builds on a
/// pool (the Singleton kata's manager) depends on that protocol, so it needs neither this type
/// nor this kata: the katas stay independent, and an app can still hand this pool to the manager.
///
/// Fixes bug 5 on docs/sources.md: a dictionary keyed by URL instead of a search, released
/// connections and closed handles leave the pool, and the actor makes it safe from any task.
///
/// - Note: Why an actor: the pool's dictionary is shared by every task that wants a handle, and
///   the pool's operations are decisions about it ("find or make", "release unless in use") that
///   must not interleave. An actor runs one of its methods at a time and the compiler keeps
///   every other task out of the dictionary, so each decision is taken whole. The price is an
///   `await` per call, which a screen opening a handle pays once.
public actor ConnectionPool: ConnectionPooling {
    private let factory: any ConnectionFactory
    private var entries: [URL: Entry] = [:]

    /// What the pool keeps for one URL: the shared connection and the handles on it.
    private struct Entry {
        let connection: any Connection
        let handles: OpenHandles
    }

    /// Creates an empty pool that asks `factory` for each new connection.
    public init(factory: any ConnectionFactory) {
        self.factory = factory
    }

    /// How many connections the pool holds: one per URL asked for and not released.
    public var count: Int { entries.count }

    /// Opens a new handle on the shared connection for `url`, and starts connecting it if it is
    /// not connecting or connected yet.
    ///
    /// - Throws: the factory's ``ConnectionFactoryError`` when it refuses `url`; nothing is
    ///   pooled then.
    public func makeHandle(for url: URL) throws -> ConnectionHandle {
        let entry = try entry(for: url)
        let handle = ConnectionHandle(
            connectionID: entry.connection.id, url: entry.connection.url,
            send: { [connection = entry.connection] in try connection.send($0) })
        // Why record it here, in the same actor call: `release(_:)` runs either before this
        // call or after it, never in the middle, so it can't release a connection a caller has
        // just been handed.
        entry.handles.add(handle)
        // A second handle calling `connect()` again is harmless: it does nothing while
        // connecting or connected, so the socket connects once.
        try entry.connection.connect()
        return handle
    }

    /// Whether any handle on `url`'s connection is still open and held by someone.
    ///
    /// `false` when the pool holds no connection for `url`.
    public func isInUse(_ url: URL) -> Bool {
        entries[url]?.handles.isInUse ?? false
    }

    /// Disconnects `url`'s connection and removes it from the pool, unless a handle on it is
    /// still open.
    ///
    /// The next request for `url` then makes a fresh connection.
    /// - Returns: whether a connection was released: `false` when one is still in use or the
    ///   pool holds none for `url`.
    @discardableResult
    public func release(_ url: URL) -> Bool {
        guard let entry = entries[url], !entry.handles.isInUse else { return false }
        entries[url] = nil
        try? entry.connection.disconnect()
        return true
    }

    /// The pooled entry for `url`, or a new one around a connection from the factory.
    ///
    /// Private on purpose: a caller holding the shared connection could disconnect it for
    /// everyone. Handles are the only way out of the pool.
    private func entry(for url: URL) throws -> Entry {
        if let entry = entries[url] { return entry }
        // Why this is safe from 1,000 tasks at once: an actor is reentrant only at an `await`,
        // and there is none between the lookup above and the insert below (the factory is
        // synchronous). No other call can slip in and make a second connection for `url`. Add
        // an `await` here, say an async factory, and two callers could both miss, then both
        // insert: check again after the `await`, or pool the in-flight `Task` instead.
        let connection = try factory.makeConnection(for: url)
        let handles = OpenHandles()
        // Why one listener per connection, not one per handle: the connection offers no way to
        // unsubscribe, so a listener per handle would pile up, one per handle ever opened. This
        // one lives as long as the connection and passes each event to the handles open now.
        connection.onEvent { event in handles.deliver(event) }
        let entry = Entry(connection: connection, handles: handles)
        entries[url] = entry
        return entry
    }
}

/// The handles on one connection, held weakly, and what passes the connection's events on to
/// them.
///
/// - Note: Why a `Sendable` class with a `Mutex`, beside the actor: events arrive synchronously
///   on the transport's thread, and can't wait for the actor. The pool adds handles from inside
///   the actor; the connection's listener reads them from the transport's thread.
private final class OpenHandles: Sendable {
    private let handles = Mutex<[WeakHandle]>([])

    /// A handle the pool knows about without keeping it alive.
    ///
    /// Why weak: a screen that goes away without calling `close()` drops its handle, and the
    /// connection stops being in use instead of staying pooled forever.
    private struct WeakHandle {
        weak var handle: ConnectionHandle?

        /// Still held by someone, and not closed.
        var isOpen: Bool { handle?.isOpen ?? false }
    }

    /// Whether any handle is open and still held by someone.
    var isInUse: Bool { handles.withLock { $0.contains { $0.isOpen } } }

    /// Starts passing events to `handle`.
    func add(_ handle: ConnectionHandle) {
        handles.withLock { handles in
            // Why prune here and on every event: a closed or dropped handle never hears again,
            // so the list stays as long as the handles open now, not every handle ever opened.
            handles.removeAll { !$0.isOpen }
            handles.append(WeakHandle(handle: handle))
        }
    }

    /// Passes `event` to every handle open now.
    func deliver(_ event: Event) {
        let open = handles.withLock { handles in
            handles.removeAll { !$0.isOpen }
            return handles.compactMap(\.handle)
        }
        // Why outside the lock: a handle's subscription may close a handle or trigger another
        // event; this lock must not be held while feature code runs.
        for handle in open { handle.receive(event) }
    }
}
