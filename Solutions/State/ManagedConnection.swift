import Foundation
import MessagingKit
import Synchronization

/// A connection that knows where it is in its life and refuses what that state forbids.
///
/// Roles:
/// - **Context**: this class. It holds the current state object and hands it every operation
///   (``connect()``, ``send(_:)``, …) and every transport event (connected, disconnected). It
///   never asks which state it is in to decide what to do.
/// - **State**: `ConnectionLifecycleState`, one object per state (see `LifecycleStates.swift`).
/// - **Finite-state machine**: the `successors` of each state, the table of allowed moves.
///   ``allows(from:to:)`` reads it; `enter(_:)` checks it on every move.
///
/// It is a `LifecycleConnection` (MessagingKit), so a connection keeper, which knows only that
/// role, can look after it.
///
/// - Note: Why a `final class` with a `Mutex`, not an actor: the transport reports its events
///   synchronously, from whatever thread it runs on, and the tests need the state to have
///   changed when `accept()` returns. An actor would need a `Task` per event and lose that order.
///   The lock is held only to read or change the data; transport calls, observers, subscriptions
///   and replies run outside it, because each may call straight back in.
public final class ManagedConnection: Sendable {
    /// The socket library, which the states drive.
    let transport: any Transport

    private let machine = Mutex(Machine())

    private struct Machine {
        var state: any ConnectionLifecycleState = CreatedState()
        var observers: [UUID: @Sendable (ConnectionStateChange) -> Void] = [:]
        var subscriptions: [EventName: [@Sendable (Event) -> Void]] = [:]
        var pendingReplies: [EventName: [PendingReply]] = [:]
    }

    /// A request waiting for its reply; the id lets a failed send take it back.
    struct PendingReply: Sendable {
        let id = UUID()
        let name: EventName
        let onReply: @Sendable (Event) -> Void
    }

    /// Creates a connection in the `created` state over `transport`, and listens to it.
    public init(transport: any Transport) {
        self.transport = transport
        // Why `weak`: the transport keeps its handlers for as long as it lives, and has no way
        // to remove one. A strong capture would keep this connection alive as long as its socket.
        transport.onStatusChange { [weak self] status in self?.transportDidChange(to: status) }
        transport.onEvent { [weak self] event in self?.receive(event) }
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
    /// transport event. A public `enter(.connected)` would let any caller skip the transport.
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
                // will reach them again, and what the closures capture (often a screen) can go.
                // A waiting request is not called: it has no reply to give; its owner learns
                // of the release from `observe`.
                machine.subscriptions = [:]
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

    // MARK: Operations: each one asks the current state

    /// Starts connecting (from `created`), or reconnecting (from `disconnected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func connect() throws(LifecycleError) { try current.connect(self) }

    /// Closes the connection (from `connected`), or stops reconnecting (from `reconnecting`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func disconnect() throws(LifecycleError) { try current.disconnect(self) }

    /// Gives the connection back for good (from `disconnected`): closes the transport and
    /// forgets every subscription and waiting request, without calling them.
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func release() throws(LifecycleError) { try current.release(self) }

    /// Sends `event` to the server (while `connected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state; the
    ///   transport's own error, unchanged, when it fails the send.
    public func send(_ event: Event) throws { try current.send(event, through: self) }

    /// Sends `event` and calls `onReply` once, with the next event of the same name the server
    /// sends (while `connected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state; the
    ///   transport's own error, unchanged, when it fails the send (and then nothing waits).
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

    // MARK: What the states call

    /// Remembers a subscription.
    func subscribe(_ name: EventName, _ action: @escaping @Sendable (Event) -> Void) {
        machine.withLock { $0.subscriptions[name, default: []].append(action) }
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

    // MARK: Transport events: each one goes to the current state

    private func transportDidChange(to status: TransportStatus) {
        // Why a switch is fine here: it is on the *transport's* status, to name the event. What
        // the event means is the current state's decision.
        switch status {
        case .connected: current.transportDidConnect(self)
        case .disconnected: current.transportDidDisconnect(self)
        case .idle, .connecting: break
        }
    }

    private func receive(_ event: Event) {
        let (actions, reply) = machine.withLock { machine in
            let actions = machine.subscriptions[event.name] ?? []
            var reply: PendingReply?
            if var waiting = machine.pendingReplies[event.name], !waiting.isEmpty {
                // First in, first answered: each reply answers one request, once.
                reply = waiting.removeFirst()
                machine.pendingReplies[event.name] = waiting.isEmpty ? nil : waiting
            }
            return (actions, reply)
        }
        for action in actions { action(event) }
        reply?.onReply(event)
    }
}
