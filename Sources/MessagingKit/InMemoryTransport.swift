import Synchronization

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
/// That makes tests deterministic without sleeping or polling.
public final class InMemoryTransport: Transport {
    /// The server this transport pretends to talk to.
    public let url: ServerURL

    // Why a Mutex: tests and the code under test may touch the transport from several tasks;
    // the lock keeps its state consistent, and handlers are always called after unlocking so a
    // handler may call back into the transport without deadlocking.
    private let state = Mutex(State())

    private struct State {
        var status = TransportStatus.idle
        var droppedByNetwork = false
        var sentEvents: [Event] = []
        var connectAttempts = 0
        var statusHandlers: [@Sendable (TransportStatus) -> Void] = []
        var eventHandlers: [@Sendable (Event) -> Void] = []
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
        let handlers = state.withLock { state -> [@Sendable (TransportStatus) -> Void] in
            guard state.status == .idle || state.status == .disconnected else { return [] }
            state.status = .connecting
            state.droppedByNetwork = false
            state.connectAttempts += 1
            return state.statusHandlers
        }
        notify(handlers, of: .connecting)
    }

    /// Closes the socket.
    ///
    /// Does nothing when it is idle or already disconnected.
    public func disconnect() {
        let handlers = state.withLock { state -> [@Sendable (TransportStatus) -> Void] in
            guard state.status == .connecting || state.status == .connected else { return [] }
            state.status = .disconnected
            state.droppedByNetwork = false
            return state.statusHandlers
        }
        notify(handlers, of: .disconnected)
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

    /// Registers a handler for every status change from now on.
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) {
        state.withLock { $0.statusHandlers.append(handler) }
    }

    /// Registers a handler for every event ``deliver(_:)`` sends from now on.
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) {
        state.withLock { $0.eventHandlers.append(handler) }
    }

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
        let handlers = try state.withLock { (state) throws(TransportError) in
            guard state.status == .connected else { throw .notConnected(state.status) }
            return state.eventHandlers
        }
        for handler in handlers { handler(event) }
    }

    // MARK: Helpers

    private func move(
        _ action: String,
        from expected: TransportStatus,
        to next: TransportStatus,
        droppedByNetwork: Bool = false,
        onlyAfterDrop: Bool = false
    ) throws(TransportError) {
        let handlers = try state.withLock { (state) throws(TransportError) in
            guard state.status == expected, !onlyAfterDrop || state.droppedByNetwork else {
                throw .notAllowed(action: action, status: state.status)
            }
            state.status = next
            state.droppedByNetwork = droppedByNetwork
            return state.statusHandlers
        }
        notify(handlers, of: next)
    }

    private func notify(_ handlers: [@Sendable (TransportStatus) -> Void], of status: TransportStatus) {
        for handler in handlers { handler(status) }
    }
}
