import Foundation

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

    // Why a lock: a connection is shared between tasks, and `Connection` is `Sendable`.
    // Handlers are called by the broadcasts, never under this lock, so a handler may call back in.
    private let state = Locked(State())
    private let statuses = Broadcast<TransportStatus>()
    private let events = Broadcast<Event>()

    private struct State {
        var status = TransportStatus.idle
        var released = false
        var sentEvents: [Event] = []
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
        move(to: .connected)
    }

    /// Disconnects.
    public func disconnect() {
        move(to: .disconnected)
    }

    /// Forgets every handler, then disconnects for good: nobody hears the close.
    public func release() {
        statuses.close()
        events.close()
        state.withLock { state in
            state.released = true
            state.status = .disconnected
        }
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

    /// Calls `handler` with every event passed to ``receive(_:)`` from now on, until the token is
    /// cancelled or the connection released.
    @discardableResult
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        events.subscribe(handler)
    }

    /// Calls `handler` with every new status from now on, until the token is cancelled or the
    /// connection released.
    @discardableResult
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        statuses.subscribe(handler)
    }

    /// Every event sent while connected, oldest first.
    public var sentEvents: [Event] { state.withLock { $0.sentEvents } }

    /// Plays the server: every ``onEvent(_:)`` handler receives `event` before this returns.
    public func receive(_ event: Event) {
        events.publish(event)
    }

    /// How many status and event handlers are subscribed now: a test's way to see that
    /// whoever holds this connection lets go of its handlers.
    public var handlerCount: Int { statuses.handlerCount + events.handlerCount }

    private func move(to next: TransportStatus) {
        statuses.publish { () -> TransportStatus? in
            state.withLock { state in
                guard !state.released, state.status != next else { return nil }
                state.status = next
                return next
            }
        }
    }
}
