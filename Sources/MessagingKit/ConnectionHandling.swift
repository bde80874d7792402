import Foundation

/// One caller's handle on a pooled connection: what a screen holds to connect, send and
/// listen, without ever holding the shared connection itself.
///
/// A pool hands one out per request; the connection behind it is shared, the handle is not. A
/// screen subscribes through its handle, then connects it (so the server's first events reach
/// it), sends through it, shows its status, and closes it when it goes away; it can't
/// disconnect or release the connection that other screens share. The Flyweight kata's
/// `ConnectionHandle` is one; the Singleton kata's manager hands them out.
///
/// A handle is a class because it has identity: the pool and the caller must see the same
/// "open" flag.
public protocol ConnectionHandling: AnyObject, Sendable {
    /// The shared connection's id; every handle on one connection has the same.
    var connectionID: UUID { get }
    /// The shared connection's server URL.
    var url: URL { get }
    /// Whether the handle is still open; ``close()`` closes it for good.
    var isOpen: Bool { get }
    /// The shared connection's status: what a screen shows in its banner.
    var status: TransportStatus { get }
    /// The shared connection's place in its lifecycle, if it has one (``Connection/lifecycle``):
    /// with ``status``, what a screen shows.
    var lifecycle: ConnectionState? { get }
    /// Starts connecting the shared connection, unless it is connecting or connected already.
    ///
    /// A pool hands out handles without connecting, so that a screen can subscribe first and
    /// hear the server's first events.
    /// - Throws: ``HandleError/closed(_:)`` once the handle is closed; otherwise what the
    ///   connection's `connect()` throws, unchanged.
    func connect() throws
    /// Sends `event` over the shared connection.
    ///
    /// - Throws: ``HandleError/closed(_:)`` once the handle is closed; otherwise whatever the
    ///   connection throws, unchanged (``TransportError/notConnected(_:)`` while it is not
    ///   connected).
    func send(_ event: Event) throws
    /// Sends `event` over the shared connection, and gives back the connection's ticket for it
    /// (``Connection/submit(_:)``): a screen sees how its send ended.
    ///
    /// - Throws: what ``send(_:)`` throws.
    @discardableResult
    func submit(_ event: Event) throws -> CommandTicket

    /// Calls `action` with every event named `name` the server sends, until the token is
    /// cancelled or the handle closes.
    @discardableResult
    func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void) -> ObservationToken
    /// Calls `handler` with every status the shared connection reports, until the token is
    /// cancelled or the handle closes.
    @discardableResult
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken
    /// Closes the handle: it sends and hears nothing more, at once. Closing twice does nothing
    /// more.
    func close()
}

/// Why a handle refused an operation.
public enum HandleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The handle on the connection to this URL was closed: it sends nothing more.
    case closed(URL)

    /// A sentence that names the URL.
    public var description: String {
        switch self {
        case .closed(let url): "The handle on \(url.absoluteString) is closed: it sends nothing more."
        }
    }
}
