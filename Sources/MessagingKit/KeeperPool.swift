/// A pool as its keeper sees it: what it holds, who uses it, and a way to give back what nobody
/// uses.
///
/// A keeper walks the pool now and then and tidies it up: it reconnects what callers still
/// use, and disconnects and releases what nobody does. The Chain of Responsibility kata's
/// `ConnectionKeeper` depends on this protocol; its tests hand it a double, and in an app it is
/// the Flyweight kata's `pool.keeperView`, a separate object beside the pool's
/// ``ConnectionPooling`` side: the keeper gets what it needs through a view made for it, and
/// code given the pool for handles can't reach the connections.
public protocol KeeperPool: Sendable {
    /// Every connection the pool holds right now, each with whether a caller uses it.
    func contents() async -> [PooledConnection]
    /// Releases `connection` and forgets it, in one step, unless a caller holds an open handle
    /// on it now. The next request for its URL then gets a new connection.
    ///
    /// One step, because the keeper looked at ``contents()`` a moment ago: a caller may have
    /// been handed this connection since. Checking, releasing and forgetting together means no
    /// caller ever holds a connection the keeper released.
    /// - Returns: `true` when it was released and forgotten; `false` when a caller uses it again
    ///   (it is left untouched) or the pool doesn't hold it (never did, or already forgot).
    /// - Throws: what the connection's `release()` throws, unchanged; the pool then keeps it.
    func releaseIfUnused(_ connection: any Connection) async throws -> Bool
}

/// One connection of a pool, and whether any caller holds a handle on it.
///
/// What the keeper looks at to decide what to do with a connection (the messaging write-up
/// calls it the "keeper context").
public struct PooledConnection: Sendable {
    /// The pooled connection.
    public let connection: any Connection
    /// Whether a caller holds an open handle on it.
    public let isInUse: Bool

    /// Pairs a connection with whether it is in use.
    public init(connection: any Connection, isInUse: Bool) {
        self.connection = connection
        self.isInUse = isInUse
    }
}
