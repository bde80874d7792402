import Foundation
import MessagingKit

/// One shared connection per URL, handed out as handles: the messaging write-up's "Flyweight".
///
/// Named honestly, it is a **keyed pool**: one heavy object per key, shared by everyone who
/// asks. Unlike a textbook flyweight (see ``CodeStyle``), what it shares is mutable: it
/// connects, drops and reconnects for all its users at once. What each user holds of its own
/// is a ``ConnectionHandle``.
///
/// - Note: Why an actor: callers ask from any task, and the lookup and the insert must be one
///   step, so that two callers never make two connections for one URL.
public actor ConnectionPool: ConnectionPooling {
    private let factory: any ConnectionFactory
    private var entries: [URL: Entry] = [:]

    private struct Entry {
        let connection: any Connection
        var handles: [WeakHandle] = []

        var isInUse: Bool { handles.contains { $0.handle?.isOpen ?? false } }
    }

    private struct WeakHandle {
        weak var handle: ConnectionHandle?
    }

    /// A pool that asks `factory` for each URL's connection.
    public init(factory: any ConnectionFactory) {
        self.factory = factory
    }

    /// How many connections the pool holds.
    public var count: Int { entries.count }

    /// A new handle on the connection for `url`.
    ///
    /// The factory makes the connection the first time `url` is asked for. It doesn't connect:
    /// the caller subscribes, then connects through its handle, so the server's first events
    /// reach it.
    /// - Throws: what the factory throws, unchanged; nothing is pooled then.
    public func makeHandle(for url: URL) throws -> ConnectionHandle {
        // Why no `await` between the lookup and the insert: an actor lets another call in only
        // at an `await`, so 1,000 tasks asking for one URL make one connection.
        var entry = try entries[url] ?? Entry(connection: factory.makeConnection(for: url))
        let handle = ConnectionHandle(connection: entry.connection)
        // Why weak, and pruned here: the pool must not keep a screen's handle alive, and the
        // list holds only the handles that may still be open.
        entry.handles.removeAll { !($0.handle?.isOpen ?? false) }
        entry.handles.append(WeakHandle(handle: handle))
        entries[url] = entry
        return handle
    }

    /// The pool as its keeper sees it: what it holds, who uses it, and a way to give back what
    /// nobody uses.
    ///
    /// Why a separate object: code given the pool as `ConnectionPooling` gets handles only. The
    /// keeper's view hands out the connections themselves, so the app gives it to the keeper
    /// alone.
    public nonisolated var keeperView: some KeeperPool { KeeperView(pool: self) }

    fileprivate func contents() -> [PooledConnection] {
        entries.values.map { PooledConnection(connection: $0.connection, isInUse: $0.isInUse) }
    }

    fileprivate func releaseIfUnused(_ connection: any Connection) throws -> Bool {
        // Why identity: the keeper works from a snapshot; by the time it asks, the URL may have
        // a new connection, which must stay. Why one actor call with no `await`: no handle can
        // be made between the in-use check, the release and the removal.
        guard let (url, entry) = entries.first(where: { $0.value.connection === connection }),
            !entry.isInUse
        else { return false }
        try connection.release()
        entries[url] = nil
        return true
    }
}

/// The keeper's view of a ``ConnectionPool``: a `KeeperPool`, and nothing more.
private struct KeeperView: KeeperPool {
    let pool: ConnectionPool

    func contents() async -> [PooledConnection] { await pool.contents() }

    func releaseIfUnused(_ connection: any Connection) async throws -> Bool {
        try await pool.releaseIfUnused(connection)
    }
}
