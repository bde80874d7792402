import MessagingKit

/// One thing the app asked the outbox to do, as an object the outbox can keep and run later.
///
/// Role: **Command**. The outbox (the **invoker**) only ever calls `execute(on:)` and `cancel()`;
/// what a command does is its own business. That is what lets the outbox keep any command,
/// even one it has never heard of, run it once the connection is back, or take it back first.
///
/// - Note: Why `Sendable`: the outbox keeps commands and runs them on whatever thread the
///   connection reports "connected" on.
public protocol OutboxCommand: Sendable {
    /// Does the command's work on `connection`, the **receiver**.
    ///
    /// - Throws: whatever the connection throws, unchanged: the outbox decides from it whether
    ///   the command stays for later or was refused for good.
    func execute(on connection: any Connection) throws

    /// Hears that the command will never run: taken back, or its outbox went away first.
    func cancel()
}

// Why a default: most commands have nobody to tell; a request does, and says so.
extension OutboxCommand {
    /// Does nothing: there is nobody to tell.
    public func cancel() {}
}

/// Sends one event: "post this message".
///
/// Role: **Concrete command**. It holds everything its `execute` needs (the event), so it can
/// wait in a buffer for as long as the connection is down.
public struct SendCommand: OutboxCommand {
    /// The event to send.
    public let event: Event

    /// A command that sends `event`.
    public init(event: Event) {
        self.event = event
    }

    /// Sends the event over `connection`.
    public func execute(on connection: any Connection) throws {
        try connection.send(event)
    }
}

/// Sends an event and settles its caller's ``PendingReply`` with the server's answer.
///
/// Role: **Concrete command** with a second receiver: the outbox's ``ReplyBook``, where it
/// waits for the event of its own name. A refusal or a cancel reaches its caller through the
/// reply's ticket, which the outbox settles.
public struct RequestCommand: OutboxCommand {
    /// The event to send; its reply is the next event of the same name.
    public let event: Event
    /// The caller's side: settled with the reply, or with why none will come.
    public let reply: PendingReply
    let replies: ReplyBook

    /// Sends the event, waiting for its reply from before the send.
    ///
    /// Why the book waits first: the server may answer before `send` returns. Why no catch: a
    /// failed send takes its wait back in the book, and its error goes on to the outbox, which
    /// decides whether the request stays or was refused (and then settles it).
    public func execute(on connection: any Connection) throws {
        try replies.request(event, send: connection.send) { [reply] answer in
            // `nil`: the outbox went away first; no reply will come.
            reply.settle(answer.map { .success($0) } ?? .failure(.cancelled))
        }
    }
}
