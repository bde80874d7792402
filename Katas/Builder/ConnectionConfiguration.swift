import MessagingKit

/// Makes the connection for a configuration: what ``ConnectionBuilder`` is given, and what
/// ``ConnectionConfiguration/connect()`` calls.
///
/// It receives the whole configuration, so every setting reaches the code that opens the
/// socket. It returns a new connection, not yet connected, or throws.
public typealias ConnectionMaker = @Sendable (ConnectionConfiguration) throws -> any Connection

/// Settings that were checked and found right, for one server: all you can do with them is
/// connect.
///
/// It has no `send`, on purpose: "send before connect" doesn't compile. Only the `Connection`
/// that ``connect()`` returns can send.
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

    /// Makes the connections; ``ConnectionBuilder/build(url:)`` passes the builder's own.
    let makeConnection: ConnectionMaker

    /// Makes a new connection with these settings, and doesn't connect it.
    ///
    /// Each call asks ``makeConnection`` once, with this configuration: for a pool's factory,
    /// whose caller connects once it is listening.
    /// - Throws: what the maker throws, unchanged.
    public func make() throws -> any Connection {
        // TODO: Step 3 — ask makeConnection for a connection with these settings (rule 3.7).
        RecordingConnection(url: url.url)
    }

    /// Makes a new connection with these settings and starts connecting it.
    ///
    /// Each call asks ``makeConnection`` once, with this configuration, and connects what it
    /// made; the configuration can be used again.
    /// - Throws: what the maker throws, or what the new connection's `connect()` throws,
    ///   unchanged.
    public func connect() throws -> any Connection {
        // TODO: Step 3 — ask makeConnection for a connection with these settings, connect it,
        // and return it; let its errors through unchanged (rules 3.1–3.6).
        // For now it names a class itself and never connects it, so no maker is ever asked.
        RecordingConnection(url: url.url)
    }
}
