/// One move of a connection from one state to the next, as its observers hear it.
public struct ConnectionStateChange: Sendable, Hashable, CustomStringConvertible {
    /// The state the connection left.
    public let from: ConnectionState
    /// The state it entered.
    public let to: ConnectionState

    /// Describes a move from `from` to `to`.
    public init(from: ConnectionState, to: ConnectionState) {
        self.from = from
        self.to = to
    }

    /// `created → connected`.
    public var description: String { "\(from) → \(to)" }
}
