import Foundation

/// One caller's handle on a pooled connection: what a screen holds to send and listen, without
/// ever holding the shared connection itself.
///
/// A pool hands one out per request; the connection behind it is shared, the handle is not. A
/// screen sends through its handle, listens through it, and closes it when it goes away; it
/// can't disconnect the connection that other screens share. The Flyweight kata's
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
    /// Sends `event` over the shared connection.
    ///
    /// - Throws: ``HandleError/closed(_:)`` once the handle is closed; otherwise whatever the
    ///   connection throws, unchanged (``TransportError/notConnected(_:)`` while it is not
    ///   connected).
    func send(_ event: Event) throws
    /// Calls `action` with every event named `name` the server sends, until the handle closes.
    func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void)
    /// Closes the handle: it sends and hears nothing more. Closing twice does nothing more.
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
