import Foundation
import Synchronization

/// A connection with no server behind it, for `memory://` URLs: it connects at once and
/// records what it sends.
///
/// The other concrete ``Connection``, beside ``SocketConnection``. Tests and previews use it
/// where the app would open a socket. It plays both ends: the client side is ``Connection``;
/// ``sentEvents`` and ``receive(_:)`` are the server side.
public final class RecordingConnection: Connection {
    /// Identifies this connection for its whole life.
    public let id = UUID()
    /// The `memory://` URL it was made for.
    public let url: URL

    // Why a Mutex: a connection is shared between tasks, and `Connection` is `Sendable`. The
    // lock is never held while calling a handler, so a handler may call back in.
    private let state = Mutex(State())

    private struct State {
        var status = TransportStatus.idle
        var sentEvents: [Event] = []
        var eventHandlers: [@Sendable (Event) -> Void] = []
    }

    /// Creates an idle connection for `url`.
    public init(url: URL) {
        self.url = url
    }

    /// Idle until ``connect()``, then connected until ``disconnect()``.
    public var status: TransportStatus { state.withLock { $0.status } }

    /// Connects at once: there is no server to wait for.
    public func connect() {
        state.withLock { $0.status = .connected }
    }

    /// Disconnects.
    public func disconnect() {
        state.withLock { $0.status = .disconnected }
    }

    /// Records `event` in ``sentEvents``.
    ///
    /// - Throws: ``TransportError/notConnected(_:)`` unless connected.
    public func send(_ event: Event) throws(TransportError) {
        try state.withLock { (state) throws(TransportError) in
            guard state.status == .connected else { throw .notConnected(state.status) }
            state.sentEvents.append(event)
        }
    }

    /// Calls `handler` with every event passed to ``receive(_:)`` from now on.
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) {
        state.withLock { $0.eventHandlers.append(handler) }
    }

    /// Every event sent while connected, oldest first.
    public var sentEvents: [Event] { state.withLock { $0.sentEvents } }

    /// Plays the server: every ``onEvent(_:)`` handler receives `event` before this returns.
    public func receive(_ event: Event) {
        let handlers = state.withLock { $0.eventHandlers }
        for handler in handlers { handler(event) }
    }
}
