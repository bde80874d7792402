import MessagingKit

// The keeper's three rules. Roles: **Concrete handlers** of `KeeperHandler`. Their predicates
// don't overlap, so in the standard chain at most one applies to a connection; the chain still
// stops at the first, so a rule added in front can take over.

/// In use and not connected, and not already trying: connect again.
///
/// That is `idle` (a caller holds it but it never connected) and `disconnected` (the network
/// dropped). A `connecting` connection is already trying.
public struct ReconnectHandler: KeeperHandler {
    /// Creates the rule.
    public init() {}

    /// In use, and `idle` or `disconnected`.
    public func canHandle(_ pooled: PooledConnection) -> Bool {
        // Fixes bug 3 on docs/sources.md: `idle` is "not connected" too, not only `disconnected`.
        pooled.isInUse && [.idle, .disconnected].contains(pooled.connection.status)
    }

    /// Connects.
    public func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws {
        try pooled.connection.connect()
    }
}

/// Not in use and connected, or still connecting: disconnect, so a socket nobody uses doesn't
/// stay open.
public struct IdleDisconnectHandler: KeeperHandler {
    /// Creates the rule.
    public init() {}

    /// Not in use, and `connected` or `connecting`.
    public func canHandle(_ pooled: PooledConnection) -> Bool {
        // Why `connecting` too: a chat opened and closed before the server accepted leaves a
        // connection that is still trying and that nobody uses. Left alone, it connects, and
        // only the next pass would disconnect it; a server that never accepts keeps it forever.
        !pooled.isInUse && [.connecting, .connected].contains(pooled.connection.status)
    }

    /// Disconnects.
    public func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws {
        try pooled.connection.disconnect()
    }
}

/// Not in use and disconnected: the pool releases it and forgets it, unless a caller took it since.
public struct ReleaseHandler: KeeperHandler {
    /// Creates the rule.
    public init() {}

    /// Not in use, and `disconnected`.
    public func canHandle(_ pooled: PooledConnection) -> Bool {
        !pooled.isInUse && pooled.connection.status == .disconnected
    }

    /// Has the pool release the connection and forget it, unless a caller took it since.
    ///
    /// The pool does the check, the release and the forgetting in one step
    /// (``MessagingKit/KeeperPool/releaseIfUnused(_:)``): between this rule's look and its act,
    /// a caller may have been handed the connection. When the connection refuses to be
    /// released, the pool keeps it and its error comes through unchanged.
    public func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws {
        // Fixes bug 2 on docs/sources.md: it releases, where the write-up's rule disconnected.
        // Why ask the pool instead of releasing here: the pool is the only one that knows
        // whether a caller took the connection since `contents()`, and it can check and release
        // in one step. Released here first, a caller handed it meanwhile would be left holding
        // a dead connection. `false` (in use again) is no failure: the next pass looks again.
        _ = try await pool.releaseIfUnused(pooled.connection)
    }
}
