/// Identifies one command given to an outbox, to cancel it.
///
/// The outbox hands one out for every command it takes; `cancel(_:)` takes it back.
public struct CommandTicket: Sendable, Hashable {
    /// The ticket's number, unique within one outbox.
    public let number: Int

    /// Creates the ticket numbered `number`.
    public init(number: Int) {
        self.number = number
    }
}

/// What ``OfflineOutbox/cancel(_:)`` did.
public enum CancelResult: Sendable, Hashable {
    /// The command was waiting in the buffer; it is gone and will never run.
    case cancelled
    /// The command isn't waiting: it has run, was cancelled before, or is running now. A
    /// running command may already be on its way; the cancel only keeps it from running again.
    case notPending
}
