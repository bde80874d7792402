import MessagingKit

/// One rule of the connection keeper: whether it applies to a pooled connection, and what it
/// does then.
///
/// ``canHandle(_:)`` is separate from ``handle(_:in:)`` so a rule can't act and then pass the
/// connection on: "if you start, finish it; otherwise, don't start".
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
public struct ConnectionKeeper: Sendable {
    /// The keeper's three rules, in order: reconnect what is used, disconnect what is idle,
    /// release what is idle and disconnected.
    public static var standardHandlers: [any KeeperHandler] {
        // TODO: Step 3 — the three rules of `KeeperHandlers.swift`, in order (rule 3.8).
        []
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
        // TODO: Step 3 — for each pooled connection, the first handler that can handle it acts;
        //       collect what throws and go on (rules 3.1, 3.7).
        []
    }

    /// Makes a pass every `interval` of `clock`, until the task running it is cancelled.
    ///
    /// Sleep on `clock` (never the wall clock) for `interval`, then ``pass()``, again and again:
    /// the first pass comes one interval after the start, and after each pass a whole interval
    /// again, so a late wake-up makes one pass, not a burst. When the sleep throws (the task was
    /// cancelled), return without another pass.
    public func run<C: Clock>(every interval: Duration, on clock: C) async where C.Duration == Duration {
        // TODO: Step 3 — the keeper's poll: sleep one interval on `clock`, then pass(); return
        //       when the sleep throws (rules 3.9–3.11).
    }
}
