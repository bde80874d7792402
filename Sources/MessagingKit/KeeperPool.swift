/// A pool as its keeper sees it: what it holds, who uses it, and a way to forget a connection.
///
/// A keeper walks the pool now and then and tidies it up: it reconnects what callers still
/// use, and disconnects and releases what nobody does. The Chain of Responsibility kata's
/// `ConnectionKeeper` depends on this protocol; its tests hand it a double, and in an app it is
/// the Flyweight kata's `ConnectionPool`, which plays this role beside ``ConnectionPooling``:
/// the keeper gets what it needs through a role made for it, not through the pool's
/// handle-giving side.
public protocol KeeperPool: Sendable {
    /// Every connection the pool holds right now, each with whether a caller uses it.
    func contents() async -> [PooledConnection]
    /// Forgets `connection`: the next request for its URL gets a new one.
    ///
    /// Forgetting a connection the pool doesn't hold does nothing.
    func remove(_ connection: any Connection) async
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
