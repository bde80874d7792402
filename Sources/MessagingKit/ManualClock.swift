/// A clock that moves only when a test says so.
///
/// Code under test takes any `Clock` and sleeps on it (`try await clock.sleep(for: .seconds(30))`);
/// the test passes a `ManualClock` and calls ``advance(by:)`` to let 30 seconds "pass" at once.
/// Nothing sleeps for real, so time-based tests are instant and deterministic.
///
/// ```swift
/// let clock = ManualClock()
/// let poller = Task { try await clock.sleep(for: .seconds(30)); print("tick") }
/// try await clock.waitForSleepers(count: 1)   // the poller is now asleep
/// clock.advance(by: .seconds(30))             // it wakes up
/// ```
public final class ManualClock: Clock {
    /// A moment on a ``ManualClock``: the time since the clock started.
    public struct Instant: InstantProtocol {
        /// How long after the clock's start this moment is.
        public var offset: Duration

        /// Creates the moment `offset` after the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The moment `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this moment to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Waiter {
        let count: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        var waiters: [Int: Waiter] = [:]

        mutating func makeID() -> Int {
            nextID += 1
            return nextID
        }

        /// Removes and returns the waiters that now see enough sleepers.
        mutating func satisfiedWaiters() -> [CheckedContinuation<Void, any Error>] {
            let ready = waiters.filter { $0.value.count <= sleepers.count }
            for id in ready.keys { waiters[id] = nil }
            return ready.values.map(\.continuation)
        }
    }

    // Why a lock and not an actor: `now` and `advance(by:)` must be synchronous so tests and
    // code under test can read the time without `await`. Why `Locked`, not `Mutex`: the thread
    // sanitizer sees its lock (see `Locked`).
    private let state: Locked<State>

    /// Creates a clock that reads `now` until it is advanced.
    public init(now: Instant = Instant(offset: .zero)) {
        state = Locked(State(now: now))
    }

    /// The current moment; it changes only through ``advance(by:)`` and ``advance(to:)``.
    public var now: Instant { state.withLock { $0.now } }

    /// A manual clock can represent any duration.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on this clock right now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Moves time forward by `duration` and wakes every sleeper whose deadline has come.
    ///
    /// A negative duration is treated as zero: time never goes back.
    public func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: max(duration, .zero))
            return Self.removeDueSleepers(from: &state)
        }
        for continuation in due { continuation.resume() }
    }

    /// Moves time forward to `instant` (if it is later than now) and wakes the sleepers whose
    /// deadline has come.
    public func advance(to instant: Instant) {
        advance(by: now.duration(to: instant))
    }

    /// Suspends until the clock has been advanced to `deadline`.
    ///
    /// Returns at once when `deadline` is not later than ``now``.
    /// - Throws: `CancellationError` when the sleeping task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { $0.makeID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let (outcome, waiters) = state.withLock {
                    state -> (Result<Void, any Error>?, [CheckedContinuation<Void, any Error>]) in
                    // Checked under the lock, so a cancellation cannot slip in between the
                    // check and storing the sleeper (the cancel handler takes the same lock).
                    if Task.isCancelled { return (.failure(CancellationError()), []) }
                    if deadline <= state.now { return (.success(()), []) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return (nil, state.satisfiedWaiters())
                }
                if let outcome { continuation.resume(with: outcome) }
                for waiter in waiters { waiter.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Suspends until at least `count` tasks are sleeping on this clock.
    ///
    /// Use it before ``advance(by:)`` to be sure the code under test has reached its sleep.
    /// It waits for as long as it takes, so only wait for sleeps the code is sure to make.
    /// - Throws: `CancellationError` when the waiting task is cancelled.
    public func waitForSleepers(count: Int = 1) async throws {
        let id = state.withLock { $0.makeID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.sleepers.count >= count { return .success(()) }
                    state.waiters[id] = Waiter(count: count, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    private static func removeDueSleepers(from state: inout State) -> [CheckedContinuation<Void, any Error>] {
        let due = state.sleepers
            .filter { $0.value.deadline <= state.now }
            .sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
        for (id, _) in due { state.sleepers[id] = nil }
        return due.map(\.value.continuation)
    }
}
