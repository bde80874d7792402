import Synchronization

/// An executor the test runs by hand: a task that prefers it, and the child tasks it starts, run
/// only inside ``runUntilIdle()``, each time until they finish or suspend.
///
/// It forces the order a busy machine gives only sometimes. After `runUntilIdle()`, every task
/// started on it is suspended (at a gate, in an `await` for a reply) or done, so whatever the
/// test does next happens while they wait, for sure. No sleeps, no yields.
///
/// ```swift
/// let executor = ManualExecutor()
/// let task = Task(executorPreference: executor) { await pending.response() }
/// executor.runUntilIdle()   // the caller is now waiting inside response()
/// deliverTheReply()
/// executor.runUntilIdle()   // …and now it has it
/// ```
public final class ManualExecutor: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])

    /// An executor with no job waiting.
    public init() {}

    /// Keeps `job` until ``runUntilIdle()``.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    /// Runs every job waiting, and every job those enqueue, until none is left.
    public func runUntilIdle() {
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Holds what a task got, for a test that must not hang waiting for it: the test reads
/// ``current`` instead of awaiting the task.
public final class Received<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)

    /// Nothing received yet.
    public init() {}

    /// What was received, or `nil` so far.
    public var current: Value? { value.withLock { $0 } }

    /// Keeps `newValue`, replacing what was there.
    public func set(_ newValue: Value) { value.withLock { $0 = newValue } }
}
