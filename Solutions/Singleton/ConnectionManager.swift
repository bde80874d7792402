import Foundation
import MessagingKit

/// The app's one place to get a connection handle, for the app's whole life.
///
/// Role: **Shared instance**, Swift's usual form of the Singleton: ``shared`` is the one
/// instance the app uses, but `init(pool:)` stays public, so tests build their own. Feature code writes
/// `try await ConnectionManager.shared.makeHandle(for: url)`, then sends and listens through the
/// handle it gets (an `any ConnectionHandling`), and never builds a pool or a factory. The
/// manager is a client of MessagingKit's `ConnectionPooling` role, which the Flyweight kata's
/// pool plays in an app.
///
/// Fixes bug 6 on docs/sources.md. A `static let` is a global that any thread may read, so in
/// Swift 6 language mode its type must be `Sendable`, and a plain class is not. The fix is not
/// to silence the checker (`nonisolated(unsafe)`) but to make the claim true: this class is
/// `final`, its one stored property is a `let`, and that property's type is `Sendable`
/// (``ConnectionPooling`` requires it). All the mutable state lives in the pool.
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
    /// In this repository its pool is MessagingKit's `InMemoryConnectionPool`, so this kata
    /// needs no other kata's answer. An app would pass the Flyweight kata's pool here:
    /// `ConnectionPool(factory: SchemeConnectionFactory())`.
    public static let shared = ConnectionManager(pool: InMemoryConnectionPool())

    // Why `any ConnectionPooling` and not the Flyweight kata's `ConnectionPool`: the manager
    // needs only "hand out a handle for a URL". Depending on the role keeps this kata
    // independent of that one, and lets each test pass a pool it can inspect.
    private let pool: any ConnectionPooling

    // Why public: a private initializer would make the singleton "pure" and every test that
    // touches it share one pool, one set of connections and one order of events. Injecting the
    // pool is what keeps tests independent and parallel.

    /// Creates a manager that hands out handles from `pool`.
    ///
    /// The app uses ``shared``; tests and previews create their own with a pool they control.
    public init(pool: any ConnectionPooling) {
        self.pool = pool
    }

    /// Opens a handle on the pool's connection for `url`: the pool's own handle, which sends over
    /// that connection and hears its events until it is closed.
    ///
    /// Every call asks the pool for a new handle. The manager keeps none of them: a handle lives
    /// as long as its caller holds it.
    /// - Throws: whatever the pool throws, unchanged, when it refuses `url` (a
    ///   ``ConnectionFactoryError`` from the pools in this package).
    public func makeHandle(for url: URL) async throws -> any ConnectionHandling {
        // Why no cache of handles here: the pool already shares the connection. A manager that
        // remembered handles would keep every screen's handle alive, and the pool would think
        // the connection was in use forever.
        // Why no wrapper around the handle: the pool's handle already sends, listens and refuses
        // once closed; a wrapper could only add a way to get those wrong.
        try await pool.makeHandle(for: url)
    }
}

// MARK: - Set at launch, and bound per task

extension ConnectionManager {
    /// The manager launch configured, with the pool only launch knows: set it once, in the app's
    /// start-up, and read it from then on.
    ///
    /// Why beside ``shared``: `shared` suits an instance that needs nothing from launch. The pool
    /// the app really uses (real sockets, or in-memory ones in a UI test) is known only once the
    /// app starts, and a `static let` can't wait for that.
    public static let launch = SetOnce<ConnectionManager>()

    // Why a `TaskLocal` and not a static var swapped by `withCurrent`: a task-local value belongs
    // to the task that binds it and the tasks it starts. Two tests running in parallel each bind
    // their own manager and never see the other's; a swapped global would hand one test's
    // manager to the other.
    private static let bound = TaskLocal<ConnectionManager?>(wrappedValue: nil)

    /// The manager code should use now: the one ``withCurrent(_:operation:)`` bound in this task
    /// (or a task that started it), else ``shared``.
    ///
    /// Feature code reads `ConnectionManager.current` instead of `shared`, so a test or a preview
    /// can hand it a manager of its own without touching the app's.
    public static var current: ConnectionManager { bound.get() ?? shared }

    /// Runs `operation` with `manager` as ``current``, for it and the tasks it starts (child
    /// tasks and `Task {}`; a detached task doesn't inherit it); after it, `current` is what it
    /// was before.
    ///
    /// - Returns: what `operation` returns.
    /// - Throws: what `operation` throws.
    public static func withCurrent<Result: Sendable>(
        _ manager: ConnectionManager, operation: () async throws -> Result,
        isolation: isolated (any Actor)? = #isolation
    ) async rethrows -> Result {
        try await bound.withValue(manager, operation: operation)
    }
}
