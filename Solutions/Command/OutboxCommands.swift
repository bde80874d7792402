import MessagingKit
import Synchronization

/// Something the messaging client asked for, kept as an object so that it can wait.
///
/// Roles of the pattern in the offline outbox:
/// - **Command**: this protocol. It turns "send this now" into an object that can be kept in a
///   buffer, run later, or cancelled before it runs.
/// - **Concrete commands**: ``SendCommand``, ``RequestCommand``, and any command another team
///   writes (the tests declare their own).
/// - **Receiver**: the `Connection`, which the command is run against: any one, since the
///   command only sends.
/// - **Invoker**: ``OfflineOutbox``, which runs each command at once or keeps it until the
///   connection is back.
/// - **Client**: whoever calls ``OfflineOutbox/send(_:payload:)`` or
///   ``OfflineOutbox/request(_:payload:)``.
///
/// Why `Sendable`: the outbox keeps commands in a buffer that the connection's callbacks read
/// from any thread.
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
        try connection.send(event)
    }
}

/// Sends one event, and lets its caller wait for the server's reply.
///
/// Only the outbox makes one (``OfflineOutbox/request(_:payload:)``): a request built by hand
/// and enqueued would never get its reply, because the outbox matches replies only to the
/// requests it registered. Its memberwise initialiser is internal.
public struct RequestCommand: OutboxCommand {
    /// The event to send.
    public let event: Event
    /// Where the reply goes.
    public let reply: PendingReply

    /// Sends the event; from then on, the reply may come.
    public func execute(on connection: any Connection) throws {
        // Why mark before sending: a real socket may deliver the reply on its own thread while
        // `send` is still returning. Marked after, that reply would find a request "not sent
        // yet", be dropped, and leave the caller waiting forever.
        reply.markSent()
        do {
            try connection.send(event)
        } catch {
            // Why undo: the request stays in the buffer, unsent, and an event that comes while
            // it waits there is not its reply.
            reply.markUnsent()
            throw error
        }
    }

    /// The caller's wait ends with ``OutboxError/cancelled``.
    public func cancel() {
        reply.finish(with: .failure(.cancelled))
    }
}

/// The caller's side of a request: the ticket to cancel it with, and the reply once it comes.
///
/// Only the outbox makes one. Any number of callers may await the same reply.
///
/// Why a class with a `Mutex`: the outbox completes it from the connection's thread while the
/// callers read or await it from others.
public final class PendingReply: Sendable {
    /// Cancels the request while it waits in the buffer (``OfflineOutbox/cancel(_:)``).
    public let ticket: CommandTicket
    /// The name of the event whose arrival is the reply.
    public let name: EventName

    private typealias Waiter = CheckedContinuation<Result<Event, OutboxError>, Never>

    private struct State {
        var isSent = false
        var outcome: Result<Event, OutboxError>?
        /// The callers suspended in ``response()``, each under its own number so that a
        /// cancelled one can be found and resumed alone.
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    /// Creates the caller's side of a request for `name`, cancelled with `ticket`.
    init(ticket: CommandTicket, name: EventName) {
        self.ticket = ticket
        self.name = name
    }

    /// How the request ended: the server's reply, ``OutboxError/cancelled`` or
    /// ``OutboxError/refused(reason:)``; `nil` while it waits.
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
    /// - Throws: ``OutboxError/cancelled`` when the request was withdrawn (cancelled, or its
    ///   outbox freed); ``OutboxError/refused(reason:)`` when the connection refused it for
    ///   good; ``OutboxError/waitCancelled`` when the calling task is cancelled before the reply
    ///   comes. That ends only this caller's wait: the request, and anyone else awaiting it, go on.
    public func response() async throws(OutboxError) -> Event {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        // Why a continuation that returns a `Result`: a typed error comes out unchanged.
        // Why the check and the registration under one lock: the reply can't slip in between
        // "no reply yet" and "start waiting".
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                let ready = state.withLock { state -> Result<Event, OutboxError>? in
                    if let outcome = state.outcome { return outcome }
                    // Why check here too: a cancel that came before this line found no waiter
                    // to resume; the flag is already set, so it is seen now, under the lock.
                    if Task.isCancelled { return .failure(.waitCancelled) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            // Why only this waiter: cancelling one caller's task must not settle the request
            // for the others.
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(returning: .failure(.waitCancelled))
        }
        return try outcome.get()
    }

    func markSent() {
        state.withLock { $0.isSent = true }
    }

    func markUnsent() {
        state.withLock { $0.isSent = false }
    }

    /// Settles the request once: a second reply, or a cancel after the reply, changes nothing.
    func finish(with outcome: Result<Event, OutboxError>) {
        let waiters = state.withLock { state -> [Waiter] in
            guard state.outcome == nil else { return [] }
            state.outcome = outcome
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        // Why resume outside the lock: a resumed caller may call straight back into this reply.
        // Each waiter is resumed exactly once: here, or by its own cancel, whichever takes it
        // out of `waiters` first.
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
