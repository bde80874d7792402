import MessagingKit
import Synchronization

/// Sends what the app asks for at once while the connection is up, and keeps it, in order,
/// while the connection is down.
///
/// It sends over any `Connection` and only sends and listens: opening and closing the
/// connection is its owner's job. The connection calls back from any thread ("connected",
/// "this event came"), and the app's `send` must not need an `await`: keep the state behind a
/// `Mutex` (`import Synchronization`), and run commands outside the lock.
public final class OfflineOutbox: Sendable {
    /// The most commands the buffer holds while the connection is down.
    public let capacity: Int

    private let connection: any Connection

    /// Creates an outbox that sends over `connection` and holds up to `capacity` commands
    /// while it is not connected.
    ///
    /// The connection must throw from `send` when it can't send now (a plain connection throws
    /// `TransportError.notConnected`): that throw is how the outbox knows to keep a command.
    ///
    /// - Throws: ``OutboxError/invalidCapacity(_:)`` when `capacity` is less than 1.
    public init(connection: any Connection, capacity: Int = 100) throws(OutboxError) {
        // TODO: Step 2 — refuse a capacity below 1.
        self.connection = connection
        self.capacity = capacity
        // TODO: Step 1 — when the connection says it is connected (`onStatusChange`), run the
        //       buffer.
        // TODO: Step 4 — give the connection's events (`onEvent`) to the requests waiting for
        //       a reply.
    }

    /// How many commands wait in the buffer for the connection.
    public var pendingCount: Int {
        // TODO: Step 1 — the number of commands waiting.
        0
    }

    /// Runs `command` now if the connection is up and nothing waits before it; otherwise keeps
    /// it, after the others, until the connection is back.
    ///
    /// - Returns: The ticket to cancel it with while it waits.
    /// - Throws: ``OutboxError/full(capacity:)`` when ``capacity`` commands already wait.
    @discardableResult
    public func enqueue(_ command: any OutboxCommand) throws(OutboxError) -> CommandTicket {
        // TODO: Step 1 — run it now, or keep it for later, first in first out.
        // TODO: Step 2 — refuse it when the buffer is full.
        CommandTicket(number: 0)
    }

    /// Sends the event `name` now, or when the connection is back.
    ///
    /// - Returns: The ticket to cancel it with while it waits.
    /// - Throws: ``OutboxError/emptyEventName``, or ``OutboxError/full(capacity:)``.
    @discardableResult
    public func send(_ name: String, payload: [String: String] = [:]) throws(OutboxError) -> CommandTicket {
        // TODO: Step 1 — make a `SendCommand` and enqueue it; refuse a blank name.
        CommandTicket(number: 0)
    }

    /// Sends the event `name` now, or when the connection is back, and gives the caller the
    /// reply: the next event of the same name from the server, after it was sent.
    ///
    /// - Throws: ``OutboxError/emptyEventName``, or ``OutboxError/full(capacity:)``.
    public func request(_ name: String, payload: [String: String] = [:]) throws(OutboxError) -> PendingReply {
        // TODO: Step 4 — make a `RequestCommand` and enqueue it; refuse a blank name.
        PendingReply(ticket: CommandTicket(number: 0), name: Message.eventName)
    }

    /// Cancels a command that still waits in the buffer.
    ///
    /// A cancelled request's caller is told (``OutboxError/cancelled``), never left waiting.
    ///
    /// - Returns: ``CancelResult/cancelled`` when it waited; ``CancelResult/notPending`` when
    ///   it has already run or was cancelled before, and then nothing changes.
    @discardableResult
    public func cancel(_ ticket: CommandTicket) -> CancelResult {
        // TODO: Step 3 — remove it from the buffer if it still waits, and tell it.
        .notPending
    }
}
