import Foundation
import MessagingKit
import Synchronization

/// One caller's handle on a shared connection: its own subscriptions, open until it is closed.
///
/// Role: the **extrinsic state** of the Flyweight pattern. The connection is shared; what
/// differs from caller to caller lives here. A chat screen and an inbox badge each hold a
/// handle on the same connection; each hears only the events it subscribed to, and closing one
/// handle leaves the other working. The pool counts a connection as in use while any of its
/// handles is open; a handle nobody holds any more counts as closed.
///
/// - Note: Why a class: the pool and the caller must see the same "open" flag, so a handle has
///   identity. Why `Sendable` with a `Mutex`: events arrive on whatever thread the transport
///   delivers them, while the caller may close the handle from another.
public final class ConnectionHandle: ConnectionHandling {
    /// The shared connection's id; every handle on one connection has the same.
    public let connectionID: UUID
    /// The shared connection's server URL.
    public let url: URL

    private let state = Mutex(State())

    private struct State {
        var isOpen = true
        var subscriptions: [EventName: [@Sendable (Event) -> Void]] = [:]
    }

    /// Creates an open handle on `connection`.
    ///
    /// The pool makes handles; feature code asks the pool for them.
    init(connection: any Connection) {
        connectionID = connection.id
        url = connection.url
        // Why `weak`: the connection outlives its handles, and the transport offers no way to
        // unsubscribe. A weak capture keeps the connection from holding the handle alive; once
        // nothing else holds it, the closure does nothing.
        // Why not keep the connection: the handle needs none of it after this line. Feature code
        // reaches the shared part only through the handle's own, smaller surface.
        connection.onEvent { [weak self] event in self?.receive(event) }
    }

    /// Whether the handle is still open; ``close()`` closes it for good.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Closes the handle: its subscriptions hear nothing more.
    ///
    /// Closing twice does nothing more. The connection stays up for its other handles.
    public func close() {
        state.withLock { state in
            state.isOpen = false
            // Why drop them: a closed handle never calls them again; letting them go frees
            // whatever they capture (often a screen).
            state.subscriptions = [:]
        }
    }

    /// Calls `action` with every event named `name` the server sends while this handle is open.
    public func onEvent(_ name: EventName, perform action: @escaping @Sendable (Event) -> Void) {
        state.withLock { state in
            guard state.isOpen else { return }
            state.subscriptions[name, default: []].append(action)
        }
    }

    private func receive(_ event: Event) {
        // Why copy, then call outside the lock: an action may close this handle or subscribe
        // again; holding the lock while calling it would deadlock.
        let actions = state.withLock { $0.isOpen ? $0.subscriptions[event.name] ?? [] : [] }
        for action in actions { action(event) }
    }
}
