import Foundation

/// One caller's handle on a pooled connection: which connection it is on, and whether the
/// caller still holds it open.
///
/// A pool hands one out per request; the connection behind it is shared, the handle is not.
/// The Flyweight kata's `ConnectionHandle` is one, and adds per-handle event subscriptions.
/// Code that only hands handles out or counts them, such as the Singleton kata's manager, needs
/// no more than this protocol.
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
    /// Closes the handle. Closing twice does nothing more.
    func close()
}
