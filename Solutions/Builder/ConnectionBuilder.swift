import MessagingKit

/// Collects a connection's optional settings, fluently, and checks them all when the URL comes.
///
/// Roles of the pattern:
/// - **Builder**: this type. Each setting returns a new builder, so calls chain:
///   `builder.timeout(.seconds(5)).authToken(token)`.
/// - **Product**: ``ConnectionConfiguration``, whose only useful operation is
///   ``ConnectionConfiguration/connect()``: it hands the settings to the ``ConnectionMaker`` this
///   builder was given, and connects the `Connection` that comes back.
/// - **Director**: whoever knows a recipe, such as the app's "chat connection" settings. There
///   is none here: Swift's fluent calls make one optional.
///
/// Why a struct: a builder is a value. Two configurations built from one partly configured
/// builder never share a change, because each setting returns a changed copy and no method
/// mutates the builder it was called on.
public struct ConnectionBuilder: Sendable {
    private let makeConnection: ConnectionMaker
    private var attempts = 3
    private var timeoutDuration = Duration.seconds(10)
    private var token: String?
    /// Header names, lowercased, in the order first set, with their values.
    private var headerList: [(name: String, value: String)] = []

    /// Creates a builder with the default settings, whose configurations ask `makeConnection`
    /// for their connections.
    ///
    /// Why a parameter, not a setting: it is what the builder works with, not a value to check.
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
        changed { $0.attempts = count }
    }

    /// How long connecting may take: more than zero, at most 60 seconds.
    ///
    /// The default is 10.
    public func timeout(_ duration: Duration) -> ConnectionBuilder {
        changed { $0.timeoutDuration = duration }
    }

    /// The token the server authenticates the connection with.
    ///
    /// None by default.
    public func authToken(_ token: String) -> ConnectionBuilder {
        changed { $0.token = token }
    }

    /// An extra header for the handshake.
    ///
    /// Names are case-insensitive: setting a name again replaces its value.
    public func header(_ name: String, _ value: String) -> ConnectionBuilder {
        changed { builder in
            let key = name.lowercased()
            if let index = builder.headerList.firstIndex(where: { $0.name == key }) {
                builder.headerList[index].value = value
            } else {
                builder.headerList.append((key, value))
            }
        }
    }

    /// Checks every setting and the URL, and makes the configuration.
    ///
    /// - Throws: ``BuildError`` with *every* problem found, never only the first: the person
    ///   fixing the settings sees them all at once.
    public func build(url: String) throws(BuildError) -> ConnectionConfiguration {
        // Why collect instead of throwing at the first problem: a configuration screen (or a
        // config file) is fixed in one go when the error lists everything that is wrong.
        var problems: [BuildProblem] = []
        var serverURL: ServerURL?
        do {
            let parsed = try ServerURL(url)
            if ["ws", "wss"].contains(parsed.scheme) {
                serverURL = parsed
            } else {
                problems.append(.unsupportedScheme(parsed.scheme))
            }
        } catch {
            problems.append(.invalidURL(url))
        }
        if !(1...10).contains(attempts) {
            problems.append(.reconnectAttemptsOutOfRange(attempts))
        }
        if !(timeoutDuration > .zero && timeoutDuration <= .seconds(60)) {
            problems.append(.timeoutOutOfRange(timeoutDuration))
        }
        if let token, !token.contains(where: { !$0.isWhitespace }) {
            problems.append(.emptyAuthToken)
        }
        for (name, _) in headerList
        where name.isEmpty || name.contains(where: { $0.isWhitespace || $0 == ":" }) {
            problems.append(.invalidHeaderName(name))
        }
        guard let serverURL, problems.isEmpty else { throw BuildError(problems: problems) }
        return ConnectionConfiguration(
            url: serverURL,
            reconnectAttempts: attempts,
            timeout: timeoutDuration,
            authToken: token,
            headers: Dictionary(uniqueKeysWithValues: headerList.map { ($0.name, $0.value) }),
            makeConnection: makeConnection)
    }

    private func changed(_ change: (inout ConnectionBuilder) -> Void) -> ConnectionBuilder {
        var copy = self
        change(&copy)
        return copy
    }
}
