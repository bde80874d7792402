/// A request's caller's side: its ticket, and its reply once it comes.
///
/// An outbox's `request` hands one out at once. The request's command settles it with the
/// server's reply; its ticket settles it with why none will come: a ticket that ends refused
/// settles it ``OutboxError/refused(reason:)``, one that ends cancelled
/// ``OutboxError/cancelled``. Any number of callers may await ``response()``.
public final class PendingReply: Sendable {
    /// The request's ticket: cancel it with this, and hear how its send ended.
    public let ticket: CommandTicket
    /// The name of the event the reply carries: the request's own.
    public let name: EventName
    private let settlement = Settlement<Event, OutboxError>()

    /// Creates the pending reply of the request ticketed `ticket`, named `name`.
    public init(ticket: CommandTicket, name: EventName) {
        self.ticket = ticket
        self.name = name
        ticket.whenEnded { [weak self] outcome in
            switch outcome {
            case .sent: break
            case .refused(let reason): self?.settle(.failure(.refused(reason: reason)))
            case .cancelled: self?.settle(.failure(.cancelled))
            }
        }
    }

    /// The outcome, once settled: the reply, or why none will come.
    ///
    /// `nil` until then.
    public var result: Result<Event, OutboxError>? { settlement.result }

    /// Settles the request; only the first outcome counts.
    ///
    /// - Returns: whether this call settled it.
    @discardableResult
    public func settle(_ result: Result<Event, OutboxError>) -> Bool {
        settlement.settle(result)
    }

    /// The reply: at once if it came, else once it does.
    ///
    /// - Throws: why no reply will come (``OutboxError/cancelled``,
    ///   ``OutboxError/refused(reason:)``); ``OutboxError/waitCancelled`` when the waiting task
    ///   is cancelled first (only its own wait ends).
    public func response() async throws(OutboxError) -> Event {
        guard let result = await settlement.wait() else { throw .waitCancelled }
        return try result.get()
    }
}
