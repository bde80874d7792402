/// Why the outbox refused something.
public enum OutboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An outbox must be able to hold at least one command.
    case invalidCapacity(Int)
    /// An event needs a name with at least one visible character.
    case emptyEventName
    /// The buffer already holds `capacity` commands: this one was not taken, and nothing was
    /// dropped to make room.
    case full(capacity: Int)
    /// The request was withdrawn before its reply came: cancelled, or its outbox was freed. No
    /// reply will come.
    case cancelled
    /// The connection refused the request for good: its send threw while the connection stayed
    /// connected (a protection proxy's `SendForbidden`, say). `reason` describes that error.
    case refused(reason: String)
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
            "The request was withdrawn (cancelled, or its outbox freed): no reply will come."
        case .refused(let reason):
            "The connection refused the request for good: \(reason.hasSuffix(".") ? reason : reason + ".")"
        case .waitCancelled:
            "The task waiting for the reply was cancelled; the request itself still stands."
        }
    }
}
