import Foundation
import MessagingKit

/// A connection that knows where it is in its life and refuses what that state forbids.
///
/// It owns one ``Connection`` (the socket, as a factory makes it) and is one (step 7): a pool,
/// a keeper or an outbox may hold it as `any Connection`, and its refusals reach them as
/// ``LifecycleError``.
///
/// It holds one state object (see `LifecycleStates.swift`) and hands it every operation and
/// every status the owned connection reports. It never asks which state it is in to decide what
/// to do: no `switch` on ``state`` in here.
///
/// The owned connection reports synchronously, from whatever thread it runs on, so this class
/// must be safe to use from any thread; and the owned connection, an observer, a handler, a
/// subscription or a reply it calls may call straight back in.
public final class ManagedConnection: Connection {
    /// The connection it owns, which the states drive.
    let inner: any Connection

    /// Creates a connection in the `created` state that owns `connection`, and listens to it.
    ///
    /// It is handed a connection nobody has connected yet, and nobody else drives it.
    public init(connection: any Connection) {
        self.inner = connection
        // TODO: Step 2 — hand every status the owned connection reports to the current state,
        //       judged by the owned connection's status now, not the one the report carries
        //       (rules 2.2–2.4); the owned connection must not keep this one alive (rule 2.7).
        // TODO: Step 3 — after acting on a report, act again on each status the owned connection
        //       has moved to meanwhile, until it holds still (rule 3.5).
        // TODO: Step 6 — listen to the owned connection's events, for subscriptions and replies
        //       (rules 6.1, 6.4).
        // TODO: Step 7 — tell the `onStatusChange` handlers, after each act and before looking
        //       again: the status the report carried, then each status found meanwhile, unless
        //       it is the status they were told last (rules 7.5–7.7).
    }

    /// Identifies this connection for its whole life: its own id, never the owned connection's.
    public var id: UUID {
        // TODO: Step 7 — an id of its own, made once (rule 7.2).
        inner.id
    }

    /// The server the owned connection talks to.
    public var url: URL { inner.url }

    /// The owned connection's status, except that it says `connected` only while the lifecycle
    /// is connected too: a connected socket under a lifecycle that isn't reads `connecting`
    /// (created, reconnecting) or `disconnected` (disconnected, released).
    public var status: TransportStatus {
        // TODO: Step 7 — the owned connection's status, connected only with the lifecycle; what a
        //       connected socket reads under a lifecycle that isn't is the current state's answer
        //       (rule 7.4).
        .idle
    }

    /// Calls `handler` with every status the owned connection reports from now on, after the
    /// lifecycle has moved on it, until released.
    ///
    /// Once released, it keeps no new handler.
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        // TODO: Step 7 — remember the handler, unless released (rules 7.5, 7.10).
        ObservationToken {}
    }

    /// Whether the transition table allows a move from `from` to `to`.
    ///
    /// The table is the states' knowledge: ask the state named `from` for its row.
    public static func allows(from: ConnectionState, to: ConnectionState) -> Bool {
        // TODO: Step 1 — the row of the state named `from`: does it hold `to`? (rules 1.1, 1.2)
        false
    }

    /// Where the connection is in its life.
    ///
    /// A new one is `created`.
    public var state: ConnectionState {
        // TODO: Step 2 — the current state object's name (rule 2.1).
        .created
    }

    /// Moves to `next`, if the table allows the move from the current state, and tells every
    /// observer.
    ///
    /// Not public: only the states move the connection, each in answer to an operation or a
    /// status the owned connection reports. Shape it as you like.
    ///
    /// - Throws: ``LifecycleError/transitionRefused(from:to:)`` when the table has no such move;
    ///   the state stays as it was, and no observer hears anything.
    func enter(_ next: ConnectionState) throws(LifecycleError) {
        // TODO: Step 2 — move to the state object for `next` when the current state's row allows
        //       it (rules 2.2, 2.6).
        // TODO: Step 3 — then tell every observer, once the connection is in its new state
        //       (rules 3.1, 3.3).
        throw .transitionRefused(from: state, to: next)
    }

    /// Calls `observer` with every change of state from now on, once each, in order, until the
    /// token is cancelled.
    @discardableResult
    public func observe(_ observer: @escaping @Sendable (ConnectionStateChange) -> Void) -> ObservationToken {
        // TODO: Step 3 — remember the observer; cancelling the token forgets it, and the token
        //       doesn't keep the connection alive (rules 3.1, 3.2, 3.4).
        ObservationToken {}
    }

    /// Starts connecting (from `created`), or reconnecting (from `disconnected`).
    ///
    /// Typed, though `Connection`'s requirement is not: it only ever refuses, and a typed
    /// `throws(LifecycleError)` satisfies an untyped requirement.
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func connect() throws(LifecycleError) {
        // TODO: Step 4 — hand it to the current state (rules 4.1–4.6). Same for `disconnect()` and
        //       `release()` below.
        throw .operationRefused(.connect, in: state)
    }

    /// Closes the connection (from `connected`), or stops reconnecting (from `reconnecting`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func disconnect() throws(LifecycleError) {
        throw .operationRefused(.disconnect, in: state)
    }

    /// Gives the connection back for good (from `disconnected`): releases the owned connection,
    /// and forgets every handler, subscription and waiting request, without calling them.
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func release() throws(LifecycleError) {
        throw .operationRefused(.release, in: state)
    }

    /// Sends `event` to the server (while `connected`).
    ///
    /// Untyped `throws`: besides its own refusal, it passes on whatever the owned connection
    /// throws.
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state; the owned
    ///   connection's own error, unchanged, when it fails the send.
    public func send(_ event: Event) throws {
        // TODO: Step 5 — hand it to the current state (rules 5.1–5.5). Same for `request` and the
        //       named `onEvent` below.
        throw LifecycleError.operationRefused(.send, in: state)
    }

    /// Sends `event` and calls `onReply` once, with the next event of the same name the server
    /// sends (while `connected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state; the owned
    ///   connection's own error, unchanged, when it fails the send (and then nothing waits).
    public func request(_ event: Event, onReply: @escaping @Sendable (Event) -> Void) throws {
        // TODO: Step 5 — hand it to the current state; where the table allows it, it may just send.
        // TODO: Step 6 — wait for the reply from before the send; take back this request's own
        //       wait if the send fails (rules 6.1–6.3, 6.5, 6.6).
        throw LifecycleError.operationRefused(.request, in: state)
    }

    /// Calls `action` with every event named `name` the server sends (in every state but
    /// `released`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` once released.
    public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void)
        throws(LifecycleError)
    {
        // TODO: Step 5 — hand it to the current state; where the table allows it, it may just accept.
        // TODO: Step 6 — keep the subscription, and call it with every event of its name until
        //       released (rules 6.4–6.6).
        throw .operationRefused(.onEvent, in: state)
    }

    /// Calls `handler` with every event the server sends, whatever its name (in every state but
    /// `released`).
    ///
    /// Once released it does nothing: `Connection`'s requirement can't throw.
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        // TODO: Step 7 — hand it to the current state too, as a subscription to every name (rule 7.9).
        ObservationToken {}
    }
}
