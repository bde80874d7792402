/// The socket library a messaging client wraps: connect, send, and hear back through callbacks.
///
/// This is the seam the real app would fill with a Socket.IO or WebSocket client. Connecting is
/// not instant: ``connect()`` only starts it, and the outcome arrives later through the
/// ``onStatusChange(_:)`` callbacks, as with real socket libraries. In the katas the only
/// implementation is ``InMemoryTransport``, which tests drive by hand.
///
/// A transport is a reference type because a socket has identity: two handles to the same
/// transport share one connection to the server.
public protocol Transport: AnyObject, Sendable {
    /// The server this transport talks to.
    var url: ServerURL { get }
    /// The socket's current status.
    var status: TransportStatus { get }
    /// Starts connecting; the status becomes ``TransportStatus/connecting``.
    ///
    /// Does nothing when already connecting or connected.
    func connect()
    /// Closes the socket; the status becomes ``TransportStatus/disconnected``.
    func disconnect()
    /// Sends `event` to the server.
    ///
    /// - Throws: ``TransportError/notConnected(_:)`` unless the status is
    ///   ``TransportStatus/connected``: the library cannot send while disconnected, and it does
    ///   not queue for you. A wrapper may throw an error of its own as well (a protection proxy
    ///   refuses a user's send with ``SendForbidden``): the requirement is untyped because
    ///   others implement it, and a typed `throws(TransportError)` would shut them out.
    func send(_ event: Event) throws
    /// Calls `handler` with every new status, until the token is cancelled.
    ///
    /// Statuses arrive one at a time, in the order the changes happened (see ``Broadcast``).
    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken
    /// Calls `handler` with every event the server sends, until the token is cancelled.
    @discardableResult
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken
}

/// Whether a transport's socket is open.
public enum TransportStatus: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Never asked to connect.
    case idle
    /// ``Transport/connect()`` was called; waiting for the server.
    case connecting
    /// Open: events flow both ways.
    case connected
    /// Closed, by the client or because the connection dropped.
    case disconnected

    /// The status's name.
    public var description: String { rawValue }
}

/// Why a transport refused an operation.
public enum TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Sending (or delivering) needs an open socket; this is the status it had instead.
    case notConnected(TransportStatus)
    /// A test drove an ``InMemoryTransport`` in a way its status does not allow, for example
    /// `accept()` when nobody asked to connect.
    case notAllowed(action: String, status: TransportStatus)

    /// A sentence that names the operation and the status.
    public var description: String {
        switch self {
        case .notConnected(let status):
            "The transport is \(status), not connected: it cannot send or receive."
        case .notAllowed(let action, let status):
            "\(action) is not possible while the transport is \(status)."
        }
    }
}
