import MessagingKit
import Synchronization

/// Sends what the app asks for at once while the connection is up, and keeps it, in order,
/// while the connection is down.
///
/// Role: **Invoker**. It runs commands without knowing what they do: ``SendCommand``,
/// ``RequestCommand`` or one it has never heard of. The **receiver** is a `Connection`, any
/// one. The outbox only sends and listens; opening and closing the connection is its owner's
/// job. Every command it takes ends on its ticket: sent, refused or cancelled.
///
/// Why a `Mutex` and not an actor: the connection calls back synchronously from any thread, and
/// the app's `send` must not need an `await`. Every command runs *outside* the lock, so a
/// command may call back into the outbox.
public final class OfflineOutbox: Sendable {
    /// The most commands the buffer holds while the connection is down.
    public let capacity: Int

    private let connection: any Connection
    private let replies = ReplyBook()
    // Why keep the tokens: the connection may outlive the outbox; a freed outbox must leave no
    // handler on it (the bag cancels them as it goes).
    private let listening = TokenBag()

    private struct Entry {
        let ticket: CommandTicket
        let command: any OutboxCommand
    }

    private struct State {
        var buffer: [Entry] = []
        var nextTicket = 0
        /// Whether a caller is running the buffer now: only one does at a time.
        var running = false
        /// Someone asked for a run while one was under way: a command that stays is tried again.
        var lookAgain = false
    }

    private let state = Mutex(State())

    /// Creates an outbox that sends over `connection` and holds up to `capacity` commands.
    ///
    /// - Throws: ``OutboxError/invalidCapacity(_:)`` when `capacity` is less than 1.
    public init(connection: any Connection, capacity: Int = 100) throws(OutboxError) {
        guard capacity >= 1 else { throw .invalidCapacity(capacity) }
        self.connection = connection
        self.capacity = capacity
        // Why `weak self`: the connection may outlive the outbox, and must not keep it alive.
        listening.keep(
            connection.onStatusChange { [weak self] status in
                if status == .connected { self?.run() }
            })
        listening.keep(connection.onEvent { [replies] event in replies.answer(event) })
    }

    /// Every command still held will never run: its sender hears so.
    deinit {
        let left = state.withLock { $0.buffer }
        for entry in left {
            entry.ticket.settle(.cancelled)
            entry.command.cancel()
        }
        replies.close()
    }

    /// How many commands wait, the running one included until it has run.
    public var pendingCount: Int { state.withLock { $0.buffer.count } }

    /// Takes `command`: runs it now if the connection is up, or keeps it for later.
    ///
    /// - Returns: its ticket, to cancel it and hear how it ended.
    /// - Throws: ``OutboxError/full(capacity:)`` when `capacity` commands wait already.
    @discardableResult
    public func enqueue(_ command: any OutboxCommand) throws(OutboxError) -> CommandTicket {
        try take { _ in command }
    }

    /// Sends the event named `name` with `payload`: a ``SendCommand``, enqueued.
    ///
    /// - Throws: ``OutboxError/emptyEventName`` for a blank name; what `enqueue` throws.
    @discardableResult
    public func send(_ name: String, payload: [String: String] = [:]) throws(OutboxError) -> CommandTicket {
        try enqueue(SendCommand(event: Self.event(name, payload)))
    }

    /// Sends the request named `name` with `payload`: a ``RequestCommand``, enqueued.
    ///
    /// - Returns: the caller's side, at once: its ticket, and its reply once it comes.
    /// - Throws: ``OutboxError/emptyEventName`` for a blank name; what `enqueue` throws.
    public func request(_ name: String, payload: [String: String] = [:]) throws(OutboxError) -> PendingReply {
        let event = try Self.event(name, payload)
        var made: [PendingReply] = []
        _ = try take { ticket in
            let reply = PendingReply(ticket: ticket, name: event.name)
            made.append(reply)
            return RequestCommand(event: event, reply: reply, replies: replies)
        }
        // `take` has called the closure once, or thrown.
        return made[0]
    }

    /// Gives the command `make` builds a ticket and a place in the buffer; runs the buffer if
    /// the connection is up.
    private func take(
        _ make: (CommandTicket) -> any OutboxCommand
    ) throws(OutboxError) -> CommandTicket {
        let ticket = try state.withLock { (state) throws(OutboxError) -> CommandTicket in
            guard state.buffer.count < capacity else { throw .full(capacity: capacity) }
            state.nextTicket += 1
            let ticket = CommandTicket(number: state.nextTicket)
            state.buffer.append(Entry(ticket: ticket, command: make(ticket)))
            return ticket
        }
        if connection.status == .connected { run() }
        return ticket
    }

    /// Takes back the command of `ticket`, if it still waits.
    ///
    /// - Returns: ``CancelResult/cancelled`` when it was waiting; ``CancelResult/notPending``
    ///   when it has run, is running now (on its way), or was cancelled before.
    @discardableResult
    public func cancel(_ ticket: CommandTicket) -> CancelResult {
        let taken = state.withLock { state -> Entry? in
            // Why the running command can't be taken back: it may already be on its way.
            let waiting = state.running ? state.buffer.dropFirst() : state.buffer[...]
            guard let index = waiting.firstIndex(where: { $0.ticket === ticket }) else { return nil }
            return state.buffer.remove(at: index)
        }
        guard let taken else { return .notPending }
        // Why outside the lock: a command's cancel() may call straight back in.
        taken.ticket.settle(.cancelled)
        taken.command.cancel()
        return .cancelled
    }

    /// Runs the buffer, first in first out, while the connection lets it; one caller at a time.
    ///
    /// Why one at a time: two runners would send out of order. A caller that finds one running
    /// leaves a note (`lookAgain`) and goes: its command is in the buffer, and the runner looks
    /// at the buffer again after every command, so it runs what came meanwhile.
    private func run() {
        let starts = state.withLock { state in
            if state.running { state.lookAgain = true }
            defer { state.running = true }
            return !state.running
        }
        guard starts else { return }
        while let entry = next() {
            do {
                try entry.command.execute(on: connection)
                finish(entry, .sent)
            } catch {
                // Why not now: the connection couldn't send (a drop, even one already over);
                // the command stays first, and the next "connected" runs it again.
                guard Self.isNotNow(error) || connection.status != .connected else {
                    finish(entry, .refused(reason: String(describing: error)))
                    continue
                }
                // Why try again on a note: a "connected" that came during this command's run
                // was heard while the run was busy; nobody else will run the buffer for it.
                // Why the status is read under the lock: a "connected" that landed between a
                // read before the lock and the lock would leave its note for a run that stops.
                let again = state.withLock { state in
                    let again = state.lookAgain && connection.status == .connected
                    if !again { state.running = false }
                    return again
                }
                if !again { return }
            }
        }
    }

    /// The first command, with a fresh note for its own run; `nil`, and the run over, when
    /// none waits.
    private func next() -> Entry? {
        state.withLock { state in
            state.lookAgain = false
            if state.buffer.isEmpty { state.running = false }
            return state.buffer.first
        }
    }

    /// Takes the command that ran out of the buffer, and settles its ticket.
    private func finish(_ entry: Entry, _ outcome: CommandOutcome) {
        _ = state.withLock { $0.buffer.removeFirst() }
        entry.ticket.settle(outcome)
    }

    private static func isNotNow(_ error: any Error) -> Bool {
        if case TransportError.notConnected = error { return true }
        return false
    }

    private static func event(_ name: String, _ payload: [String: String]) throws(OutboxError) -> Event {
        do {
            return try Event(name, payload: payload)
        } catch {
            throw .emptyEventName
        }
    }
}
