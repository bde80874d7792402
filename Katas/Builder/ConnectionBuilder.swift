import MessagingKit

/// Collects a connection's optional settings, fluently, and checks them all when the URL comes.
///
/// A builder is a value: each setting returns a changed copy, and no method changes the builder
/// it was called on. Two configurations built from one partly configured builder never share a
/// change.
public struct ConnectionBuilder: Sendable {
    private let makeConnection: ConnectionMaker

    /// Creates a builder with the default settings, whose configurations ask `makeConnection`
    /// for their connections.
    ///
    /// The default, ``inMemorySocket(for:)``, lets previews and tests build without a server.
    public init(makeConnection: @escaping ConnectionMaker = ConnectionBuilder.inMemorySocket(for:)) {
        self.makeConnection = makeConnection
    }

    /// Makes a `SocketConnection` over a new `InMemoryTransport` to the configured server: the
    /// default connection maker.
    ///
    /// It uses only the URL: an in-memory transport has no handshake to send the token and the
    /// headers in. A maker over a real socket library passes them on.
    public static func inMemorySocket(for configuration: ConnectionConfiguration) -> any Connection {
        SocketConnection(transport: InMemoryTransport(url: configuration.url))
    }

    /// How many times a dropped connection tries again: 1 to 10.
    ///
    /// The default is 3.
    public func reconnectAttempts(_ count: Int) -> ConnectionBuilder {
        // TODO: Step 1 — a copy with this setting.
        self
    }

    /// How long connecting may take: more than zero, at most 60 seconds.
    ///
    /// The default is 10.
    public func timeout(_ duration: Duration) -> ConnectionBuilder {
        // TODO: Step 1 — a copy with this setting.
        self
    }

    /// The token the server authenticates the connection with.
    ///
    /// None by default.
    public func authToken(_ token: String) -> ConnectionBuilder {
        // TODO: Step 1 — a copy with this setting.
        self
    }

    /// An extra header for the handshake.
    ///
    /// Names are case-insensitive: setting a name again replaces its value.
    public func header(_ name: String, _ value: String) -> ConnectionBuilder {
        // TODO: Step 1 — a copy with this header, by lowercased name.
        self
    }

    /// Checks every setting and the URL, and makes the configuration.
    ///
    /// - Throws: ``BuildError`` with *every* problem found, never only the first.
    public func build(url: String) throws(BuildError) -> ConnectionConfiguration {
        // TODO: Step 1 — make the configuration from the settings, the URL and makeConnection.
        // TODO: Step 2 — check everything first, and throw every problem found.
        throw BuildError(problems: [])
    }
}
