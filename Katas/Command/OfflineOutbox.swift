import MessagingKit
import Synchronization

/// Sends what the app asks for at once while the connection is up, and keeps it, in order,
/// while the connection is down.
///
/// It sends over any `Connection` and only sends and listens: opening and closing the
/// connection is its owner's job. The connection calls back from any thread ("connected",
/// "this event came"), and the app's `send` must not need an `await`: the outbox is safe to use
/// from any thread, and a command it runs may call back into it.
public final class OfflineOutbox: Sendable {
    /// The most commands the buffer holds while the connection is down.
    public let capacity: Int

    private let connection: any Connection

    /// Creates an outbox that sends over `connection` and holds up to `capacity` commands
    /// while it is not connected.
    ///
    /// The connection must throw from `send` when it can't send now (a plain connection throws
    /// `TransportError.notConnected`), and its status must say so: a send that throws while the
    /// connection is not connected, or that reported a drop meanwhile, is a command to keep; one
    /// that throws while it stays connected was refused for good.
    ///
    /// - Throws: ``OutboxError/invalidCapacity(_:)`` when `capacity` is less than 1.
    public init(connection: any Connection, capacity: Int = 100) throws(OutboxError) {
        // TODO: Step 2 — refuse a capacity below 1 (rule 2.10).
        self.connection = connection
        self.capacity = capacity
        // TODO: Step 1 — when the connection says it is connected (`onStatusChange`), run the
        //       buffer (rule 1.4). Only listen: never connect, disconnect or release it (rule 1.1).
        // TODO: Step 2 — a drop it reports (any status but connected) while a command runs makes
        //       that command's failure the drop's, not a refusal (rule 2.3).
        // TODO: Step 4 — give the connection's events (`onEvent`) to the requests waiting for
        //       a reply (rules 4.2–4.6).
    }

    /// Ends every wait when the outbox is freed: every request it holds, in the buffer or sent
    /// and waiting for its reply, is settled with ``OutboxError/cancelled``.
    deinit {
        // TODO: Step 5 — tell every command still waiting that it will never run, and finish
        //       every request still waiting for a reply with `.cancelled` (rule 5.7).
    }

    /// How many commands wait in the buffer for the connection.
    public var pendingCount: Int {
        // TODO: Step 1 — the number of commands waiting (rule 1.3).
        0
    }

    /// Runs `command` now if the connection is up and nothing waits before it; otherwise keeps
    /// it, after the others, until the connection is back.
    ///
    /// - Returns: The ticket to cancel it with while it waits.
    /// - Throws: ``OutboxError/full(capacity:)`` when ``capacity`` commands already wait.
    @discardableResult
    public func enqueue(_ command: any OutboxCommand) throws(OutboxError) -> CommandTicket {
        // TODO: Step 1 — run it now, or keep it for later, first in first out (rules 1.2–1.5, 1.8).
        // TODO: Step 2 — refuse it when the buffer is full (rules 2.8, 2.9).
        // TODO: Step 2 — one command runs at a time, and nothing stalls: what comes while one runs
        //       waits its turn and runs once it is done, while connected (rules 2.5, 2.7). A
        //       command whose `execute` throws stays, and the run stops, if the connection no
        //       longer says connected or said it dropped meanwhile (rules 2.1–2.4); otherwise it
        //       was refused for good: it leaves, the run goes on (rule 2.6).
        // TODO: Step 3 — a command cancelled while it ran, whose run fails in a way that would
        //       keep it, leaves instead, and is told (`cancel()`) (rule 3.6).
        // TODO: Step 5 — a request refused for good ends with
        //       `.refused(reason: String(describing: error))` (rule 5.5). A request cancelled
        //       while it ran is settled by how that run ends: kept, `.cancelled`; refused,
        //       still `.refused` (rule 5.6).
        return CommandTicket(number: 0)
    }

    /// Sends the event `name` now, or when the connection is back.
    ///
    /// - Returns: The ticket to cancel it with while it waits.
    /// - Throws: ``OutboxError/emptyEventName``, or ``OutboxError/full(capacity:)``.
    @discardableResult
    public func send(_ name: String, payload: [String: String] = [:]) throws(OutboxError) -> CommandTicket {
        // TODO: Step 1 — make a `SendCommand` and enqueue it (rule 1.6); refuse a blank name
        //       (rule 1.7).
        return CommandTicket(number: 0)
    }

    /// Sends the event `name` now, or when the connection is back, and gives the caller the
    /// reply: the next event of the same name from the server, after it was sent.
    ///
    /// - Throws: ``OutboxError/emptyEventName``, or ``OutboxError/full(capacity:)``.
    public func request(_ name: String, payload: [String: String] = [:]) throws(OutboxError) -> PendingReply {
        // TODO: Step 1 — refuse a blank name (rule 1.7).
        // TODO: Step 4 — enqueue a `RequestCommand` as `enqueue` would, with a `PendingReply` that
        //       a reply coming during an at-once send still reaches, and return that reply
        //       (rules 4.1, 4.3).
        return PendingReply(ticket: CommandTicket(number: 0), name: Message.eventName)
    }

    /// Cancels a command that still waits in the buffer.
    ///
    /// A cancelled request's caller is told (``OutboxError/cancelled``), never left waiting.
    /// After a cancel, the command never starts again.
    ///
    /// - Returns: ``CancelResult/cancelled`` when it waited: it will never run.
    ///   ``CancelResult/notPending`` when it has already run, was cancelled before, or is running
    ///   now; a running command whose run then fails leaves the buffer, told it was cancelled.
    @discardableResult
    public func cancel(_ ticket: CommandTicket) -> CancelResult {
        // TODO: Step 3 — remove it from the buffer if it still waits, and tell it (rules 3.1–3.4).
        // TODO: Step 3 — if it is running now, answer `.notPending` and leave it in place; should
        //       that run fail in a way that would keep it, it leaves the buffer instead, told it
        //       was cancelled (rules 3.5, 3.6).
        .notPending
    }
}
