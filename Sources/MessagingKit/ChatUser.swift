/// Who is signed in to the chat, and whether they may post in it.
public struct ChatUser: Sendable, Hashable {
    /// The name shown in the chat.
    public let name: String
    /// Whether the user may send events to the server.
    ///
    /// A guest who may only read may not.
    public let mayPost: Bool

    /// Creates a user.
    public init(name: String, mayPost: Bool) {
        self.name = name
        self.mayPost = mayPost
    }
}
