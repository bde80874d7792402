import MessagingKit

/// Something the messaging client asked for, kept as an object so that it can wait.
///
/// The outbox runs commands without knowing what they do: the tests hand it one of their own.
public protocol OutboxCommand: Sendable {
    /// Runs the command over `connection`, which is connected.
    ///
    /// - Throws: The connection's error, unchanged. The outbox decides by the connection, not
    ///   by the error: if the connection no longer says it is connected (or said it dropped
    ///   while the command ran), the command stays, in its place, for the next connection; if
    ///   it still says connected, the command was refused for good and leaves the buffer.
    func execute(on connection: any Connection) throws

    /// Tells the command it will never run again: it was cancelled before it ran, it was
    /// cancelled while running and that run failed, or its outbox was freed.
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
    public func execute(on connection: any Connection) throws {
        // TODO: Step 1 — send the event over the connection (rule 1.6).
    }
}

/// Sends one event, and lets its caller wait for the server's reply.
///
/// Only the outbox makes one (``OfflineOutbox/request(_:payload:)``): a request built by hand
/// and enqueued would never get its reply, so its memberwise initialiser stays internal.
public struct RequestCommand: OutboxCommand {
    /// The event to send.
    public let event: Event
    /// Where the reply goes.
    public let reply: PendingReply

    /// Sends the event; from then on, the reply may come.
    ///
    /// The reply may arrive on the connection's thread before `send` returns: it must not be
    /// lost. If the send throws, the request was not sent.
    public func execute(on connection: any Connection) throws {
        // TODO: Step 4 — send the event, so that a reply coming before the send returns still
        //       counts; a send that throws leaves nothing waiting, and its error goes on
        //       unchanged (rules 4.2, 4.3).
    }

    /// The caller's wait ends with ``OutboxError/cancelled``.
    public func cancel() {
        // TODO: Step 5 — tell the caller: its result becomes `.failure(.cancelled)` (rule 5.4).
    }
}

/// The caller's side of a request: the ticket to cancel it with, and the reply once it comes.
///
/// Only the outbox makes one. Any number of callers may await the same reply. The outbox
/// completes it from the connection's thread while callers read or await it from others: it is
/// safe to use from any thread.
public final class PendingReply: Sendable {
    /// Cancels the request while it waits in the buffer (``OfflineOutbox/cancel(_:)``).
    public let ticket: CommandTicket
    /// The name of the event whose arrival is the reply.
    public let name: EventName

    /// Creates the caller's side of a request for `name`, cancelled with `ticket`.
    init(ticket: CommandTicket, name: EventName) {
        self.ticket = ticket
        self.name = name
    }

    /// How the request ended: the server's reply, ``OutboxError/cancelled`` or
    /// ``OutboxError/refused(reason:)``.
    ///
    /// `nil` while it waits. It is settled once: a second reply changes nothing.
    public var result: Result<Event, OutboxError>? {
        // TODO: Step 4 — the outcome, once settled; settled once (rules 4.1, 4.6).
        nil
    }

    /// Waits for the reply.
    ///
    /// - Returns: The reply, at once if it has already come.
    /// - Throws: ``OutboxError/cancelled`` when the request was withdrawn (cancelled, or its
    ///   outbox freed); ``OutboxError/refused(reason:)`` when the connection refused it for
    ///   good; ``OutboxError/waitCancelled`` when the calling task is cancelled before the reply
    ///   comes. That ends only this caller's wait: the request, and anyone else awaiting it, go on.
    public func response() async throws(OutboxError) -> Event {
        // TODO: Step 5 — return the outcome if settled; otherwise wait for it, and resume every
        //       caller waiting exactly once when it is settled (rules 5.1, 5.2).
        // TODO: Step 5 — a cancelled task stops waiting with `OutboxError.waitCancelled`; the
        //       other waiters and the request are untouched (rule 5.3).
        throw .cancelled
    }
}
