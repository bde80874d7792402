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
    // Why a closure and not the connection: a handle can send, but can't reach the shared
    // connection to disconnect or release it for everyone else.
    private let sendThroughConnection: @Sendable (Event) throws -> Void

    /// Creates an open handle on the connection with `connectionID`.
    ///
    /// The pool makes handles, and passes each the connection's events through
    /// ``receive(_:)``; feature code asks the pool for them.
    init(connectionID: UUID, url: URL, send: @escaping @Sendable (Event) throws -> Void) {
        self.connectionID = connectionID
        self.url = url
        self.sendThroughConnection = send
    }

    /// Whether the handle is still open; ``close()`` closes it for good.
    public var isOpen: Bool {
        // TODO: Step 2 — open from creation until close() (rules 2.1, 2.8).
        false
    }

    /// Closes the handle: its subscriptions hear nothing more, and it lets go of them.
    ///
    /// Closing twice does nothing more. The connection stays up for its other handles.
    public func close() {
        // TODO: Step 2 — close the handle, for good (rule 2.8).
        // TODO: Step 3 — let go of its subscriptions (rule 3.4).
    }

    /// Sends `event` over the shared connection while the handle is open.
    ///
    /// - Throws: ``MessagingKit/HandleError/closed(_:)`` once closed; otherwise what the
    ///   connection throws, unchanged.
    public func send(_ event: Event) throws {
        // TODO: Step 2 — refuse once closed; otherwise send through the shared connection
        //       (rules 2.5, 2.6).
    }

    /// Calls `action` with every event named `name` the server sends while this handle is open.
    ///
    /// Subscriptions add up: two to one name both hear. One made after ``close()`` hears nothing.
    public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void) {
        // TODO: Step 3 — remember the subscription, while the handle is open (rules 3.1, 3.2).
    }

    /// Passes `event` to this handle's subscriptions for its name, if the handle is still open.
    func receive(_ event: Event) {
        // TODO: Step 3 — call this handle's subscriptions for event.name; a subscription may
        //       call close(), send(_:) or onEvent(_:perform:) on this handle (rules 3.1, 3.5).
    }
}
