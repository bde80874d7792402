/// A chat message a person writes in a room.
///
/// Feature code deals in messages; on the wire a message travels as an ``Event`` named
/// ``Message/eventName``.
public struct Message: Sendable, Hashable {
    /// The room the message belongs to.
    public let room: String
    /// What the person wrote.
    public let text: String

    /// Creates a message.
    public init(room: String, text: String) {
        self.room = room
        self.text = text
    }

    /// The name of the event that carries messages: `"message"`.
    public static let eventName = EventName(knownValid: "message")

    /// The message as the event a transport sends.
    public var event: Event {
        Event(name: Self.eventName, payload: ["room": room, "text": text])
    }

    /// Reads a message back from an event, or `nil` when the event is not a message.
    public init?(_ event: Event) {
        guard event.name == Self.eventName,
            let room = event.payload["room"],
            let text = event.payload["text"]
        else { return nil }
        self.init(room: room, text: text)
    }
}
