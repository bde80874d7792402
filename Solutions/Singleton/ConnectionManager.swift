import Foundation

/// The app's one place to get a connection handle, for the app's whole life.
///
/// Role: **Singleton**. ``shared`` is the one instance the app uses. Feature code writes
/// `try await ConnectionManager.shared.makeHandler(for: url)` and never builds a pool or a factory.
///
/// The seed's version was `class ConnectionManager` with
/// `static let shared = ConnectionManager(connectionPool: …)`. In Swift 6 language mode that
/// does not compile: a `static let` is a global that any thread may read, so its type must be
/// `Sendable`, and a plain class is not. The fix is not to silence the checker
/// (`nonisolated(unsafe)`) but to make the claim true: this class is `final`, its one stored
/// property is a `let`, and that property's type is `Sendable`. All the mutable state lives in
/// the pool, which is an actor.
///
/// It is a singleton by convention, not by force: ``init(pool:)`` is public. Tests build their
/// own managers with their own pools, so no test sees what another left behind in ``shared``.
public final class ConnectionManager: Sendable {
    // Why `static let`: Swift initialises a static stored property lazily, once, even when many
    // threads reach it at the same moment (it uses `swift_once`, like `dispatch_once`). Nothing
    // here needs a lock or a double-checked flag.
    // Why not `static var`: a `var` could be reassigned from any thread, a data race that Swift 6
    // refuses to compile ("nonisolated global shared mutable state").

    /// The manager the app uses, created on first access and kept for the app's lifetime.
    ///
    /// Its pool makes connections with ``SchemeConnectionFactory``.
    public static let shared = ConnectionManager(pool: ConnectionPool(factory: SchemeConnectionFactory()))

    private let pool: ConnectionPool

    // Why public: a private initializer would make the singleton "pure" and every test that
    // touches it share one pool, one set of connections and one order of events. Injecting the
    // pool is what keeps tests independent and parallel.

    /// Creates a manager that hands out handles from `pool`.
    ///
    /// The app uses ``shared``; tests and previews create their own with a pool they control.
    public init(pool: ConnectionPool) {
        self.pool = pool
    }

    /// Opens a handle on the shared connection for `url`.
    ///
    /// Every call gets a new handle; every handle on one URL shares one connection.
    /// - Throws: the factory's ``ConnectionFactoryError`` when it refuses `url`.
    public func makeHandler(for url: URL) async throws(ConnectionFactoryError) -> ConnectionHandler {
        try await pool.makeHandler(for: url)
    }
}
