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
        /// The command being run right now, if any: it can no longer be cancelled.
        var running: CommandTicket?
        /// Requests, in the order they were made, until their reply comes or they are cancelled.
        var replies: [PendingReply] = []
    }

    private let state = Mutex(State())

    /// Creates an outbox that sends over `connection` and holds up to `capacity` commands
    /// while it is not connected.
    ///
    /// The connection must throw from `send` when it can't send now (a plain connection throws
    /// `TransportError.notConnected`): that throw is how the outbox knows to keep a command.
    ///
    /// - Throws: ``OutboxError/invalidCapacity(_:)`` when `capacity` is less than 1.
    public init(connection: any Connection, capacity: Int = 100) throws(OutboxError) {
        guard capacity >= 1 else { throw .invalidCapacity(capacity) }
        self.connection = connection
        self.capacity = capacity
        // Why `weak self`: the connection may outlive the outbox, and must not keep it alive.
        connection.onStatusChange { [weak self] status in
            if status == .connected { self?.drain() }
        }
        connection.onEvent { [weak self] event in
            self?.deliver(event)
        }
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
    ///
    /// - Returns: ``CancelResult/cancelled`` when it waited; ``CancelResult/notPending`` when
    ///   it has already run or was cancelled before, and then nothing changes.
    @discardableResult
    public func cancel(_ ticket: CommandTicket) -> CancelResult {
        let removed = state.withLock { state -> (any OutboxCommand)? in
            guard state.running != ticket,
                let index = state.buffer.firstIndex(where: { $0.ticket == ticket })
            else { return nil }
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
    /// The first failure stops the replay, with every command not yet delivered still in place.
    private func drain() {
        // Fixes bug 4 on docs/sources.md: a command leaves the buffer only once it has run.
        while connection.status == .connected {
            // Why one runner at a time: two threads draining at once could send the second
            // command before the first. `running` says someone is already on it.
            let next = state.withLock { state -> Entry? in
                guard state.running == nil, let first = state.buffer.first else { return nil }
                state.running = first.ticket
                return first
            }
            guard let next else { return }
            let succeeded: Bool
            do {
                try next.command.execute(on: connection)
                succeeded = true
            } catch {
                // Why any error keeps the command: a connection says "not now" in its own words
                // (a plain one throws `TransportError.notConnected`, a managed one refuses by
                // its state), and the outbox must not guess which words mean "never".
                succeeded = false
            }
            state.withLock { state in
                state.running = nil
                if succeeded { state.buffer.removeFirst() }
            }
            if !succeeded { return }
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
