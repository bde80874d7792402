/// Who waits for a reply, by event name: each reply answers the oldest wait of its name, once.
///
/// The bookkeeping behind a request: send an event, then hear the next event of the same name
/// the server sends back. It keeps the rules a request needs, so a kata doesn't write them:
///
/// - Waits of one name are answered in the order they began, one event each; an event nobody
///   waits for answers nobody.
/// - ``request(_:send:onReply:)`` begins the wait before it sends, so a server that answers
///   before the send returns is heard; a send that throws takes back that wait, and only it,
///   unless the reply came meanwhile: the server had the request, so it counts as sent.
/// - Cancelling a wait's token takes it back, and it hears nothing. ``close()`` tells every
///   wait that no reply will come (its handler hears `nil`) and forgets it; a wait begun
///   afterwards hears `nil` at once.
///
/// The reply handler runs outside the book's lock, so it may call straight back in.
public final class ReplyBook: Sendable {
    private struct Wait {
        let id: Int
        let name: EventName
        let onReply: @Sendable (Event?) -> Void
    }

    private struct State {
        var waits: [Wait] = []
        var nextID = 0
        var closed = false
    }

    private let state = Locked(State())

    /// Creates a book with nobody waiting.
    public init() {}

    /// Waits for the next event named `name` that no earlier wait takes; `onReply` hears it, or
    /// `nil` when the book closes first.
    ///
    /// - Returns: a token that takes the wait back; a wait that was answered is gone already.
    @discardableResult
    public func expect(_ name: EventName, onReply: @escaping @Sendable (Event?) -> Void) -> ObservationToken {
        guard let id = begin(name, onReply) else {
            onReply(nil)
            return ObservationToken {}
        }
        return ObservationToken { [weak self] in self?.takeBack(id) }
    }

    /// Waits for `event`'s reply, then sends it with `send`.
    ///
    /// - Throws: what `send` throws, unchanged, with its wait taken back first; nothing when the
    ///   reply came before the send failed.
    public func request(
        _ event: Event,
        send: (Event) throws -> Void,
        onReply: @escaping @Sendable (Event?) -> Void
    ) throws {
        let id = begin(event.name, onReply)
        if id == nil { onReply(nil) }
        do {
            try send(event)
        } catch {
            // A wait no longer in an open book was answered: the server had the request.
            if let id, !takeBack(id), !state.withLock({ $0.closed }) { return }
            throw error
        }
    }

    /// Answers the oldest wait for `event`'s name with it.
    ///
    /// - Returns: whether a wait took it.
    @discardableResult
    public func answer(_ event: Event) -> Bool {
        let wait = state.withLock { state -> Wait? in
            guard let index = state.waits.firstIndex(where: { $0.name == event.name }) else { return nil }
            return state.waits.remove(at: index)
        }
        wait?.onReply(event)
        return wait != nil
    }

    /// Tells every wait that no reply will come (its handler hears `nil`), and forgets it; a
    /// wait begun afterwards hears `nil` at once.
    public func close() {
        let waits = state.withLock { state in
            state.closed = true
            defer { state.waits = [] }
            return state.waits
        }
        for wait in waits { wait.onReply(nil) }
    }

    private func begin(_ name: EventName, _ onReply: @escaping @Sendable (Event?) -> Void) -> Int? {
        state.withLock { state -> Int? in
            guard !state.closed else { return nil }
            state.nextID += 1
            state.waits.append(Wait(id: state.nextID, name: name, onReply: onReply))
            return state.nextID
        }
    }

    /// Takes back the wait `id`; whether it was still waiting.
    @discardableResult
    private func takeBack(_ id: Int) -> Bool {
        state.withLock { state in
            guard let index = state.waits.firstIndex(where: { $0.id == id }) else { return false }
            state.waits.remove(at: index)
            return true
        }
    }

    /// How many waits are open.
    public var waitCount: Int { state.withLock { $0.waits.count } }
}
