/// A transport with no network: the test plays the server, one explicit step at a time.
///
/// The client side is ``Transport``. The server side is for tests:
///
/// | test call     | allowed when                    | status becomes |
/// |---------------|---------------------------------|----------------|
/// | ``accept()``  | `connecting`                    | `connected`    |
/// | ``drop()``    | `connected`                     | `disconnected` |
/// | ``restore()`` | `disconnected` by a ``drop()``  | `connected`    |
/// | ``deliver(_:)`` | `connected`                   | (unchanged)    |
///
/// Called in any other status, `deliver(_:)` throws ``TransportError/notConnected(_:)`` and the
/// others throw ``TransportError/notAllowed(action:status:)``: a test that drives the transport
/// wrongly fails loudly instead of passing by accident.
///
/// Callbacks run synchronously, on the caller's thread, before the call returns: when
/// `try transport.accept()` returns, every status handler has already seen `connected`.
/// That makes tests deterministic without sleeping or polling. They run as a ``Broadcast``
/// delivers: one at a time, in the order the changes happened; a change made from inside a
/// handler (a handler that reconnects on a drop) is heard after the one being delivered.
public final class InMemoryTransport: Transport {
    /// The server this transport pretends to talk to.
    public let url: ServerURL

    // Why a lock: tests and the code under test may touch the transport from several tasks.
    // Handlers are called by the broadcasts, never under this lock, so a handler may call back
    // into the transport.
    private let state = Locked(State())
    private let statuses = Broadcast<TransportStatus>()
    private let events = Broadcast<Event>()

    private struct State {
        var status = TransportStatus.idle
        var droppedByNetwork = false
        var sentEvents: [Event] = []
        var connectAttempts = 0
    }

    /// Creates an idle transport for `url`.
    public init(url: ServerURL) {
        self.url = url
    }

    // MARK: Client side

    /// The socket's current status.
    public var status: TransportStatus { state.withLock { $0.status } }

    /// Starts connecting; a test completes it with ``accept()``.
    ///
    /// Does nothing when already connecting or connected.
    public func connect() {
        statuses.publish { () -> TransportStatus? in
            state.withLock { state in
                guard state.status == .idle || state.status == .disconnected else { return nil }
                state.status = .connecting
                state.droppedByNetwork = false
                state.connectAttempts += 1
                return .connecting
            }
        }
    }

    /// Closes the socket.
    ///
    /// Does nothing when it is idle or already disconnected.
    public func disconnect() {
        statuses.publish { () -> TransportStatus? in
            state.withLock { state in
                guard state.status == .connecting || state.status == .connected else { return nil }
                state.status = .disconnected
                state.droppedByNetwork = false
                return .disconnected
            }
        }
    }

    /// Records `event` as sent to the server; see ``sentEvents``.
    ///
    /// - Throws: ``TransportError/notConnected(_:)`` unless connected.
    public func send(_ event: Event) throws(TransportError) {
        try state.withLock { (state) throws(TransportError) in
            guard state.status == .connected else { throw .notConnected(state.status) }
            state.sentEvents.append(event)
        }
    }

    /// Registers a handler for every status change from now on, until the token is cancelled.
    @discardableResult
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        statuses.subscribe(handler)
    }

    /// Registers a handler for every event ``deliver(_:)`` sends from now on, until the token is
    /// cancelled.
    @discardableResult
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        events.subscribe(handler)
    }

    /// How many status and event handlers are subscribed now: a test's way to see that
    /// whoever wraps this transport lets go of its handlers.
    public var handlerCount: Int { statuses.handlerCount + events.handlerCount }

    // MARK: Server side, for tests

    /// Every event the client sent while connected, oldest first.
    public var sentEvents: [Event] { state.withLock { $0.sentEvents } }

    /// How many times ``connect()`` started a new connection attempt.
    public var connectAttempts: Int { state.withLock { $0.connectAttempts } }

    /// The server accepts the pending connection: `connecting` → `connected`.
    ///
    /// - Throws: ``TransportError/notAllowed(action:status:)`` when nobody is connecting.
    public func accept() throws(TransportError) {
        try move("accept()", from: .connecting, to: .connected)
    }

    /// The network drops the connection: `connected` → `disconnected`.
    ///
    /// - Throws: ``TransportError/notAllowed(action:status:)`` when not connected.
    public func drop() throws(TransportError) {
        try move("drop()", from: .connected, to: .disconnected, droppedByNetwork: true)
    }

    /// The network is back and the socket reconnects on its own: `disconnected` → `connected`.
    ///
    /// - Throws: ``TransportError/notAllowed(action:status:)`` unless the last change was a
    ///   ``drop()``: a socket the client closed stays closed.
    public func restore() throws(TransportError) {
        try move("restore()", from: .disconnected, to: .connected, onlyAfterDrop: true)
    }

    /// The server sends `event`: every event handler receives it before this returns.
    ///
    /// - Throws: ``TransportError/notConnected(_:)`` unless connected.
    public func deliver(_ event: Event) throws(TransportError) {
        try events.publish { () throws(TransportError) -> Event? in
            try state.withLock { (state) throws(TransportError) in
                guard state.status == .connected else { throw .notConnected(state.status) }
                return event
            }
        }
    }

    // MARK: Helpers

    private func move(
        _ action: String,
        from expected: TransportStatus,
        to next: TransportStatus,
        droppedByNetwork: Bool = false,
        onlyAfterDrop: Bool = false
    ) throws(TransportError) {
        try statuses.publish { () throws(TransportError) -> TransportStatus? in
            try state.withLock { (state) throws(TransportError) in
                guard state.status == expected, !onlyAfterDrop || state.droppedByNetwork else {
                    throw .notAllowed(action: action, status: state.status)
                }
                state.status = next
                state.droppedByNetwork = droppedByNetwork
                return next
            }
        }
    }
}
