import MessagingKit
import Synchronization

/// Sends what the app asks for at once while the connection is up, and keeps it, in order,
/// while the connection is down.
///
/// It runs commands without knowing what they do, over any `Connection`, which it only sends
/// through and listens to. Every command it takes ends on its ticket: sent, refused or
/// cancelled.
public final class OfflineOutbox: Sendable {
    /// The most commands the buffer holds while the connection is down.
    public let capacity: Int

    private let connection: any Connection
    /// The requests waiting for a reply (given: see the brief).
    private let replies = ReplyBook()

    /// Creates an outbox that sends over `connection` and holds up to `capacity` commands.
    ///
    /// - Throws: ``OutboxError/invalidCapacity(_:)`` when `capacity` is less than 1.
    public init(connection: any Connection, capacity: Int = 100) throws(OutboxError) {
        // TODO: Step 2 — refuse a capacity below 1 (rule 2.5).
        self.connection = connection
        self.capacity = capacity
        // TODO: Step 1 — when the connection says it is connected, run the buffer (rule 1.4).
        // TODO: Step 4 — hand every event of the connection to the book (rule 4.2).
    }

    deinit {
        // TODO: Step 3 — every command still held is cancelled (rule 3.4).
        // TODO: Step 4 — and every request still waiting for its reply hears none will come:
        //       close the book (rule 4.4).
    }

    /// How many commands wait, the running one included until it has run.
    public var pendingCount: Int {
        // TODO: Step 1 — (rule 1.3).
        0
    }

    /// Takes `command`: runs it now if the connection is up, or keeps it for later.
    ///
    /// - Returns: its ticket, to cancel it and hear how it ended.
    /// - Throws: ``OutboxError/full(capacity:)`` when `capacity` commands wait already.
    @discardableResult
    public func enqueue(_ command: any OutboxCommand) throws(OutboxError) -> CommandTicket {
        // TODO: Step 1 — give it a ticket and a place at the end of the buffer; run the buffer
        //       if the connection says connected (rules 1.2–1.4, 1.6).
        // TODO: Step 2 — refuse it when the buffer is full (rule 2.4).
        CommandTicket(number: 0)
    }

    /// Sends the event named `name` with `payload`: a ``SendCommand``, enqueued.
    ///
    /// - Throws: ``OutboxError/emptyEventName`` for a blank name; what `enqueue` throws.
    @discardableResult
    public func send(_ name: String, payload: [String: String] = [:]) throws(OutboxError) -> CommandTicket {
        // TODO: Step 1 — (rule 1.5).
        CommandTicket(number: 0)
    }

    /// Sends the request named `name` with `payload`: a ``RequestCommand``, enqueued.
    ///
    /// - Returns: the caller's side, at once: its ticket, and its reply once it comes.
    /// - Throws: ``OutboxError/emptyEventName`` for a blank name; what `enqueue` throws.
    public func request(_ name: String, payload: [String: String] = [:]) throws(OutboxError) -> PendingReply {
        // TODO: Step 4 — a `RequestCommand` whose `PendingReply` holds the ticket it is
        //       enqueued with (rule 4.1).
        PendingReply(ticket: CommandTicket(number: 0), name: Message.eventName)
    }

    /// Takes back the command of `ticket`, if it still waits.
    @discardableResult
    public func cancel(_ ticket: CommandTicket) -> CancelResult {
        // TODO: Step 3 — (rules 3.1–3.3).
        .notPending
    }
}
