import Foundation
import MessagingKit
import Synchronization

/// A connection that knows where it is in its life and refuses what that state forbids.
///
/// It owns one ``Connection`` (the socket, as a factory makes it) and is one: a pool, a keeper
/// or an outbox may hold it as `any Connection`, and its refusals reach them as
/// ``LifecycleError``.
///
/// Roles:
/// - **Context**: this class. It holds the current state object and hands it every operation
///   (``connect()``, ``send(_:)``, …) and every status the owned connection reports. It never
///   asks which state it is in to decide what to do.
/// - **State**: `ConnectionLifecycleState`, one object per state (see `LifecycleStates.swift`).
/// - **Finite-state machine**: the `successors` of each state, the table of allowed moves.
///   ``allows(from:to:)`` reads it; `enter(_:)` checks it on every move.
/// - Beside the pattern, the shape of a **Decorator**: a ``Connection`` that wraps a
///   ``Connection``, adds a lifecycle to it, and passes the rest through.
///
/// - Note: Why a `final class` with a `Mutex`, not an actor: the owned connection reports its
///   statuses synchronously, from whatever thread it runs on, and the tests need the state to
///   have changed when `accept()` returns. An actor would need a `Task` per report and lose that
///   order. The lock is held only to read or change the data; the owned connection, observers,
///   handlers, subscriptions and replies are called outside it, because each may call straight
///   back in.
public final class ManagedConnection: Connection {
    /// Identifies this connection for its whole life: its own, not the owned connection's.
    ///
    /// Why its own: `Connection` promises that no two connections share an id, and the owned
    /// one is a connection too, which refuses nothing. Whoever finds a connection by id (a
    /// pool removing what its keeper released) must find the one that keeps the lifecycle.
    public let id = UUID()

    /// The connection it owns, which the states drive.
    ///
    /// Why not public: a caller that reached past the lifecycle could send while it refuses.
    let inner: any Connection

    private let machine = Mutex(Machine())

    private struct Machine {
        var state: any ConnectionLifecycleState = CreatedState()
        var observers: [UUID: @Sendable (ConnectionStateChange) -> Void] = [:]
        var statusHandlers: [@Sendable (TransportStatus) -> Void] = []
        // The last status the status handlers were told, so a status is never told twice in a row
        // when a report handled inside another one has already told it.
        var lastTold: TransportStatus?
        var subscriptions: [Subscription] = []
        var pendingReplies: [EventName: [PendingReply]] = [:]
    }

    /// A handler for the events of one name, or of every name when `name` is nil.
    private struct Subscription {
        let name: EventName?
        let action: @Sendable (Event) -> Void
    }

    /// A request waiting for its reply; the id lets a failed send take it back.
    struct PendingReply: Sendable {
        let id = UUID()
        let name: EventName
        let onReply: @Sendable (Event) -> Void
    }

    /// Creates a connection in the `created` state that owns `connection`, and listens to it.
    ///
    /// Hand it a connection nobody has connected yet, as a factory makes it, and let nobody
    /// else drive it: from now on, its life is this one's.
    public init(connection: any Connection) {
        self.inner = connection
        // Why `weak`: the owned connection keeps its handlers until it is released. A strong
        // capture would make a cycle, and neither would ever go.
        connection.onStatusChange { [weak self] status in self?.innerDidChange(to: status) }
        connection.onEvent { [weak self] event in self?.receive(event) }
    }

    // MARK: The machine

    /// Whether the transition table allows a move from `from` to `to`.
    ///
    /// The table is the states' knowledge: this asks the state named `from` for its row.
    public static func allows(from: ConnectionState, to: ConnectionState) -> Bool {
        state(named: from).successors.contains(to)
    }

    /// Where the connection is in its life.
    ///
    /// A new one is `created`.
    public var state: ConnectionState { current.name }

    private var current: any ConnectionLifecycleState { machine.withLock { $0.state } }

    /// Moves to `next`, if the table allows the move from the current state, and tells every
    /// observer.
    ///
    /// Why not public: only the states move the connection, each in answer to an operation or a
    /// report of the owned connection. A public `enter(.connected)` would let any caller skip the
    /// socket.
    ///
    /// - Throws: ``LifecycleError/transitionRefused(from:to:)`` when the table has no such move;
    ///   the state stays as it was, and no observer hears anything.
    func enter(_ next: ConnectionState) throws(LifecycleError) {
        let (change, observers) = try machine.withLock { (machine) throws(LifecycleError) in
            let from = machine.state.name
            // Why check and swap under one lock: two threads can't both leave the same state.
            guard machine.state.successors.contains(next) else {
                throw .transitionRefused(from: from, to: next)
            }
            machine.state = Self.state(named: next)
            if machine.state.successors.isEmpty {
                // Why forget them at the end of the table: nothing can follow it, so no event
                // or status will reach them again, and what the closures capture (often a
                // screen) can go. A waiting request is not called: it has no reply to give; its
                // owner learns of the release from `observe`.
                machine.subscriptions = []
                machine.statusHandlers = []
                machine.pendingReplies = [:]
            }
            return (ConnectionStateChange(from: from, to: next), Array(machine.observers.values))
        }
        for observer in observers { observer(change) }
    }

    /// The state object for each name.
    ///
    /// Why make a new one each time: the states are values with no stored properties, so two
    /// `ConnectedState()`s are the same thing. All the data lives here, in the context.
    private static func state(named name: ConnectionState) -> any ConnectionLifecycleState {
        switch name {
        case .created: CreatedState()
        case .connected: ConnectedState()
        case .disconnected: DisconnectedState()
        case .reconnecting: ReconnectingState()
        case .released: ReleasedState()
        }
    }

    /// Calls `observer` with every change of state from now on, once each, in order, until the
    /// token is cancelled.
    @discardableResult
    public func observe(_ observer: @escaping @Sendable (ConnectionStateChange) -> Void) -> ObservationToken {
        let id = UUID()
        machine.withLock { $0.observers[id] = observer }
        return ObservationToken { [weak self] in
            _ = self?.machine.withLock { $0.observers.removeValue(forKey: id) }
        }
    }

    // MARK: Connection: what the owned connection answers

    /// The server the owned connection talks to.
    public var url: URL { inner.url }

    /// The owned connection's status, except that it says `connected` only while the lifecycle
    /// is connected too.
    ///
    /// A connected socket under a lifecycle that isn't (yet, or any more) reads `connecting`
    /// (created, reconnecting) or `disconnected` (disconnected, released). Otherwise it is the
    /// socket's status, where ``state`` is the lifecycle's.
    public var status: TransportStatus {
        // Why not the socket's status as it is: between the socket connecting and the lifecycle
        // moving (or while the lifecycle passes through reconnecting), the socket says connected
        // while `send` is refused. Code that sends when the status says connected, such as the
        // Command kata's outbox, would take that refusal for one that lasts.
        // Why ask the state: what a connected socket means depends on where the lifecycle is,
        // and the context never asks which state it is in; each state knows its own answer.
        let socket = inner.status
        guard socket == .connected else { return socket }
        return current.statusOverConnectedSocket
    }

    /// Calls `handler` with every status the owned connection reports from now on, after the
    /// lifecycle has moved on it, until released.
    ///
    /// Like ``observe(_:)``, it is not an operation the table refuses: it only listens.
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        machine.withLock { machine in
            // Why ask the table under the lock: `enter(_:)` forgets the handlers under the same
            // lock, so none slips in after the release and stays forever.
            if !machine.state.successors.isEmpty { machine.statusHandlers.append(handler) }
        }
        return ObservationToken {}
    }

    // MARK: Operations: each one asks the current state

    /// Starts connecting (from `created`), or reconnecting (from `disconnected`).
    ///
    /// Typed, though ``Connection/connect()`` is not: it only ever refuses, and a typed witness
    /// satisfies an untyped requirement.
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func connect() throws(LifecycleError) { try current.connect(self) }

    /// Closes the connection (from `connected`), or stops reconnecting (from `reconnecting`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func disconnect() throws(LifecycleError) { try current.disconnect(self) }

    /// Gives the connection back for good (from `disconnected`): releases the owned connection,
    /// and forgets every handler, subscription and waiting request, without calling them.
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func release() throws(LifecycleError) { try current.release(self) }

    /// Sends `event` to the server (while `connected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state; the owned
    ///   connection's own error, unchanged, when it fails the send.
    public func send(_ event: Event) throws { try current.send(event, through: self) }

    /// Sends `event` and calls `onReply` once, with the next event of the same name the server
    /// sends (while `connected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state; the owned
    ///   connection's own error, unchanged, when it fails the send (and then nothing waits).
    public func request(_ event: Event, onReply: @escaping @Sendable (Event) -> Void) throws {
        try current.request(event, onReply: onReply, through: self)
    }

    /// Calls `action` with every event named `name` the server sends (in every state but
    /// `released`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` once released.
    public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void)
        throws(LifecycleError)
    {
        try current.onEvent(name, perform: action, on: self)
    }

    /// Calls `handler` with every event the server sends, whatever its name (in every state but
    /// `released`).
    ///
    /// Once released it does nothing, as a plain connection does: ``Connection``'s requirement
    /// can't throw, so the refusal has nowhere to go.
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        try? current.onEvent(nil, perform: handler, on: self)
        return ObservationToken {}
    }

    // MARK: What the states call

    /// Remembers a subscription to the events named `name`, or to every event when `name` is
    /// nil; forgets it at once when the connection has just been released.
    func subscribe(_ name: EventName?, _ action: @escaping @Sendable (Event) -> Void) {
        machine.withLock { machine in
            // Why ask again under the lock: the state that allowed it may have been released
            // since, and the release has forgotten every subscription already.
            if !machine.state.successors.isEmpty {
                machine.subscriptions.append(Subscription(name: name, action: action))
            }
        }
    }

    /// Remembers who waits for the reply to a request named `name`.
    func awaitReply(to name: EventName, _ onReply: @escaping @Sendable (Event) -> Void) -> PendingReply {
        let waiting = PendingReply(name: name, onReply: onReply)
        machine.withLock { $0.pendingReplies[name, default: []].append(waiting) }
        return waiting
    }

    /// Forgets a request that will get no reply.
    func stopAwaiting(_ waiting: PendingReply) {
        machine.withLock { $0.pendingReplies[waiting.name]?.removeAll { $0.id == waiting.id } }
    }

    // MARK: The owned connection's reports: each one goes to the current state

    private func innerDidChange(to status: TransportStatus) {
        // Why the status *now*, not the one reported: a report may come late, after a newer one
        // (a library reporting from several threads, or reconnecting from inside its own drop
        // callback). Judged by what it carries, a late "disconnected" would leave the lifecycle
        // disconnected over a connected socket, and a `connect()` then waits in `reconnecting`
        // for a report that already came. Judged by the socket's status now, a late report
        // changes nothing.
        // Why a switch is fine here: it is on the *socket's* status, to name the report. What
        // the report means is the current state's decision.
        // Why look again after acting: two reports handled on two threads at once can act in
        // the wrong order (the older one, read before the newer one's socket change, acts last).
        // Acting again until the socket's status holds still settles on the newest.
        var seen = inner.status
        var told: TransportStatus? = status
        while true {
            switch seen {
            case .connected: current.innerDidConnect(self)
            case .disconnected: current.innerDidDisconnect(self)
            case .idle, .connecting: break
            }
            // Why tell the handlers each time, after the state and before the next act: a
            // handler that reads `state` sees where this status took it, and one that counts
            // drops (the Command kata's outbox) hears a drop before the lifecycle is back.
            if let told {
                let handlers = machine.withLock { machine in
                    machine.lastTold = told
                    return machine.statusHandlers
                }
                for handler in handlers { handler(told) }
            }
            let now = inner.status
            if now == seen { break }
            seen = now
            // A report handled inside this one (a handler that reconnected) has told it already.
            told = machine.withLock { $0.lastTold } == now ? nil : now
        }
    }

    private func receive(_ event: Event) {
        let (actions, reply) = machine.withLock { machine in
            let actions = machine.subscriptions.filter { $0.name == nil || $0.name == event.name }
            var reply: PendingReply?
            if var waiting = machine.pendingReplies[event.name], !waiting.isEmpty {
                // First in, first answered: each reply answers one request, once.
                reply = waiting.removeFirst()
                machine.pendingReplies[event.name] = waiting.isEmpty ? nil : waiting
            }
            return (actions.map(\.action), reply)
        }
        for action in actions { action(event) }
        reply?.onReply(event)
    }
}
