import Foundation

/// A value guarded by a lock, for MessagingKit's own plumbing.
///
/// Why not `Synchronization.Mutex`, which the katas use: on Linux, a contended `Mutex` waits on a
/// futex in code the thread sanitizer doesn't see, so TSan reports the accesses it guards as
/// races. `NSLock` is a pthread mutex, which TSan understands, so the plumbing every messaging
/// kata runs on stays checkable under `--sanitize=thread` with no suppression.
///
/// - Note: Why `@unchecked Sendable`: the compiler can't see that every access to `value` goes
///   through `withLock`; this type's whole job is to make sure it does. It is the only such type
///   in MessagingKit.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock; never call out to other code inside it.
    func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
