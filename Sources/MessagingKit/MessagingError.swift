/// Why a messaging value was refused.
public enum MessagingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a usable server URL; `reason` says what is missing.
    case invalidURL(String, reason: String)
    /// An event needs a name: the server routes on it.
    case emptyEventName

    /// A sentence that names the bad value.
    public var description: String {
        switch self {
        case .invalidURL(let text, let reason):
            "\"\(text)\" is not a valid server URL: \(reason)."
        case .emptyEventName:
            "An event name must contain at least one visible character."
        }
    }
}
