import Foundation
import MessagingKit

/// The app's one place to get a connection handle, for the app's whole life.
///
/// Feature code writes `try await ConnectionManager.shared.makeHandle(for: url)` and never builds a
/// pool or a factory. Tests build their own managers with ``init(pool:)``, so no test sees what
/// another left behind in ``shared``.
///
/// It must compile in Swift 6 language mode and be safe to use from any task at once: the
/// brief shows what the compiler says when it isn't.
public final class ConnectionManager: Sendable {
    /// The manager the app uses, the same one on every access, for the app's lifetime.
    ///
    /// Its pool is MessagingKit's `InMemoryConnectionPool`.
    public static var shared: ConnectionManager {
        // TODO: Step 2 — one instance for the app's lifetime, made safe, not silenced (rules 2.1–2.3).
        //       This computed property makes a new manager, with a new pool, every time anyone
        //       reads it.
        ConnectionManager(pool: InMemoryConnectionPool())
    }

    /// Creates a manager that hands out handles from `pool`.
    ///
    /// The app uses ``shared``; tests and previews create their own with a pool they control.
    public init(pool: any ConnectionPooling) {
        // TODO: Step 1 — keep the pool (rules 1.1, 1.2).
    }

    /// Opens a handle on the pool's connection for `url`: the pool's own handle, which sends over
    /// that connection and hears its events until it is closed.
    ///
    /// Every call asks the pool for a new handle. The manager keeps none of them: a handle lives
    /// as long as its caller holds it.
    /// - Throws: whatever the pool throws, unchanged, when it refuses `url` (a
    ///   ``ConnectionFactoryError`` from the pools in this package).
    public func makeHandle(for url: URL) async throws -> any ConnectionHandling {
        // TODO: Step 1 — ask the pool you were given, and hand on what it gives or throws, as it is
        //       (rules 1.1–1.9).
        // For now every call builds a pool of its own, as each screen did before there was a
        // manager: nothing is shared.
        try await InMemoryConnectionPool().makeHandle(for: url)
    }
}

// MARK: - Set at launch, and bound per task

extension ConnectionManager {
    /// The manager launch configured, with the pool only launch knows: set it once, in the app's
    /// start-up, and read it from then on.
    public static var launch: SetOnce<ConnectionManager> {
        // TODO: Step 3 — one slot for the app's life (rule 3.4). This makes a new, empty one on
        //       every read.
        SetOnce()
    }

    /// The manager code should use now: the one ``withCurrent(_:operation:)`` bound in this task
    /// (or a task that started it), else ``shared``.
    public static var current: ConnectionManager {
        // TODO: Step 4 — the manager bound for this task, else shared (rules 4.1–4.4).
        shared
    }

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
        // TODO: Step 4 — bind manager for this task and the tasks it starts (rules 4.2–4.4).
        try await operation()
    }
}
