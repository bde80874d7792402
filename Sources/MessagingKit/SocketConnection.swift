import Foundation

/// A connection over a socket library's ``Transport``: what `ws://` and `wss://` URLs get.
///
/// One of the two concrete ``Connection``s (a **Concrete product** in the Factory kata). It wraps
/// the library behind ``Connection``, so nothing outside this file knows which library is in
/// use. In the real app the transport is a Socket.IO or WebSocket client; in the katas it is
/// ``InMemoryTransport``, which a test drives by hand.
///
/// - Note: Why it can be `Sendable` with no lock: every stored property is a `let` holding a
///   `Sendable` value. The transport guards its own state.
public final class SocketConnection: Connection {
    /// Identifies this connection for its whole life.
    public let id = UUID()
    /// The server this connection talks to: the transport's URL.
    public let url: URL

    // Why not public: feature code must not reach past the connection into the library, so
    // that the library can be replaced.
    private let transport: any Transport

    /// Creates an idle connection over `transport`.
    public init(transport: any Transport) {
        self.transport = transport
        self.url = transport.url.url
    }

    /// The transport's status.
    public var status: TransportStatus { transport.status }

    /// Asks the transport to connect; the server's answer arrives later, as with a real socket.
    public func connect() {
        transport.connect()
    }

    /// Closes the transport.
    public func disconnect() {
        transport.disconnect()
    }

    /// Sends `event` through the transport.
    ///
    /// - Throws: what the transport throws, unchanged: ``TransportError/notConnected(_:)``
    ///   unless connected.
    public func send(_ event: Event) throws {
        try transport.send(event)
    }

    /// Calls `handler` with every event the server sends through the transport.
    public func onEvent(_ handler: @escaping @Sendable (Event) -> Void) {
        transport.onEvent(handler)
    }
}
