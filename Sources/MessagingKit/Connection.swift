import Foundation

/// A live link to one messaging server, whichever library provides it.
///
/// Every messaging kata talks to a server through this protocol. In the Factory kata it is the
/// **Abstract product**: feature code, a connection pool and the tests only ever see it, and which class
/// is behind it is the ``ConnectionFactory``'s decision. That is what lets the app replace its
/// socket library later, or run every test without a network. MessagingKit ships two:
/// ``SocketConnection`` and ``RecordingConnection``.
///
/// A connection is a class because it has identity: everyone holding it shares one socket.
///
/// One protocol, one story: every messaging kata's product is, or uses, a `Connection`. The
/// Factory kata makes them; the Flyweight kata's pool shares one per URL and its keeper (Chain
/// of Responsibility) reconnects, disconnects and releases them; the State kata's
/// `ManagedConnection` owns one and is one, with a lifecycle that may refuse an operation; the
/// Command kata's outbox sends over one. So the operations throw untyped errors: a plain
/// connection never refuses `connect()`, a managed one refuses by its state
/// (``LifecycleError``), and a send passes on whatever the socket threw.
public protocol Connection: AnyObject, Sendable {
    /// Identifies this connection for its whole life; no two connections share one.
    var id: UUID { get }
    /// The server this connection talks to.
    var url: URL { get }
    /// Whether the connection is idle, connecting, connected or disconnected.
    var status: TransportStatus { get }
    /// Where the connection is in its lifecycle, if it has one; `nil` if it hasn't.
    ///
    /// A plain connection has no lifecycle (the default, below). One that wraps the State
    /// kata's lifecycle says where it is, and a pool's handles pass it on: that is how a screen
    /// shows "reconnecting", which ``status`` can't tell from a first "connecting".
    var lifecycle: ConnectionState? { get }
    /// Starts connecting.
    ///
    /// Does nothing when already connecting or connected.
    /// - Throws: when this connection refuses to connect now (a managed connection refuses by
    ///   its state); a plain connection never throws.
    func connect() throws
    /// Closes the connection; ``connect()`` may open it again.
    ///
    /// - Throws: when this connection refuses; a plain connection never throws.
    func disconnect() throws
    /// Gives the connection back for good: it forgets every handler first (they hear nothing of
    /// the release), closes, and never opens again.
    /// What the pool's keeper does to a connection nobody uses.
    ///
    /// - Throws: when this connection refuses (a managed connection releases only once
    ///   disconnected); a plain connection never throws.
    func release() throws
    /// Sends `event` to the server.
    ///
    /// - Throws: ``TransportError/notConnected(_:)`` unless the connection is connected, or
    ///   whatever its transport throws. Untyped, because others implement it.
    func send(_ event: Event) throws
    /// Sends `event`, and gives back its ticket: how the send ended, or will end.
    ///
    /// A plain connection sends at once (the default, below): the ticket is settled `sent`, or
    /// the send throws. One that keeps sends for later, with an outbox in front of it, gives the
    /// outbox's ticket, which settles when the send goes out, is refused, or is cancelled.
    /// - Throws: what ``send(_:)`` throws, for a send refused as it is made.
    @discardableResult
    func submit(_ event: Event) throws -> CommandTicket

    /// Calls `handler` with every event the server sends from now on, until the token is
    /// cancelled or the connection is released.
    ///
    /// MessagingKit's connections deliver as a ``Broadcast`` does: one event at a time, in the
    /// order they came.
    @discardableResult
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken
    /// Calls `handler` with every new status from now on, until the token is cancelled or the
    /// connection is released.
    ///
    /// MessagingKit's connections deliver as a ``Broadcast`` does: one status at a time, in the
    /// order the changes happened; a change made from inside a handler is heard after the one
    /// being delivered.
    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken
}

extension Connection {
    /// `nil`: a connection has no lifecycle unless it says so.
    public var lifecycle: ConnectionState? { nil }

    /// Sends at once: a ticket settled `sent` (numbered 0, as it comes from no outbox), or what
    /// ``send(_:)`` throws.
    @discardableResult
    public func submit(_ event: Event) throws -> CommandTicket {
        try send(event)
        let ticket = CommandTicket(number: 0)
        ticket.settle(.sent)
        return ticket
    }
}
