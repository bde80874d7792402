/// Something sent to or received from the messaging server: a name and a small payload.
///
/// The payload is a flat dictionary of strings, like the JSON objects a real-time server
/// exchanges; it is kept simple so tests can compare events with `==`.
public struct Event: Sendable, Hashable {
    /// What the event is, for routing.
    public let name: EventName
    /// The event's data.
    public let payload: [String: String]

    /// Creates an event from an already validated name.
    public init(name: EventName, payload: [String: String] = [:]) {
        self.name = name
        self.payload = payload
    }

    /// Creates an event, validating its name.
    ///
    /// - Throws: ``MessagingError/emptyEventName`` when `name` is blank.
    public init(_ name: String, payload: [String: String] = [:]) throws(MessagingError) {
        self.init(name: try EventName(name), payload: payload)
    }
}
