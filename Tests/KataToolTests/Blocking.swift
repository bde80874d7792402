import Foundation

/// Runs `work`, which blocks (it starts processes and waits for them), on a thread of its own.
///
/// Swift Testing runs every test on a pool with one thread per core; a test that sleeps or waits
/// for a process there holds a thread that a hundred other tests need. Off the pool, the waits
/// of many such tests overlap.
func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
