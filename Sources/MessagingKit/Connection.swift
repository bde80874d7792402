import Foundation

/// A live link to one messaging server, whichever library provides it.
///
/// Every messaging kata talks to a server through this protocol. In the Factory kata it is the
/// **Product**: feature code, a connection pool and the tests only ever see it, and which class
/// is behind it is the ``ConnectionFactory``'s decision. That is what lets the app replace its
/// socket library later, or run every test without a network. MessagingKit ships two:
/// ``SocketConnection`` and ``RecordingConnection``.
///
/// A connection is a class because it has identity: everyone holding it shares one socket.
public protocol Connection: AnyObject, Sendable {
    /// Identifies this connection for its whole life; no two connections share one.
    var id: UUID { get }
    /// The server this connection talks to.
    var url: URL { get }
    /// Whether the connection is idle, connecting, connected or disconnected.
    var status: TransportStatus { get }
    /// Starts connecting.
    ///
    /// Does nothing when already connecting or connected.
    func connect()
    /// Closes the connection.
    func disconnect()
    /// Sends `event` to the server.
    ///
    /// - Throws: ``TransportError/notConnected(_:)`` unless the connection is connected, or
    ///   whatever its transport throws. Untyped, because others implement it.
    func send(_ event: Event) throws
    /// Calls `handler` with every event the server sends from now on.
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void)
}
