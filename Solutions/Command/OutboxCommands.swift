import MessagingKit
import Synchronization

/// Something the messaging client asked for, kept as an object so that it can wait.
///
/// Roles of the pattern in the offline outbox:
/// - **Command**: this protocol. It turns "send this now" into an object that can be kept in a
///   buffer, run later, or cancelled before it runs.
/// - **Concrete commands**: ``SendCommand``, ``RequestCommand``, and any command another team
///   writes (the tests declare their own).
/// - **Receiver**: the `Transport`, which the command is run against.
/// - **Invoker**: ``OfflineOutbox``, which runs each command at once or keeps it until the
///   connection is back.
/// - **Client**: whoever calls ``OfflineOutbox/send(_:payload:)`` or
///   ``OfflineOutbox/request(_:payload:)``.
///
/// Why `Sendable`: the outbox keeps commands in a buffer that the transport's callbacks read
/// from any thread.
public protocol OutboxCommand: Sendable {
    /// Runs the command over `transport`, which is connected.
    ///
    /// - Throws: The transport's error when it can't take the command now (it has just dropped).
    ///   The outbox then keeps the command, in its place, for the next connection.
    func execute(on transport: any Transport) throws

    /// Tells the command it was cancelled before it ran: it never will.
    func cancel()
}

extension OutboxCommand {
    /// Does nothing: a command nobody waits for has nobody to tell.
    public func cancel() {}
}

/// Sends one event.
public struct SendCommand: OutboxCommand {
    /// The event to send.
    public let event: Event

    /// Creates a command that sends `event`.
    public init(event: Event) {
        self.event = event
    }

    /// Sends the event.
    public func execute(on transport: any Transport) throws {
        try transport.send(event)
    }
}

/// Sends one event, and lets its caller wait for the server's reply.
public struct RequestCommand: OutboxCommand {
    /// The event to send.
    public let event: Event
    /// Where the reply goes.
    public let reply: PendingReply

    /// Creates a command that sends `event` and whose reply goes to `reply`.
    public init(event: Event, reply: PendingReply) {
        self.event = event
        self.reply = reply
    }

    /// Sends the event; from then on, the reply may come.
    public func execute(on transport: any Transport) throws {
        try transport.send(event)
        reply.markSent()
    }

    /// The caller's wait ends with ``OutboxError/cancelled``.
    public func cancel() {
        reply.finish(with: .failure(.cancelled))
    }
}

/// The caller's side of a request: the ticket to cancel it with, and the reply once it comes.
///
/// Why a class with a `Mutex`: the outbox completes it from the transport's thread while the
/// caller reads or awaits it from another.
public final class PendingReply: Sendable {
    /// Cancels the request while it waits in the buffer (``OfflineOutbox/cancel(_:)``).
    public let ticket: CommandTicket
    /// The name of the event whose arrival is the reply.
    public let name: String

    private struct State {
        var isSent = false
        var outcome: Result<Event, OutboxError>?
        var waiters: [CheckedContinuation<Result<Event, OutboxError>, Never>] = []
    }

    private let state = Mutex(State())

    /// Creates the caller's side of a request for `name`, cancelled with `ticket`.
    public init(ticket: CommandTicket, name: String) {
        self.ticket = ticket
        self.name = name
    }

    /// How the request ended: the server's reply, or ``OutboxError/cancelled``; `nil` while it
    /// waits.
    public var result: Result<Event, OutboxError>? {
        state.withLock { $0.outcome }
    }

    /// Whether the request was sent and still waits for its reply: only then can an event of
    /// its name be its reply.
    var awaitsReply: Bool {
        state.withLock { $0.isSent && $0.outcome == nil }
    }

    /// Waits for the reply.
    ///
    /// - Returns: The reply, at once if it has already come.
    /// - Throws: ``OutboxError/cancelled`` when the request was cancelled before it was sent.
    public func response() async throws(OutboxError) -> Event {
        // Why a continuation that returns a `Result`: the wait can't be lost between "no reply
        // yet" and "start waiting", because both happen under the one lock, and a typed error
        // comes out unchanged.
        let outcome = await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Result<Event, OutboxError>? in
                if let outcome = state.outcome { return outcome }
                state.waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
        return try outcome.get()
    }

    func markSent() {
        state.withLock { $0.isSent = true }
    }

    /// Settles the request once: a second reply, or a cancel after the reply, changes nothing.
    func finish(with outcome: Result<Event, OutboxError>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Result<Event, OutboxError>, Never>]? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        guard let waiters else { return }
        // Why resume outside the lock: a resumed caller may call straight back into this reply.
        // Each waiter is resumed exactly once, here, because the outcome is set only once.
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
