import MessagingKit

/// In use and not connected, and not already trying: connect again.
///
/// That is `idle` (a caller holds it but it never connected) and `disconnected` (the network
/// dropped). A `connecting` connection is already trying.
public struct ReconnectHandler: KeeperHandler {
    /// Creates the rule.
    public init() {}

    /// In use, and `idle` or `disconnected`.
    public func canHandle(_ pooled: PooledConnection) -> Bool {
        // TODO: Step 3 — the rule's predicate, and nothing more (rules 3.2, 3.3).
        false
    }

    /// Connects.
    public func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws {
        // TODO: Step 3 — what the rule does; its connection's error goes through unchanged (rules 3.3, 3.6).
    }
}

/// Not in use and connected, or still connecting: disconnect, so a socket nobody uses doesn't
/// stay open.
public struct IdleDisconnectHandler: KeeperHandler {
    /// Creates the rule.
    public init() {}

    /// Not in use, and `connected` or `connecting`.
    public func canHandle(_ pooled: PooledConnection) -> Bool {
        // TODO: Step 3 — the rule's predicate, and nothing more (rules 3.2, 3.3).
        false
    }

    /// Disconnects.
    public func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws {
        // TODO: Step 3 — what the rule does; its connection's error goes through unchanged (rules 3.3, 3.6).
    }
}

/// Not in use and disconnected: the pool releases it and forgets it, unless a caller took it since.
public struct ReleaseHandler: KeeperHandler {
    /// Creates the rule.
    public init() {}

    /// Not in use, and `disconnected`.
    public func canHandle(_ pooled: PooledConnection) -> Bool {
        // TODO: Step 3 — the rule's predicate, and nothing more (rules 3.2, 3.3).
        false
    }

    /// Has the pool release the connection and forget it, unless a caller took it since.
    ///
    /// The pool does the check, the release and the forgetting in one step
    /// (``MessagingKit/KeeperPool/releaseIfUnused(_:)``): between this rule's look and its act,
    /// a caller may have been handed the connection. When the connection refuses to be
    /// released, the pool keeps it and its error comes through unchanged.
    public func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws {
        // TODO: Step 3 — what the rule does: have the pool release it (not only disconnect) and
        //       forget it, in one step: pool.releaseIfUnused(_:) (rules 3.4–3.6).
    }
}
