import Foundation

/// A pool that shares nothing: every handle is on a new connection of its own, made by the
/// factory it was given, and the connection stays pooled until its keeper releases it.
///
/// It is a legacy client's "a socket per screen" behind the interfaces a pool offers
/// (``ConnectionPooling`` for screens, ``keeperView`` for a keeper). A client moved onto it
/// behaves as before, and the Flyweight kata's pool, which shares one connection per URL, then
/// replaces it in one line. The messaging capstone's first moves use it.
///
/// Closing a handle leaves its connection as it is, connected or not, as a legacy socket was:
/// what becomes of a connection nobody uses is the keeper's call.
public final class UnsharedConnectionPool: ConnectionPooling {
    private let factory: any ConnectionFactory
    private let entries = Locked<[Entry]>([])

    /// One connection and the handle on it, without keeping the handle alive.
    private struct Entry {
        let connection: any Connection
        weak var handle: SoleConnectionHandle<any Connection>?

        var isInUse: Bool { handle?.isOpen ?? false }
    }

    /// A pool whose connections `factory` makes.
    public init(factory: any ConnectionFactory) {
        self.factory = factory
    }

    /// A handle on a new connection for `url`, made by the factory and not connected:
    /// ``ConnectionHandling/connect()`` connects it.
    ///
    /// - Throws: what the factory throws, unchanged; nothing is pooled then.
    public func makeHandle(for url: URL) throws -> SoleConnectionHandle<any Connection> {
        let connection = try factory.makeConnection(for: url)
        let handle = SoleConnectionHandle(connection: connection, as: connection) { _ in }
        entries.withLock { $0.append(Entry(connection: connection, handle: handle)) }
        return handle
    }

    /// The pool as its keeper sees it: every connection, in the order made, and whether its
    /// handle is open and held by someone.
    public var keeperView: any KeeperPool { KeeperView(pool: self) }

    private struct KeeperView: KeeperPool {
        let pool: UnsharedConnectionPool

        func contents() async -> [PooledConnection] {
            pool.entries.withLock { entries in
                entries.map { PooledConnection(connection: $0.connection, isInUse: $0.isInUse) }
            }
        }

        func releaseIfUnused(_ connection: any Connection) async throws -> Bool {
            // Checked, then released outside the lock (a release calls its status handlers back):
            // that is safe here because a connection nobody uses is never used again. Its one
            // handle was closed or freed, and no other handle is ever made on it.
            let unused = pool.entries.withLock { entries in
                entries.contains { $0.connection === connection && !$0.isInUse }
            }
            guard unused else { return false }
            try connection.release()
            pool.entries.withLock { entries in entries.removeAll { $0.connection === connection } }
            return true
        }
    }
}
