import MessagingKit

/// Settings that were checked and found right, for one server: all you can do with them is
/// connect.
///
/// Role: the builder's **product**. It has no `send`: "send before connect" doesn't compile,
/// because only the ``LiveConnection`` that ``connect()`` returns can send.
public struct ConnectionConfiguration: Sendable {
    /// The server.
    public let url: ServerURL
    /// How many times a dropped connection tries again.
    public let reconnectAttempts: Int
    /// How long connecting may take.
    public let timeout: Duration
    /// The token the server authenticates the connection with, if any.
    public let authToken: String?
    /// Extra headers for the handshake, by lowercased name.
    public let headers: [String: String]

    /// Reaches the server; ``ConnectionBuilder/build(url:)`` passes its own.
    let transports: @Sendable (ServerURL) -> any Transport

    /// Opens a connection with these settings: a new transport to ``url``, connecting.
    ///
    /// Each call makes a new connection; the configuration can be used again.
    public func connect() -> LiveConnection {
        let transport = transports(url)
        transport.connect()
        return LiveConnection(configuration: self, transport: transport)
    }
}

/// A connection opened from a ``ConnectionConfiguration``: the only thing that can send.
public final class LiveConnection: Sendable {
    /// The settings it was opened with.
    public let configuration: ConnectionConfiguration
    private let transport: any Transport

    init(configuration: ConnectionConfiguration, transport: any Transport) {
        self.configuration = configuration
        self.transport = transport
    }

    /// Where the connection is: connecting until the server accepts it.
    public var status: TransportStatus { transport.status }

    /// Sends `event` to the server.
    ///
    /// - Throws: ``MessagingKit/TransportError/notConnected(_:)`` until the server accepted
    ///   the connection.
    public func send(_ event: Event) throws {
        try transport.send(event)
    }
}
