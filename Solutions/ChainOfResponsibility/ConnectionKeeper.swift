import MessagingKit

/// One rule of the connection keeper: whether it applies to a pooled connection, and what it
/// does then.
///
/// Roles of the pattern in the keeper:
/// - **Handler**: this protocol. ``canHandle(_:)`` is separate from ``handle(_:in:)`` so a rule
///   can't act and then pass the connection on: "if you start, finish it; otherwise, don't
///   start".
/// - **Concrete handlers**: `ReconnectHandler`, `IdleDisconnectHandler`, `ReleaseHandler`.
/// - **Client**: ``ConnectionKeeper``, which offers each connection to the rules in order.
///
/// Why `Sendable`: the keeper runs on its own task, beside the callers that use the pool.
public protocol KeeperHandler: Sendable {
    /// Whether this rule applies to `pooled`. Asking changes nothing.
    func canHandle(_ pooled: PooledConnection) -> Bool

    /// Applies the rule to `pooled`, a connection it said it can handle; `pool` is the pool it
    /// came from.
    ///
    /// - Throws: what the connection throws, unchanged. A plain connection never refuses; a
    ///   managed one refuses by its state, say when it moved since it was asked. Untyped, because
    ///   others implement it: a rule of your own may fail in its own way.
    func handle(_ pooled: PooledConnection, in pool: any KeeperPool) async throws
}

/// Walks a pool and offers every connection to a first-match list of rules: the first rule that
/// can handle it acts, and no later rule is asked.
///
/// Role: **Client** of the chain. ``run(every:on:)`` calls ``pass()`` on a timer, the keeper's
/// poll, on an injected clock.
///
/// Why an array of rules, and no `next` on each rule: the order is one list you can read,
/// reorder or extend in one place, and no rule knows which comes after it, so none can forget to
/// pass a connection on, or pass it twice.
public struct ConnectionKeeper: Sendable {
    /// The keeper's three rules, in order: reconnect what is used, disconnect what is idle,
    /// release what is idle and disconnected.
    public static var standardHandlers: [any KeeperHandler] {
        [ReconnectHandler(), IdleDisconnectHandler(), ReleaseHandler()]
    }

    private let pool: any KeeperPool
    private let handlers: [any KeeperHandler]

    /// Creates a keeper for `pool` with `handlers`, in order.
    public init(pool: any KeeperPool, handlers: [any KeeperHandler] = ConnectionKeeper.standardHandlers) {
        self.pool = pool
        self.handlers = handlers
    }

    /// Offers every connection in the pool to the rules, once.
    ///
    /// For each connection the rules are asked in order; the first that can handle it acts, and
    /// no later rule is asked. When none can, nothing happens to it. A rule that fails doesn't
    /// stop the pass: the other connections are still looked after.
    ///
    /// - Returns: The errors of rules that failed, unchanged and in pool order; empty when all
    ///   went well.
    @discardableResult
    public func pass() async -> [any Error] {
        var failures: [any Error] = []
        // Why one look, then a walk over it: `contents()` is a copy, so what the pool does
        // meanwhile (a connection forgotten, a handle opened) can't skip or repeat a connection
        // in this pass. But the look gets older as the pass goes on: a rule whose act can't be
        // undone must have the pool check again as it acts, as the release rule does.
        for pooled in await pool.contents() {
            // Why `first(where:)`: it stops at the first rule that says yes, so no later rule is
            // even asked. That is the list form of a chain: the keeper walks it, and no rule holds
            // the next one (step 4's handlers do).
            guard let handler = handlers.first(where: { $0.canHandle(pooled) }) else { continue }
            do {
                try await handler.handle(pooled, in: pool)
            } catch {
                failures.append(error)
            }
        }
        return failures
    }

    /// Makes a pass every `interval` of `clock`, until the task running it is cancelled.
    ///
    /// The first pass comes one interval after the start, and each pass is followed by a whole
    /// interval of sleep: a late wake-up makes one pass, not one for each interval it missed.
    /// Cancelled, it returns without another pass. The app runs this in a task of its own, on a
    /// `ContinuousClock`; tests pass a `ManualClock` and move time by hand.
    public func run<C: Clock>(every interval: Duration, on clock: C) async where C.Duration == Duration {
        // Why the clock is a parameter: a poll that sleeps on the wall clock makes every test
        // wait in real time, or guess how long to wait. With the clock injected, a test moves
        // time by hand and nothing sleeps for real.
        while true {
            // Why `do`/`catch` and not `try?`: the sleep throws only when the task is cancelled,
            // and that is the keeper's signal to stop. `try?` would swallow it, and the loop
            // would spin on, passing as fast as it can, with no one left to stop it.
            do {
                try await clock.sleep(for: interval)
            } catch {
                return
            }
            // Why sleep a whole interval after each pass, rather than keep a schedule: one pass
            // tidies the whole pool, so a keeper that woke late (the app was suspended) has
            // nothing to catch up on, and a burst of passes would only repeat the same work.
            await pass()
        }
    }
}
