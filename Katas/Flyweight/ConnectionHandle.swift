import Foundation
import MessagingKit

/// One caller's handle on a shared connection: its own subscriptions, open until it is closed.
///
/// The connection is shared; what differs from caller to caller lives here. A chat screen and
/// an inbox badge each hold a handle on the same connection: each hears only the events it
/// subscribed to, and closing one handle leaves the other working. The pool counts a connection
/// as in use while any of its handles is open; a handle nobody holds any more counts as closed.
///
/// Events arrive on whatever thread the transport delivers them, and the caller may close the
/// handle from another: it must be safe to use from any task.
public final class ConnectionHandle: ConnectionHandling {
    /// The shared connection's id; every handle on one connection has the same.
    public let connectionID: UUID
    /// The shared connection's server URL.
    public let url: URL

    /// Creates an open handle on `connection`.
    ///
    /// The pool makes handles; feature code asks the pool for them.
    init(connection: any Connection) {
        connectionID = connection.id
        url = connection.url
        // TODO: Step 2 — listen to the connection's events, to pass them to this handle's
        //       subscriptions.
    }

    /// Whether the handle is still open; ``close()`` closes it for good.
    public var isOpen: Bool {
        // TODO: Step 2 — open from creation until close().
        false
    }

    /// Closes the handle: its subscriptions hear nothing more.
    ///
    /// Closing twice does nothing more. The connection stays up for its other handles.
    public func close() {
        // TODO: Step 2 — close the handle.
    }

    /// Calls `action` with every event named `name` the server sends while this handle is open.
    public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void) {
        // TODO: Step 2 — remember the subscription.
    }
}
