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
///   and every status the owned connection reports; the state decides, and the context carries
///   the decision out. It never asks which state it is in.
/// - **State**: `ConnectionLifecycleState`, one object per state (see `LifecycleStates.swift`).
/// - **Finite-state machine**: each state's `successors`, the table of allowed moves.
///   ``allows(from:to:)`` reads it, and every move is checked against it.
/// - Beside the pattern, the shape of a **Decorator**: a ``Connection`` that wraps a
///   ``Connection``, adds a lifecycle to it, and passes the rest through.
///
/// What MessagingKit gives it: ``Broadcast`` (observers and handlers, one value at a time, in
/// order) and ``ReplyBook`` (requests waiting for replies). The owned connection delivers its
/// reports the same way, so a report made while another is handled waits its turn.
public final class ManagedConnection: Connection {
    /// Identifies this connection for its whole life: its own, not the owned connection's.
    ///
    /// Why its own: `Connection` promises that no two connections share an id, and the owned
    /// one is a connection too, which refuses nothing.
    public let id = UUID()

    /// The connection it owns, which the operations drive.
    ///
    /// Why not public: a caller that reached past the lifecycle could send while it refuses.
    let inner: any Connection

    // Why a Mutex around the state alone: the decision and the move happen under it, in one
    // step; everything that calls out (the owned connection, observers, handlers) happens after
    // it is let go, because each may call straight back in.
    private let current = Mutex<any ConnectionLifecycleState>(CreatedState())
    private let changes = Broadcast<ConnectionStateChange>()
    private let statuses = Broadcast<TransportStatus>()
    private let events = Broadcast<Event>()
    private let replies = ReplyBook()

    /// Creates a connection in the `created` state that owns `connection`, and listens to it.
    ///
    /// Hand it a connection nobody has connected yet, as a factory makes it, and let nobody
    /// else drive it: from now on, its life is this one's.
    public init(connection: any Connection) {
        self.inner = connection
        // Why `weak`: the owned connection keeps its handlers while it lives. A strong capture
        // would keep this one alive as long as the socket; `unowned` would crash on the first
        // report after this one is freed.
        connection.onStatusChange { [weak self] status in self?.innerReported(status) }
        connection.onEvent { [weak self] event in self?.innerSent(event) }
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
    public var state: ConnectionState { currentState.name }

    /// ``state``, as `Connection` asks for it: a pool's handles pass it on to their screens.
    public var lifecycle: ConnectionState? { state }

    private var currentState: any ConnectionLifecycleState { current.withLock { $0 } }

    /// The state object for each name.
    ///
    /// Why a switch is fine here: it makes a state, it doesn't decide anything. Why a new one
    /// each time: the states are values with no stored properties.
    private static func state(named name: ConnectionState) -> any ConnectionLifecycleState {
        switch name {
        case .created: CreatedState()
        case .connected: ConnectedState()
        case .disconnected: DisconnectedState()
        case .reconnecting: ReconnectingState()
        case .released: ReleasedState()
        }
    }

    /// Asks the current state, and moves where it decides, in one step; then tells the
    /// observers.
    ///
    /// Why one step: of two threads that find the same state, one moves and the other is asked
    /// by the state it finds then, so it is refused in that state's words.
    ///
    /// Why inside `changes.publish { … }`: the broadcast queues the change in the same step as
    /// the move, so two threads' changes are told in the order they were made. The observers
    /// are called after both locks are let go.
    private func perform(
        _ decision: (any ConnectionLifecycleState) throws(LifecycleError) -> ConnectionState?
    ) throws(LifecycleError) {
        try changes.publish { () throws(LifecycleError) -> ConnectionStateChange? in
            try current.withLock { (state) throws(LifecycleError) -> ConnectionStateChange? in
                guard let next = try decision(state) else { return nil }
                return try Self.move(&state, to: next)
            }
        }
    }

    /// Moves `state` to `next`, if the table allows it.
    ///
    /// - Throws: ``LifecycleError/transitionRefused(from:to:)`` when the table has no such move;
    ///   `state` stays as it was.
    private static func move(
        _ state: inout any ConnectionLifecycleState, to next: ConnectionState
    ) throws(LifecycleError) -> ConnectionStateChange {
        guard state.successors.contains(next) else { throw .transitionRefused(from: state.name, to: next) }
        defer { state = Self.state(named: next) }
        return ConnectionStateChange(from: state.name, to: next)
    }

    /// Calls `observer` with every change of state from now on, once each, in order, until the
    /// token is cancelled.
    @discardableResult
    public func observe(_ observer: @escaping @Sendable (ConnectionStateChange) -> Void) -> ObservationToken {
        changes.subscribe(observer)
    }

    // MARK: Operations: the current state decides, the context acts

    /// Starts connecting (from `created`), or reconnecting (from `disconnected`).
    ///
    /// Typed, though ``Connection/connect()`` is not: it only ever refuses, and a typed witness
    /// satisfies an untyped requirement.
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func connect() throws(LifecycleError) {
        try perform { state throws(LifecycleError) in try state.connect() }
        // Why `try?`: the owned connection is the plain one underneath, which never refuses; the
        // lifecycle is the one place that does, and it has decided. The same below.
        try? inner.connect()
    }

    /// Closes the connection (from `connected`), or stops reconnecting (from `reconnecting`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func disconnect() throws(LifecycleError) {
        try perform { state throws(LifecycleError) in try state.disconnect() }
        try? inner.disconnect()
    }

    /// Gives the connection back for good (from `disconnected`): releases the owned connection,
    /// and forgets every handler, subscription and waiting request, without calling them.
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func release() throws(LifecycleError) {
        try perform { state throws(LifecycleError) in try state.release() }
        // Why close before releasing the owned connection: its handlers hear nothing of the
        // release, not even the rest of a report being delivered when it came. What they
        // capture (often a screen) can go. A waiting request is not called: no reply will
        // come, and its owner hears `disconnected → released` through `observe`.
        statuses.close()
        events.close()
        replies.close()
        try? inner.release()
    }

    /// Sends `event` to the server (while `connected`).
    ///
    /// A send the state allowed goes to the owned connection, even if another thread moved the
    /// lifecycle meanwhile: it is ordered as if it came just before that move. If the socket has
    /// closed by then, the socket refuses it.
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state; the owned
    ///   connection's own error, unchanged, when it fails the send.
    public func send(_ event: Event) throws {
        try currentState.send()
        try inner.send(event)
    }

    /// Sends `event` and calls `onReply` once, with the next event of the same name the server
    /// sends that no earlier request took (while `connected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state, and then
    ///   nothing waits; the owned connection's own error, unchanged, when it fails the send (and
    ///   then nothing waits either).
    public func request(_ event: Event, onReply: @escaping @Sendable (Event) -> Void) throws {
        try currentState.request()
        // Why only a reply: `release()` closes the book, which hands each wait `nil`; a waiting
        // request hears nothing of the release.
        try replies.request(event, send: inner.send) { reply in
            if let reply { onReply(reply) }
        }
    }

    /// Calls `action` with every event named `name` the server sends, until the token is
    /// cancelled or the connection released (in every state but `released`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` once released.
    @discardableResult
    public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void)
        throws(LifecycleError) -> ObservationToken
    {
        try currentState.subscribe()
        // Why no second look for a release since: a released connection has closed `events`,
        // and a closed broadcast forgets a handler at once.
        return events.subscribe { event in
            if event.name == name { action(event) }
        }
    }

    // MARK: Connection: what the owned connection answers

    /// The server the owned connection talks to.
    public var url: URL { inner.url }

    /// The owned connection's status, except that a connected socket reads `connecting` unless
    /// the lifecycle is connected too.
    ///
    /// Why: code that sends when the status says connected (the Command kata's outbox) must
    /// never meet a refused send. Each state knows what a connected socket means under it.
    public var status: TransportStatus {
        let socket = inner.status
        return socket == .connected ? currentState.statusOverConnectedSocket : socket
    }

    /// Calls `handler` with every status the owned connection reports from now on, after the
    /// lifecycle has acted on it, until the token is cancelled or the connection released.
    @discardableResult
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        statuses.subscribe(handler)
    }

    /// Calls `handler` with every event the server sends, whatever its name (in every state but
    /// `released`), until the token is cancelled or the connection released.
    ///
    /// Once released it does nothing, as a plain connection does: ``Connection``'s requirement
    /// can't throw, so the refusal has nowhere to go.
    @discardableResult
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        guard (try? currentState.subscribe()) != nil else { return ObservationToken {} }
        return events.subscribe(handler)
    }

    // MARK: The owned connection's reports and events

    private func innerReported(_ status: TransportStatus) {
        changes.publishEach {
            current.withLock { state in
                var made: [ConnectionStateChange] = []
                // Why ask again after a move: the state a report leads to decides whether it goes
                // on. From disconnected, "connected" leads to reconnecting, and reconnecting takes it
                // on to connected: two moves, because the table has no shortcut. Why under the same
                // lock: an observer that moves the lifecycle must not find it halfway.
                while let next = state.reported(status), let change = try? Self.move(&state, to: next) {
                    made.append(change)
                }
                return made
            }
        }
        statuses.publish(status)
    }

    private func innerSent(_ event: Event) {
        events.publish(event)
        replies.answer(event)
    }
}
