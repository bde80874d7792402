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
        var released = false
        var sentEvents: [Event] = []
        var eventHandlers: [@Sendable (Event) -> Void] = []
        var statusHandlers: [@Sendable (TransportStatus) -> Void] = []

        /// Moves to `status`; the handlers to tell, or none when nothing changed.
        mutating func move(to status: TransportStatus) -> [@Sendable (TransportStatus) -> Void] {
            guard self.status != status else { return [] }
            self.status = status
            return statusHandlers
        }
    }

    /// Creates an idle connection for `url`.
    public init(url: URL) {
        self.url = url
    }

    /// Idle until ``connect()``, then connected until ``disconnect()`` or ``release()``.
    public var status: TransportStatus { state.withLock { $0.status } }

    /// Connects at once: there is no server to wait for.
    ///
    /// Does nothing once released.
    public func connect() {
        let handlers = state.withLock { $0.released ? [] : $0.move(to: .connected) }
        for handler in handlers { handler(.connected) }
    }

    /// Disconnects.
    public func disconnect() {
        let handlers = state.withLock { $0.move(to: .disconnected) }
        for handler in handlers { handler(.disconnected) }
    }

    /// Disconnects for good and forgets every handler.
    public func release() {
        let handlers = state.withLock { state in
            let handlers = state.move(to: .disconnected)
            state.released = true
            state.eventHandlers = []
            state.statusHandlers = []
            return handlers
        }
        for handler in handlers { handler(.disconnected) }
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

    /// Calls `handler` with every event passed to ``receive(_:)`` from now on, until released.
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) {
        state.withLock { state in
            if !state.released { state.eventHandlers.append(handler) }
        }
    }

    /// Calls `handler` with every new status from now on, until released.
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) {
        state.withLock { state in
            if !state.released { state.statusHandlers.append(handler) }
        }
    }

    /// Every event sent while connected, oldest first.
    public var sentEvents: [Event] { state.withLock { $0.sentEvents } }

    /// Plays the server: every ``onEvent(_:)`` handler receives `event` before this returns.
    public func receive(_ event: Event) {
        let handlers = state.withLock { $0.eventHandlers }
        for handler in handlers { handler(event) }
    }
}
