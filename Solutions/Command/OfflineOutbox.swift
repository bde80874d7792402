import MessagingKit
import Synchronization

/// Sends what the app asks for at once while the connection is up, and keeps it, in order,
/// while the connection is down.
///
/// Role: **Invoker**. It runs commands without knowing what they do: ``SendCommand``,
/// ``RequestCommand`` or one it has never heard of. The **receiver** is a `Connection`, any
/// one: a socket connection, a recording one, or a connection that wraps another. The outbox
/// only sends and listens; opening and closing the connection is its owner's job.
///
/// Why a `Mutex` and not an actor: the connection calls back synchronously from any thread
/// ("connected", "this event came"), and the app's `send` must not need an `await`. Every
/// command runs *outside* the lock, so a command may call back into the outbox.
public final class OfflineOutbox: Sendable {
    /// The most commands the buffer holds while the connection is down.
    public let capacity: Int

    private let connection: any Connection

    private struct Entry {
        let ticket: CommandTicket
        let command: any OutboxCommand
    }

    private struct State {
        var buffer: [Entry] = []
        var nextTicket = 0
        /// The command being run right now, if any: a cancel can no longer promise it never ran.
        var running: CommandTicket?
        /// The running command was cancelled: if its run fails, it leaves instead of staying.
        var runningCancelled = false
        /// Someone asked to run the buffer while a command was running: the runner looks again.
        var drainRequested = false
        /// How many times the connection has said it is not connected.
        var dropsReported = 0
        /// Requests, in the order they were made, until their reply comes or they are cancelled.
        var replies: [PendingReply] = []
    }

    /// What became of a command the runner ran, and what the runner does next.
    private enum Outcome {
        /// It ran: it left the buffer. Run the next.
        case delivered
        /// The connection went: it stays, with everything after it. Stop, unless asked to look again.
        case kept(lookAgain: Bool)
        /// Refused for good while connected: it left; its request, if any, is told. Run the next.
        case refused(PendingReply?)
        /// It failed after a cancel: it left, and is told it was cancelled. Run the next.
        case withdrawn
    }

    private let state = Mutex(State())

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
        guard capacity >= 1 else { throw .invalidCapacity(capacity) }
        self.connection = connection
        self.capacity = capacity
        // Why `weak self`: the connection may outlive the outbox, and must not keep it alive.
        connection.onStatusChange { [weak self] status in
            guard let self else { return }
            if status == .connected {
                drain()
            } else {
                state.withLock { $0.dropsReported += 1 }
            }
        }
        connection.onEvent { [weak self] event in
            self?.deliver(event)
        }
    }

    /// Ends every wait when the outbox goes: nothing in the buffer will run, and no reply can
    /// reach a request once the outbox that matches replies is gone.
    ///
    /// Why `.cancelled`: for the caller, a freed outbox withdraws its requests, as a cancel does;
    /// the reaction is the same (no reply will come), so it needs no error of its own.
    deinit {
        let (waiting, replies) = state.withLock { ($0.buffer.map(\.command), $0.replies) }
        for command in waiting { command.cancel() }
        for reply in replies { reply.finish(with: .failure(.cancelled)) }
    }

    /// How many commands wait in the buffer for the connection.
    public var pendingCount: Int {
        state.withLock { $0.buffer.count }
    }

    /// Runs `command` now if the connection is up and nothing waits before it; otherwise keeps
    /// it, after the others, until the connection is back.
    ///
    /// - Returns: The ticket to cancel it with while it waits.
    /// - Throws: ``OutboxError/full(capacity:)`` when ``capacity`` commands already wait.
    @discardableResult
    public func enqueue(_ command: any OutboxCommand) throws(OutboxError) -> CommandTicket {
        let ticket = try state.withLock { (state) throws(OutboxError) -> CommandTicket in
            // Why always into the buffer, even when connected: then "at once" and "later" are
            // one path, and a command can never overtake one that waits before it.
            let ticket = try takeTicket(in: &state)
            state.buffer.append(Entry(ticket: ticket, command: command))
            return ticket
        }
        drain()
        return ticket
    }

    /// Sends the event `name` now, or when the connection is back.
    ///
    /// - Returns: The ticket to cancel it with while it waits.
    /// - Throws: ``OutboxError/emptyEventName``, or ``OutboxError/full(capacity:)``.
    @discardableResult
    public func send(_ name: String, payload: [String: String] = [:]) throws(OutboxError) -> CommandTicket {
        try enqueue(SendCommand(event: Event(name: Self.eventName(name), payload: payload)))
    }

    /// Sends the event `name` now, or when the connection is back, and gives the caller the
    /// reply: the next event of the same name from the server, after it was sent.
    ///
    /// - Throws: ``OutboxError/emptyEventName``, or ``OutboxError/full(capacity:)``.
    public func request(_ name: String, payload: [String: String] = [:]) throws(OutboxError) -> PendingReply {
        let eventName = try Self.eventName(name)
        // Why the reply is registered before the command is queued, under the same lock as the
        // ticket: if the connection is up, the command runs and the reply may arrive before
        // `enqueue` returns. Registered first, it can't be missed.
        let reply = try state.withLock { (state) throws(OutboxError) -> PendingReply in
            let ticket = try takeTicket(in: &state)
            let reply = PendingReply(ticket: ticket, name: eventName)
            let command = RequestCommand(event: Event(name: eventName, payload: payload), reply: reply)
            state.buffer.append(Entry(ticket: ticket, command: command))
            state.replies.append(reply)
            return reply
        }
        drain()
        return reply
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
        let removed = state.withLock { state -> (any OutboxCommand)? in
            if state.running == ticket {
                // Why not `.cancelled`: the command may already be on its way to the server.
                // What the cancel can still promise is that it won't run again later.
                state.runningCancelled = true
                return nil
            }
            guard let index = state.buffer.firstIndex(where: { $0.ticket == ticket }) else { return nil }
            state.replies.removeAll { $0.ticket == ticket }
            return state.buffer.remove(at: index).command
        }
        guard let removed else { return .notPending }
        removed.cancel()
        return .cancelled
    }

    /// A new ticket for a command about to join the buffer.
    ///
    /// The caller holds the lock. Throws ``OutboxError/full(capacity:)`` when ``capacity``
    /// commands already wait.
    private func takeTicket(in state: inout State) throws(OutboxError) -> CommandTicket {
        guard state.buffer.count < capacity else { throw .full(capacity: capacity) }
        defer { state.nextTicket += 1 }
        return CommandTicket(number: state.nextTicket)
    }

    // MARK: - Running the buffer

    /// Runs the buffer, first in first out, while the connection is up.
    ///
    /// A command whose run fails because the connection went stays in place, with every one
    /// after it, and the run stops; one the connection refuses while it stays up leaves, and
    /// the run goes on.
    private func drain() {
        // Fixes bug 4 on docs/sources.md: a command leaves the buffer only once it has run.
        while true {
            // Why count the drops before reading the status: a drop reported between the two
            // would otherwise be missed, and a send failed by that drop, with the connection
            // back by the time we look, would pass for a refusal and lose its command.
            let dropsBefore = state.withLock { $0.dropsReported }
            guard connection.status == .connected else { return }
            let claimed = state.withLock { state -> Entry? in
                // Why one runner at a time: two threads draining at once could send the second
                // command before the first. Why leave a note rather than just return: the
                // runner may be about to stop (its command failed) and would never look again.
                guard state.running == nil else {
                    state.drainRequested = true
                    return nil
                }
                guard let first = state.buffer.first else { return nil }
                state.running = first.ticket
                state.runningCancelled = false
                return first
            }
            guard let next = claimed else { return }
            let failure: (any Error)?
            do {
                try next.command.execute(on: connection)
                failure = nil
            } catch {
                failure = error
            }
            // Why decide by the connection and not by the error: a connection says "not now" in
            // its own words, and only its status tells them from "never". Why also count the
            // drops reported: the connection may have dropped and come back during the send.
            let connected = connection.status == .connected
            let outcome = state.withLock { state -> Outcome in
                state.running = nil
                let lookAgain = state.drainRequested
                state.drainRequested = false
                guard failure != nil else {
                    state.buffer.removeFirst()
                    return .delivered
                }
                let wentAway = !connected || state.dropsReported != dropsBefore
                if wentAway && !state.runningCancelled { return .kept(lookAgain: lookAgain) }
                state.buffer.removeFirst()
                let index = state.replies.firstIndex { $0.ticket == next.ticket }
                let reply = index.map { state.replies.remove(at: $0) }
                return wentAway ? .withdrawn : .refused(reply)
            }
            switch outcome {
            case .delivered: continue
            case .kept(let lookAgain): if !lookAgain { return }
            case .refused(let reply):
                if let reply, let failure {
                    reply.finish(with: .failure(.refused(reason: String(describing: failure))))
                }
            case .withdrawn: next.command.cancel()
            }
        }
    }

    /// Gives `event` to the oldest request of its name that was sent and still waits.
    ///
    /// Why by name: it is all this protocol's events carry. A real one puts a correlation id in
    /// each request and its reply, so that an unrelated event of the same name is never taken
    /// for a reply.
    private func deliver(_ event: Event) {
        let reply = state.withLock { state -> PendingReply? in
            guard
                let index = state.replies.firstIndex(where: {
                    $0.name == event.name && $0.awaitsReply
                })
            else {
                return nil
            }
            return state.replies.remove(at: index)
        }
        reply?.finish(with: .success(event))
    }

    private static func eventName(_ name: String) throws(OutboxError) -> EventName {
        do {
            return try EventName(name)
        } catch {
            throw .emptyEventName
        }
    }
}
