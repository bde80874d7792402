/// Why a managed connection refused a move or an operation.
///
/// Every refusal names the state the connection was in, so a log line says what went wrong
/// without a debugger. Fixes bug 1 on docs/sources.md: messages are built from the real state
/// and operation, never written by hand per state.
public enum LifecycleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The table of allowed moves has no move from `from` to `to`.
    case transitionRefused(from: ConnectionState, to: ConnectionState)
    /// The connection's state doesn't allow `operation`.
    case operationRefused(ConnectionOperation, in: ConnectionState)

    /// A sentence that names the states, or the state and the operation.
    public var description: String {
        switch self {
        case .transitionRefused(let from, let to):
            "A \(from) connection can't become \(to)."
        case .operationRefused(let operation, let state):
            "A \(state) connection refuses \(operation)."
        }
    }
}
