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
    /// A header name must be non-empty, without whitespace or colons.
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
        case .invalidHeaderName(let name):
            "\"\(name)\" is not a header name: it must be non-empty, with no whitespace or colons."
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
    ///
    /// An error with no problem is never right, but an unwritten `build(url:)` throws one: it
    /// says so, rather than nothing.
    public var description: String {
        guard !problems.isEmpty else {
            return
                "A BuildError with no problem in it: build(url:) threw before checking anything. Is it written yet?"
        }
        return problems.map(\.description).joined(separator: "\n")
    }
}
