/// Why the outbox refused something.
public enum OutboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An outbox must be able to hold at least one command.
    case invalidCapacity(Int)
    /// An event needs a name with at least one visible character.
    case emptyEventName
    /// The buffer already holds `capacity` commands: this one was not taken, and nothing was
    /// dropped to make room.
    case full(capacity: Int)
    /// The request was cancelled before it was sent: no reply will come.
    case cancelled
    /// The task awaiting the reply was cancelled: that caller stopped waiting, and the request
    /// itself goes on (others waiting for it still get the reply).
    case waitCancelled

    /// A sentence for the person reading the log.
    public var description: String {
        switch self {
        case .invalidCapacity(let capacity):
            "An outbox must hold at least 1 command; \(capacity) was asked for."
        case .emptyEventName:
            "An event name must contain at least one visible character."
        case .full(let capacity):
            "The outbox already holds \(capacity) commands waiting for the connection."
        case .cancelled:
            "The request was cancelled before it was sent."
        case .waitCancelled:
            "The task waiting for the reply was cancelled; the request itself still stands."
        }
    }
}
