import Foundation
import MessagingKit

/// A connection that knows where it is in its life and refuses what that state forbids.
///
/// It owns one ``Connection`` (the socket, as a factory makes it) and is one (step 5): a pool,
/// a keeper or an outbox may hold it as `any Connection`, and its refusals reach them as
/// ``LifecycleError``.
///
/// It holds one state object (see `LifecycleStates.swift`) and hands it every operation and
/// every status the owned connection reports. It never asks which state it is in to decide what
/// to do: no `switch` on ``state`` in here.
public final class ManagedConnection: Connection {
    /// The connection it owns, which the operations drive.
    let inner: any Connection

    // What MessagingKit gives you (see the brief): who hears what, one value at a time, in order.
    /// The observers of ``observe(_:)``.
    private let changes = Broadcast<ConnectionStateChange>()
    /// The handlers of ``onStatusChange(_:)``.
    private let statuses = Broadcast<TransportStatus>()
    /// The handlers of both `onEvent` methods.
    private let events = Broadcast<Event>()
    /// The requests waiting for a reply.
    private let replies = ReplyBook()

    /// Creates a connection in the `created` state that owns `connection`, and listens to it.
    ///
    /// It is handed a connection nobody has connected yet, and nobody else drives it.
    public init(connection: any Connection) {
        self.inner = connection
        // TODO: Step 1 — hand every status the owned connection reports to the current state
        //       (rules 1.3–1.5); the owned connection must not keep this one alive (rule 1.6).
        // TODO: Step 4 — hand every event the owned connection receives to the subscriptions
        //       and the waiting requests (rules 4.3, 4.4).
    }

    /// Whether the transition table allows a move from `from` to `to`.
    public static func allows(from: ConnectionState, to: ConnectionState) -> Bool {
        // TODO: Step 1 — does the row of the state named `from` hold `to`? (rule 1.1)
        false
    }

    /// Where the connection is in its life.
    ///
    /// A new one is `created`.
    public var state: ConnectionState {
        // TODO: Step 1 — the current state object's name (rule 1.3).
        .created
    }

    /// ``state``, as `Connection` asks for it: a pool's handles pass it on to their screens.
    public var lifecycle: ConnectionState? { state }

    /// Calls `observer` with every change of state from now on, once each, in order, until the
    /// token is cancelled.
    @discardableResult
    public func observe(_ observer: @escaping @Sendable (ConnectionStateChange) -> Void) -> ObservationToken {
        // TODO: Step 3 — (rules 3.1, 3.2).
        ObservationToken {}
    }

    /// Starts connecting (from `created`), or reconnecting (from `disconnected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` where the current state refuses.
    public func connect() throws(LifecycleError) {
        // TODO: Step 2 — ask the current state, move where it decides, then connect the owned
        //       connection (rules 2.1–2.3). The same for `disconnect()` and `release()`.
        throw .operationRefused(.connect, in: state)
    }

    /// Closes the connection (from `connected`), or stops reconnecting (from `reconnecting`).
    public func disconnect() throws(LifecycleError) {
        throw .operationRefused(.disconnect, in: state)
    }

    /// Gives the connection back for good (from `disconnected`).
    public func release() throws(LifecycleError) {
        // TODO: Step 5 — forget every handler, subscription and waiting request (rule 5.5).
        throw .operationRefused(.release, in: state)
    }

    /// Sends `event` to the server (while `connected`).
    ///
    /// - Throws: ``LifecycleError/operationRefused(_:in:)`` where the current state refuses; the
    ///   owned connection's own error, unchanged, when it fails the send.
    public func send(_ event: Event) throws {
        // TODO: Step 4 — ask the current state, then send through the owned connection (rules
        //       4.1, 4.2). The same for `request` and the named `onEvent`.
        throw LifecycleError.operationRefused(.send, in: state)
    }

    /// Sends `event` and calls `onReply` once, with the next event of the same name the server
    /// sends that no earlier request took (while `connected`).
    public func request(_ event: Event, onReply: @escaping @Sendable (Event) -> Void) throws {
        throw LifecycleError.operationRefused(.request, in: state)
    }

    /// Calls `action` with every event named `name` the server sends, until the token is
    /// cancelled or the connection released (in every state but `released`).
    @discardableResult
    public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void)
        throws(LifecycleError) -> ObservationToken
    {
        throw .operationRefused(.onEvent, in: state)
    }

    // MARK: Connection

    /// Identifies this connection for its whole life: its own id, never the owned connection's.
    public var id: UUID {
        // TODO: Step 5 — an id of its own, made once (rule 5.2).
        inner.id
    }

    /// The server the owned connection talks to.
    public var url: URL { inner.url }

    /// The owned connection's status, except that a connected socket reads `connecting` unless
    /// the lifecycle is connected too.
    public var status: TransportStatus {
        // TODO: Step 5 — (rule 5.3).
        .idle
    }

    /// Calls `handler` with every status the owned connection reports from now on, after the
    /// lifecycle has acted on it, until the token is cancelled or the connection released.
    @discardableResult
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        // TODO: Step 5 — (rules 5.4, 5.5).
        ObservationToken {}
    }

    /// Calls `handler` with every event the server sends, whatever its name (in every state but
    /// `released`), until the token is cancelled or the connection released.
    @discardableResult
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        // TODO: Step 5 — (rules 5.4, 5.5).
        ObservationToken {}
    }
}
