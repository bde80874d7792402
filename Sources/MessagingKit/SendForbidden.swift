/// A protection proxy refused a send: `user` may not send the event `event`.
///
/// Not a ``TransportError`` case: the transport never saw the send. It is the protection
/// proxy's own error, which it can throw because ``Transport/send(_:)`` is untyped.
public struct SendForbidden: Error, Sendable, Hashable, CustomStringConvertible {
    /// The event that was refused.
    public let event: EventName
    /// The name of the user who may not send it.
    public let user: String

    /// Names the refused event and user.
    public init(event: EventName, user: String) {
        self.event = event
        self.user = user
    }

    /// A sentence that names the user and the event.
    public var description: String { "\(user) may not send \(event)." }
}
