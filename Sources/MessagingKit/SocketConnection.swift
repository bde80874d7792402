import Foundation

/// A connection over a socket library's ``Transport``: what `ws://` and `wss://` URLs get.
///
/// One of the two concrete ``Connection``s (a **Concrete product** in the Factory kata). It wraps
/// the library behind ``Connection``, so nothing outside this file knows which library is in
/// use. In the real app the transport is a Socket.IO or WebSocket client; in the katas it is
/// ``InMemoryTransport``, which a test drives by hand.
///
/// - Note: Why it is `Sendable`: every stored property is a `let` holding a `Sendable` value;
///   its broadcasts and the transport guard their own state.
public final class SocketConnection: Connection {
    /// Identifies this connection for its whole life.
    public let id = UUID()
    /// The server this connection talks to: the transport's URL.
    public let url: URL

    // Why not public: feature code must not reach past the connection into the library, so
    // that the library can be replaced.
    private let transport: any Transport
    // Why broadcasts of its own, fed by one subscription each to the transport: release() must
    // forget this connection's handlers, and the transport's are not only ours.
    private let statuses = Broadcast<TransportStatus>()
    private let events = Broadcast<Event>()
    private let transportTokens: [ObservationToken]

    /// Creates an idle connection over `transport`.
    public init(transport: any Transport) {
        self.transport = transport
        self.url = transport.url.url
        // Why pass the broadcasts, not `self`: the transport keeps its handlers, and a handler
        // holding this connection would keep it alive for the transport's whole life.
        transportTokens = [
            transport.onStatusChange { [statuses] in statuses.publish($0) },
            transport.onEvent { [events] in events.publish($0) },
        ]
    }

    deinit {
        // Nobody can hear this connection any more: leave nothing behind on the transport.
        for token in transportTokens { token.cancel() }
    }

    /// The transport's status.
    public var status: TransportStatus { transport.status }

    /// Asks the transport to connect; the server's answer arrives later, as with a real socket.
    ///
    /// Does nothing once released.
    public func connect() {
        // Released means its broadcasts are closed: one fact, kept in one place.
        guard !statuses.isClosed else { return }
        transport.connect()
        // Why look again: a release() on another thread may have run between the check above
        // and the connect. Closing again here means a released socket never stays open.
        if statuses.isClosed { transport.disconnect() }
    }

    /// Closes the transport.
    public func disconnect() {
        transport.disconnect()
    }

    /// Closes the transport for good, after forgetting every handler: nobody hears the close.
    public func release() {
        statuses.close()
        events.close()
        for token in transportTokens { token.cancel() }
        transport.disconnect()
    }

    /// Sends `event` through the transport.
    ///
    /// - Throws: what the transport throws, unchanged: ``TransportError/notConnected(_:)``
    ///   unless connected.
    public func send(_ event: Event) throws {
        try transport.send(event)
    }

    /// Calls `handler` with every event the server sends through the transport, until the token
    /// is cancelled or the connection released.
    @discardableResult
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        events.subscribe(handler)
    }

    /// Calls `handler` with every status the transport reports, until the token is cancelled or
    /// the connection released.
    @discardableResult
    public func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        statuses.subscribe(handler)
    }
}
