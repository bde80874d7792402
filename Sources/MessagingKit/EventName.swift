/// The name the server routes an event by, such as `"message"` or `"typing"`.
public struct EventName: Sendable, Hashable, CustomStringConvertible {
    /// The name as given.
    public let rawValue: String

    /// Creates a name, refusing an empty or blank one.
    ///
    /// - Throws: ``MessagingError/emptyEventName`` when `rawValue` has no visible character.
    public init(_ rawValue: String) throws(MessagingError) {
        guard rawValue.contains(where: { !$0.isWhitespace }) else { throw .emptyEventName }
        self.rawValue = rawValue
    }

    /// For names written in this module's source, which are known not to be blank.
    init(knownValid rawValue: String) {
        self.rawValue = rawValue
    }

    /// The name.
    public var description: String { rawValue }
}
