import Foundation
import MessagingKit

/// A connection that knows where it is in its life and refuses what that state forbids.
///
/// It holds one state object (see `LifecycleStates.swift`) and hands it every operation and
/// every transport event. It never asks which state it is in to decide what to do: no `switch`
/// on ``state`` in here.
///
/// It is a `LifecycleConnection` (MessagingKit), so a connection keeper can look after it.
///
/// The transport reports its events synchronously, from whatever thread it runs on, so this
/// class must be safe to use from any thread: keep its data in a `Mutex`, and never hold the
/// lock while calling the transport, an observer, a subscription or a reply (each may call
/// straight back in).
public final class ManagedConnection: Sendable {
    /// The socket library, which the states drive.
    let transport: any Transport

    /// Creates a connection in the `created` state over `transport`, and listens to it.
    public init(transport: any Transport) {
        self.transport = transport
        // TODO: Step 2 — listen to the transport's status changes, and hand each one to the
        //       current state.
        // TODO: Step 3 — listen to the transport's events, for subscriptions and replies.
    }

    /// Whether the transition table allows a move from `from` to `to`.
    ///
    /// The table is the states' knowledge: ask the state named `from` for its row.
    public static func allows(from: ConnectionState, to: ConnectionState) -> Bool {
        // TODO: Step 1 — the row of the state named `from`: does it hold `to`?
        false
    }

    /// Where the connection is in its life.
    ///
    /// A new one is `created`.
    public var state: ConnectionState {
        // TODO: Step 2 — the current state object's name.
        .created
    }

    /// Moves to `next`, if the table allows the move from the current state, and tells every
    /// observer.
    ///
    /// Not public: only the states move the connection, each in answer to an operation or a
    /// transport event. Shape it as you like.
    ///
    /// - Throws: ``LifecycleError/transitionRefused(from:to:)`` when the table has no such move;
    ///   the state stays as it was, and no observer hears anything.
    func enter(_ next: ConnectionState) throws(LifecycleError) {
        // TODO: Step 2 — under the lock, ask the current state whether it may move to `next`; if
        //       so, swap in the state object for `next`. Then, outside the lock, tell every
        //       observer.
        throw .transitionRefused(from: state, to: next)
    }

    /// Calls `observer` with every change of state from now on, once each, in order, until the
    /// token is cancelled.
    @discardableResult
    public func observe(_ observer: @escaping @Sendable (ConnectionStateChange) -> Void) -> ObservationToken {
        // TODO: Step 2 — remember the observer; cancelling the token forgets it.
        ObservationToken {}
    }

    /// Starts connecting (from `created`), or reconnecting (from `disconnected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func connect() throws(LifecycleError) {
        // TODO: Step 3 — hand it to the current state. Same for the five operations below.
        throw .operationRefused(.connect, in: state)
    }

    /// Closes the connection (from `connected`), or stops reconnecting (from `reconnecting`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func disconnect() throws(LifecycleError) {
        throw .operationRefused(.disconnect, in: state)
    }

    /// Gives the connection back for good (from `disconnected`): closes the transport and
    /// forgets every subscription and waiting request, without calling them.
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state.
    public func release() throws(LifecycleError) {
        throw .operationRefused(.release, in: state)
    }

    /// Sends `event` to the server (while `connected`).
    ///
    /// Untyped `throws`: besides its own refusal, it passes on whatever the transport throws.
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state; the
    ///   transport's own error, unchanged, when it fails the send.
    public func send(_ event: Event) throws {
        throw LifecycleError.operationRefused(.send, in: state)
    }

    /// Sends `event` and calls `onReply` once, with the next event of the same name the server
    /// sends (while `connected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` in any other state; the
    ///   transport's own error, unchanged, when it fails the send (and then nothing waits).
    public func request(_ event: Event, onReply: @escaping @Sendable (Event) -> Void) throws {
        throw LifecycleError.operationRefused(.request, in: state)
    }

    /// Calls `action` with every event named `name` the server sends (in every state but
    /// `released`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` once released.
    public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void)
        throws(LifecycleError)
    {
        throw .operationRefused(.onEvent, in: state)
    }
}
