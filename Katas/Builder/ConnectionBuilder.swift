import MessagingKit

/// One thing wrong with a connection's settings.
public enum BuildProblem: Sendable, Hashable, CustomStringConvertible {
    /// The text is not a server URL with a scheme and a host.
    case invalidURL(String)
    /// The scheme is not `ws` or `wss`.
    case unsupportedScheme(String)
    /// Reconnect attempts must be from 1 to 10.
    case reconnectAttemptsOutOfRange(Int)
    /// The timeout must be more than zero and at most 60 seconds.
    case timeoutOutOfRange(Duration)
    /// An auth token, when given, must have a visible character.
    case emptyAuthToken
    /// A header name must be non-empty, without spaces or colons.
    case invalidHeaderName(String)

    /// A sentence for the person reading the log.
    public var description: String {
        switch self {
        case .invalidURL(let text): "\"\(text)\" is not a server URL with a scheme and a host."
        case .unsupportedScheme(let scheme): "The scheme \(scheme) is not supported: use ws or wss."
        case .reconnectAttemptsOutOfRange(let count): "Reconnect attempts must be from 1 to 10, not \(count)."
        case .timeoutOutOfRange(let duration):
            "The timeout must be more than 0 and at most 60 seconds, not \(duration)."
        case .emptyAuthToken: "The auth token is blank."
        case .invalidHeaderName(let name): "\"\(name)\" is not a header name: no blanks, spaces or colons."
        }
    }
}

/// Every problem with a connection's settings, found at once.
public struct BuildError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, one per wrong setting; never empty.
    public let problems: [BuildProblem]

    /// Wraps the problems found.
    public init(problems: [BuildProblem]) {
        self.problems = problems
    }

    /// Each problem on a line of its own.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}

/// Collects a connection's optional settings, fluently, and checks them all when the URL comes.
///
/// A builder is a value: each setting returns a changed copy, and no method changes the builder
/// it was called on. Two configurations built from one partly configured builder never share a
/// change.
public struct ConnectionBuilder: Sendable {
    private let transports: @Sendable (ServerURL) -> any Transport

    /// Creates a builder with the default settings whose connections use `transports` to reach
    /// their server.
    public init(transports: @escaping @Sendable (ServerURL) -> any Transport) {
        self.transports = transports
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
        // TODO: Step 1 — make the configuration from the settings and the URL.
        // TODO: Step 2 — check everything first, and throw every problem found.
        throw BuildError(problems: [])
    }
}
