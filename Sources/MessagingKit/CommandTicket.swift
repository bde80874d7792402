/// One command given to an outbox: what its sender holds to cancel it, and to hear how it ended.
///
/// The outbox hands one out for every command it takes. `cancel(_:)` takes it back, and the
/// outbox settles its ``outcome`` once the command has gone out, was refused for good, or was
/// cancelled: no command ends without its sender being able to hear it.
public final class CommandTicket: Sendable, Hashable, CustomStringConvertible {
    /// The ticket's number, unique within one outbox.
    public let number: Int
    private let settlement = Settlement<CommandOutcome, Never>()
    private let followers = Locked<[@Sendable (CommandOutcome) -> Void]>([])

    /// Creates the ticket numbered `number`, with no outcome yet.
    public init(number: Int) {
        self.number = number
    }

    /// How the command ended; `nil` while it waits or runs.
    public var outcome: CommandOutcome? {
        guard case .success(let outcome) = settlement.result else { return nil }
        return outcome
    }

    /// Records how the command ended; only the first outcome counts.
    ///
    /// - Returns: whether this call settled it.
    @discardableResult
    public func settle(_ outcome: CommandOutcome) -> Bool {
        guard settlement.settle(.success(outcome)) else { return false }
        let followers = followers.withLock { followers in
            defer { followers = [] }
            return followers
        }
        for follower in followers { follower(outcome) }
        return true
    }

    /// Calls `follower` with the outcome once it is settled, at once if it is already.
    func whenEnded(_ follower: @escaping @Sendable (CommandOutcome) -> Void) {
        let now = followers.withLock { followers -> CommandOutcome? in
            if let outcome { return outcome }
            followers.append(follower)
            return nil
        }
        if let now { follower(now) }
    }

    /// How the command ended, once it has.
    ///
    /// - Throws: `CancellationError` when the waiting task is cancelled first.
    public func ended() async throws -> CommandOutcome {
        guard case .success(let outcome) = await settlement.wait() else { throw CancellationError() }
        return outcome
    }

    /// `ticket 3`.
    public var description: String { "ticket \(number)" }

    /// Two tickets are equal when they are the same ticket.
    public static func == (lhs: CommandTicket, rhs: CommandTicket) -> Bool { lhs === rhs }

    /// Hashes the ticket's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// How a command given to an outbox ended.
public enum CommandOutcome: Sendable, Hashable, CustomStringConvertible {
    /// It ran: `execute(on:)` returned.
    case sent
    /// The connection refused it for good; `reason` is `String(describing:)` of its error.
    case refused(reason: String)
    /// It was taken back before it ran, or its outbox went away first.
    case cancelled

    /// A few words on how it ended.
    public var description: String {
        switch self {
        case .sent: "sent"
        case .refused(let reason): "refused: \(reason)"
        case .cancelled: "cancelled"
        }
    }
}

/// What ``OfflineOutbox/cancel(_:)`` did.
public enum CancelResult: Sendable, Hashable {
    /// The command was waiting in the buffer; it is gone and will never run.
    case cancelled
    /// The command isn't waiting: it has run, was cancelled before, or is running now and on
    /// its way.
    case notPending
}
