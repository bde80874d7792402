import MessagingKit

/// One thing the app asked the outbox to do, as an object the outbox can keep and run later.
///
/// The outbox only ever calls `execute(on:)` and `cancel()`: what a command does is its own
/// business, so the outbox can keep any command, even one it has never heard of.
public protocol OutboxCommand: Sendable {
    /// Does the command's work on `connection`.
    ///
    /// - Throws: whatever the connection throws, unchanged.
    func execute(on connection: any Connection) throws

    /// Hears that the command will never run: taken back, or its outbox went away first.
    func cancel()
}

extension OutboxCommand {
    /// Most commands have nobody to tell.
    public func cancel() {}
}

/// Sends one event.
public struct SendCommand: OutboxCommand {
    /// The event to send.
    public let event: Event

    /// A command that sends `event`.
    public init(event: Event) {
        self.event = event
    }

    /// Sends the event over `connection`.
    public func execute(on connection: any Connection) throws {
        // TODO: Step 1 — send the event over the connection (rule 1.5).
    }
}

/// Sends an event and settles its caller's ``PendingReply`` with the server's answer.
public struct RequestCommand: OutboxCommand {
    /// The event to send; its reply is the next event of the same name.
    public let event: Event
    /// The caller's side: settled with the reply.
    public let reply: PendingReply
    /// The outbox's book of requests waiting for a reply.
    let replies: ReplyBook

    /// Sends the event, waiting for its reply from before the send.
    public func execute(on connection: any Connection) throws {
        // TODO: Step 4 — send it through the book, and settle `reply` with what the book hands
        //       back: the reply, or `nil` when no reply will come (rules 4.2–4.4).
    }
}
