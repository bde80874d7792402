/// Why a managed connection refused a move or an operation.
///
/// Every refusal names the state the connection was in, so a log line says what went wrong
/// without a debugger. (The seed's version built each message by hand, and one said
/// "ConnectedState can't release" from the created state.)
public enum LifecycleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The table of allowed moves has no move from `from` to `to`.
    case transitionRefused(from: ConnectionState, to: ConnectionState)
    /// The connection's state doesn't allow `operation`.
    case operationRefused(ConnectionOperation, in: ConnectionState)
    /// The state allowed the operation, but the transport failed it.
    case transport(TransportError)

    /// A sentence that names the states, or the state and the operation.
    public var description: String {
        switch self {
        case .transitionRefused(let from, let to):
            "A \(from) connection can't become \(to)."
        case .operationRefused(let operation, let state):
            "A \(state) connection refuses \(operation)."
        case .transport(let error):
            "The transport failed: \(error)"
        }
    }
}
