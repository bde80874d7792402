import MessagingKit

/// Makes the connection for a configuration: what ``ConnectionBuilder`` is given, and what
/// ``ConnectionConfiguration/connect()`` calls.
///
/// It receives the whole configuration, so every setting reaches the code that opens the
/// socket: the URL, the reconnect attempts, the timeout, the auth token and the headers. It
/// returns a new connection, not yet connected, or throws.
public typealias ConnectionMaker = @Sendable (ConnectionConfiguration) throws -> any Connection

/// Settings that were checked and found right, for one server: all you can do with them is
/// make a connection.
///
/// Role: the builder's **product**. It has no `send`: only a `Connection` can send. The one
/// ``connect()`` returns has already been told to connect, so nobody can send on it first;
/// ``make()`` is for a pool, which hands the connection out and connects it once its first
/// caller is listening.
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
    /// Each call asks the builder's ``ConnectionMaker`` once, with this configuration. For a
    /// pool's factory: a factory makes, and the pool's caller connects once it is listening, so
    /// the server's first events reach it.
    /// - Throws: what the maker throws, unchanged.
    public func make() throws -> any Connection {
        // Why the configuration hands itself over, not only its URL: the settings were checked
        // so that they could reach the socket; a maker that got the URL alone would drop them.
        try makeConnection(self)
    }

    /// Makes a new connection with these settings and starts connecting it.
    ///
    /// Each call asks the builder's ``ConnectionMaker`` once, with this configuration, and
    /// connects what it made; the configuration can be used again.
    /// - Throws: what the maker throws, or what the new connection's `connect()` throws,
    ///   unchanged. Untyped, because both are someone else's code.
    public func connect() throws -> any Connection {
        let connection = try make()
        // Why nothing is released when connect() throws: nobody else holds the new connection,
        // so dropping it frees it, and a release that threw in turn would hide the real error.
        try connection.connect()
        return connection
    }
}
