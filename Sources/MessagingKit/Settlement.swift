/// An outcome that is settled once, and that any number of tasks may await.
///
/// The plumbing behind a ticket's outcome and a request's reply: whoever knows the outcome
/// calls ``settle(_:)`` (the first call wins; later ones change nothing), and whoever needs it
/// reads ``result`` or awaits ``value()``.
///
/// - A task that awaits before the outcome is known is resumed with it, exactly once; any
///   number may wait.
/// - A task cancelled while it waits stops waiting (``wait()`` returns `nil`); the other waiters
///   and the outcome are untouched. Once settled, `wait()` answers at once, even in a cancelled
///   task: only a wait is cancelled.
public final class Settlement<Success: Sendable, Failure: Error>: Sendable {
    private struct State {
        var result: Result<Success, Failure>?
        var waiters: [Int: CheckedContinuation<Result<Success, Failure>?, Never>] = [:]
        var nextID = 0
    }

    private let state = Locked(State())

    /// Creates an unsettled outcome.
    public init() {}

    /// The outcome, once settled; `nil` until then.
    public var result: Result<Success, Failure>? { state.withLock { $0.result } }

    /// Settles the outcome, unless it is settled already, and resumes every waiting task.
    ///
    /// - Returns: whether this call settled it.
    @discardableResult
    public func settle(_ result: Result<Success, Failure>) -> Bool {
        let waiters = state.withLock { state -> [CheckedContinuation<Result<Success, Failure>?, Never>]? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        guard let waiters else { return false }
        for waiter in waiters { waiter.resume(returning: result) }
        return true
    }

    /// The outcome: at once if settled, else once it is.
    ///
    /// - Returns: `nil` when this task is cancelled before the outcome is known.
    public func wait() async -> Result<Success, Failure>? {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<Success, Failure>?, Never>) in
                let now = state.withLock { state -> Result<Success, Failure>?? in
                    if let result = state.result { return .some(result) }
                    if Task.isCancelled { return .some(nil) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(returning: nil)
        }
    }
}
