import Foundation
import MessagingKit
import Synchronization

/// Shares one connection per server URL among everyone who asks, through handles, and shows
/// its connection keeper what it holds.
///
/// Roles, in the keyed pool the messaging write-up calls a Flyweight:
/// - **Pool** (the write-up's flyweight factory): this actor. It shares the *existing*
///   connection for a URL and asks its ``ConnectionFactory`` only for a URL it doesn't hold
///   (never seen, or given back).
/// - **Shared object** (the write-up's flyweight): the ``Connection``, one per URL: the socket,
///   the URL and the id. Unlike a textbook flyweight it is heavy and mutable (it connects,
///   drops, reconnects for everyone at once), so no caller holds it.
/// - **Per-caller state**: each caller's ``ConnectionHandle``, with its own subscriptions and
///   whether it is still open.
/// - **Client**: feature code, which calls ``makeHandle(for:)`` and never makes a connection.
///
/// Named honestly, one mutable object per key, handed out by an instance the app injects, is a
/// keyed pool. The textbook Flyweight (immutable shared state, extrinsic state passed in) is
/// ``CodeStyleFactory``.
///
/// It plays two of MessagingKit's roles. `ConnectionPooling` is what callers see: handles, one
/// per request (the Singleton kata's manager takes any such pool). `KeeperPool` is what the
/// connection keeper sees (the Chain of Responsibility kata's keeper takes any such pool): every
/// pooled connection with whether it is in use, and a way to give back one nobody uses. Each
/// side depends on the role, not on this type, so the katas stay independent and an app can
/// still plug this pool into both.
///
/// Fixes bug 5 on docs/sources.md: a dictionary keyed by URL instead of a search, a released
/// connection and closed handles leave the pool, and the actor makes it safe from any task.
///
/// - Note: Why an actor: the pool's dictionary is shared by every task that wants a handle and by
///   the keeper, and the pool's operations are decisions about it ("find or make", "record this
///   handle", "release and forget this connection") that must not interleave. An actor runs one
///   of its methods at a time and the compiler keeps every other task out of the dictionary, so
///   each decision is taken whole. The price is an `await` per call, which a screen opening a
///   handle pays once.
public actor ConnectionPool: ConnectionPooling, KeeperPool {
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

    /// How many connections the pool holds: one per URL asked for and not given back.
    public var count: Int { entries.count }

    /// Opens a new handle on the shared connection for `url`, and starts connecting it if it is
    /// not connecting or connected yet.
    ///
    /// - Throws: the factory's error when it refuses `url`, or the connection's when it refuses
    ///   to connect, unchanged. Nothing changes then: no handle is opened, and a connection the
    ///   factory just made is not pooled (the next request asks the factory again); a connection
    ///   already pooled stays, with its handles.
    public func makeHandle(for url: URL) throws -> ConnectionHandle {
        let entry = try entries[url] ?? makeEntry(for: url)
        // Why connect before recording anything: if the connection refuses, nothing is pooled
        // half-way, neither a connection nobody could get a handle on nor a handle nobody got.
        // A pooled connection that refuses stays: its open handles still need it, and the
        // keeper sees it.
        // Why look at the status first: a plain connection ignores `connect()` while connecting
        // or connected, but a managed one (the State kata's) refuses it there, and a second
        // screen must still get its handle.
        if [.idle, .disconnected].contains(entry.connection.status) {
            try entry.connection.connect()
        }
        entries[url] = entry
        let handle = ConnectionHandle(
            connectionID: entry.connection.id, url: entry.connection.url,
            send: { [connection = entry.connection] in try connection.send($0) })
        // Why record it in the same actor call: `contents()` runs either before this call or
        // after it, never in the middle, so it never shows the keeper a connection as unused
        // while a caller is being handed a handle on it.
        entry.handles.add(handle)
        return handle
    }

    /// Whether any handle on `url`'s connection is still open and held by someone.
    ///
    /// `false` when the pool holds no connection for `url`.
    public func isInUse(_ url: URL) -> Bool {
        entries[url]?.handles.isInUse ?? false
    }

    /// Every pooled connection, once each, with whether an open handle that someone holds is on
    /// it: what the keeper walks.
    ///
    /// A snapshot: a handle opened or closed afterwards changes the next one, not this one.
    public func contents() -> [PooledConnection] {
        entries.values.map { PooledConnection(connection: $0.connection, isInUse: $0.handles.isInUse) }
    }

    /// Releases `connection` and forgets it, unless an open handle that someone holds is on it.
    ///
    /// What the keeper calls for a connection it saw unused. The connection is found by
    /// identity; one the pool doesn't hold (never did, or already forgot) changes nothing.
    /// - Returns: whether it was released and forgotten: `false` when a handle was opened on it
    ///   since the keeper looked (it stays, untouched), or the pool doesn't hold it.
    /// - Throws: what `release()` throws, unchanged; the connection stays pooled.
    public func releaseIfUnused(_ connection: any Connection) throws -> Bool {
        // Why identity and not `connection.url`: the keeper works from a snapshot, and by the
        // time it asks, the URL may have a new connection, which must stay. And the key is the
        // URL asked for, which a factory may have normalised into the connection's `url`.
        guard let (url, entry) = entries.first(where: { $0.value.connection === connection }) else {
            return false
        }
        // Why all in one actor call, with no `await`: no `makeHandle` can run between the
        // in-use check, the release and the removal, so no caller is ever handed a connection
        // that is being given back.
        guard !entry.handles.isInUse else { return false }
        try connection.release()
        entries[url] = nil
        return true
    }

    /// A new entry around a connection from the factory, with the one listener it gets.
    ///
    /// Not pooled yet: ``makeHandle(for:)`` pools it once it has agreed to connect. Private on
    /// purpose, like everything that touches a connection: a caller holding the shared
    /// connection could disconnect it for everyone. Handles are the only way out of the pool.
    private func makeEntry(for url: URL) throws -> Entry {
        // Why this is safe from 1,000 tasks at once: an actor is reentrant only at an `await`,
        // and there is none between the lookup in `makeHandle` and the insert (the factory and
        // `connect()` are synchronous). No other call can slip in and make a second connection
        // for `url`. Add an `await` here, say an async factory, and two callers could both miss,
        // then both insert: check again after the `await`, or pool the in-flight `Task` instead.
        let connection = try factory.makeConnection(for: url)
        let handles = OpenHandles()
        // Why one listener per connection, not one per handle: the connection offers no way to
        // unsubscribe, so a listener per handle would pile up, one per handle ever opened. This
        // one lives as long as the connection and passes each event to the handles open now.
        connection.onEvent { event in handles.deliver(event) }
        return Entry(connection: connection, handles: handles)
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
