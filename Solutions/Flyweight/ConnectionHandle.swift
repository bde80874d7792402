import Foundation
import MessagingKit
import Synchronization

/// One caller's handle on a shared connection: its own subscriptions, open until it is closed.
///
/// Role: the **per-caller state** of the keyed pool. The connection is shared; what differs from
/// caller to caller lives here. A chat screen and an inbox badge each hold a handle on the same
/// connection; each hears only the events it subscribed to, and closing one handle leaves the
/// other working. The pool counts a connection as in use while any of its handles is open; a
/// handle nobody holds any more counts as closed.
///
/// The write-up called this split intrinsic and extrinsic state. It is looser than the
/// textbook's: a handle *keeps* its caller's state, where textbook extrinsic state is passed into
/// each operation and kept by nobody (see ``CodeStyle``).
///
/// - Note: Why a class: the pool and the caller must see the same "open" flag, so a handle has
///   identity. Why `Sendable` with a `Mutex`: events arrive on whatever thread the transport
///   delivers them, while the caller may close the handle from another.
public final class ConnectionHandle: ConnectionHandling {
    /// The shared connection's id; every handle on one connection has the same.
    public let connectionID: UUID
    /// The shared connection's server URL.
    public let url: URL
    // Why a closure and not the connection: a handle can send, but can't reach the shared
    // connection to disconnect or release it for everyone else.
    private let sendThroughConnection: @Sendable (Event) throws -> Void

    private let state = Mutex(State())

    private struct State {
        var isOpen = true
        var subscriptions: [EventName: [@Sendable (Event) -> Void]] = [:]
    }

    /// Creates an open handle on the connection with `connectionID`.
    ///
    /// The pool makes handles, and passes each the connection's events through
    /// ``receive(_:)``; feature code asks the pool for them.
    init(connectionID: UUID, url: URL, send: @escaping @Sendable (Event) throws -> Void) {
        // Why not keep the connection: the handle needs only its send. Feature code reaches
        // the shared part only through the handle's own, smaller surface, so no screen can
        // disconnect it for everyone.
        self.connectionID = connectionID
        self.url = url
        self.sendThroughConnection = send
    }

    /// Whether the handle is still open; ``close()`` closes it for good.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Closes the handle: its subscriptions hear nothing more, and it lets go of them.
    ///
    /// Closing twice does nothing more. The connection stays up for its other handles.
    public func close() {
        state.withLock { state in
            state.isOpen = false
            // Why drop them: a closed handle never calls them again; letting them go frees
            // whatever they capture (often a screen), even while someone still holds the handle.
            state.subscriptions = [:]
        }
    }

    /// Sends `event` over the shared connection while the handle is open.
    ///
    /// - Throws: ``MessagingKit/HandleError/closed(_:)`` once closed; otherwise what the
    ///   connection throws, unchanged.
    public func send(_ event: Event) throws {
        guard isOpen else { throw HandleError.closed(url) }
        try sendThroughConnection(event)
    }

    /// Calls `action` with every event named `name` the server sends while this handle is open.
    ///
    /// Subscriptions add up: two to one name both hear. One made after ``close()`` hears nothing.
    public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void) {
        state.withLock { state in
            guard state.isOpen else { return }
            state.subscriptions[name, default: []].append(action)
        }
    }

    /// Passes `event` to this handle's subscriptions for its name, if the handle is still open.
    func receive(_ event: Event) {
        // Why copy, then call outside the lock: an action may close this handle or subscribe
        // again; holding the lock while calling it would lock the `Mutex` twice on one thread.
        let actions = state.withLock { $0.isOpen ? $0.subscriptions[event.name] ?? [] : [] }
        for action in actions {
            // Why: an earlier subscription may have closed this handle (from inside, or another
            // screen's subscription through the handle it holds), and a closed handle's
            // subscriptions hear nothing more, not even the rest of this event (rule 3.3). Asked
            // outside the lock, before each call, so no lock is held while feature code runs.
            guard isOpen else { return }
            action(event)
        }
    }
}
