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
        // TODO: Step 1 — a copy with this setting (rules 1.1, 1.2, 1.5).
        self
    }

    /// How long connecting may take: more than zero, at most 60 seconds.
    ///
    /// The default is 10.
    public func timeout(_ duration: Duration) -> ConnectionBuilder {
        // TODO: Step 1 — a copy with this setting (rules 1.1, 1.2, 1.5).
        self
    }

    /// The token the server authenticates the connection with.
    ///
    /// None by default.
    public func authToken(_ token: String) -> ConnectionBuilder {
        // TODO: Step 1 — a copy with this token, exactly as given (rules 1.1, 1.2, 1.4, 1.5).
        self
    }

    /// An extra header for the handshake.
    ///
    /// Names are case-insensitive: setting a name again replaces its value.
    public func header(_ name: String, _ value: String) -> ConnectionBuilder {
        // TODO: Step 1 — a copy with this header, by lowercased name; its value as given (rules 1.3–1.5).
        self
    }

    /// Checks every setting and the URL, and makes the configuration.
    ///
    /// - Throws: ``BuildError`` with *every* problem found, never only the first.
    public func build(url: String) throws(BuildError) -> ConnectionConfiguration {
        // TODO: Step 1 — make the configuration from the URL, the settings and makeConnection (rule 1.4).
        //       Step 1's tests give only good URLs: throw `BuildError(problems: [.invalidURL(url)])`
        //       for one that doesn't parse, and leave the rest of the checks to step 2.
        // TODO: Step 2 — check the URL and every setting first, and throw every problem found
        // (rules 2.1–2.7).
        throw BuildError(problems: [])
    }
}
