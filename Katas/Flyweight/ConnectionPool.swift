import Foundation
import MessagingKit

/// One shared connection per URL, handed out as handles: the messaging write-up's "Flyweight",
/// a keyed pool.
public actor ConnectionPool: ConnectionPooling {
    private let factory: any ConnectionFactory

    /// A pool that asks `factory` for each URL's connection.
    public init(factory: any ConnectionFactory) {
        self.factory = factory
    }

    /// How many connections the pool holds.
    public var count: Int {
        // TODO: Step 4 — (rule 4.1).
        0
    }

    /// A new handle on the connection for `url`.
    ///
    /// The factory makes the connection the first time `url` is asked for. It doesn't connect.
    ///
    /// - Throws: what the factory throws, unchanged; nothing is pooled then.
    public func makeHandle(for url: URL) throws -> ConnectionHandle {
        // TODO: Step 4 — one connection per URL, a new handle per call, and the pool never
        //       keeps a handle alive (rules 4.1–4.3, 4.6, 4.7).
        ConnectionHandle(connection: try factory.makeConnection(for: url))
    }

    /// The pool as its keeper sees it: what it holds, who uses it, and a way to give back what
    /// nobody uses.
    public nonisolated var keeperView: some KeeperPool { KeeperView(pool: self) }

    fileprivate func contents() -> [PooledConnection] {
        // TODO: Step 5 — (rule 5.2).
        []
    }

    fileprivate func releaseIfUnused(_ connection: any Connection) throws -> Bool {
        // TODO: Step 5 — (rules 5.3, 5.4).
        false
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
