import Foundation

/// A value behind an `NSLock`: what the tests' own doubles keep their state in.
///
/// Why not `Synchronization.Mutex`, as the katas do: on Linux the thread sanitizer doesn't see a
/// contended `Mutex`'s wait, and reports what it guards as racing. Doubles that tests hammer from
/// several threads (a line the outbox sends over from 8, a connection two callers race on) use
/// this instead, so `.ci/run`'s sanitizer needs no suppression for them.
///
/// - Note: Why `@unchecked Sendable`: every access to `value` goes through `withLock`, under
///   `lock`; the compiler can't see that, this type's whole job is to make sure of it.
public final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Guards `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock; never call out to other code inside it.
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
