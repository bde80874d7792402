/// Makes everything a chat screen needs from one backend: a live connection and the room's
/// history, made to go together.
///
/// In the Factory kata it is the **Abstract factory** of a family of two products. A live
/// backend pairs a socket with the server's archive; a preview backend pairs a recording
/// connection with a sample conversation. A screen that took its connection from one and its
/// history from the other would show sample messages in a real chat, or real ones in a
/// preview. Whoever holds an `any ChatBackend` takes both products from it, so it can't mix
/// them.
public protocol ChatBackend: Sendable {
    /// Makes a new, not yet connected connection to `server`.
    func makeConnection(for server: ServerURL) -> any Connection

    /// Makes a new history of the rooms on `server`.
    func makeHistory(for server: ServerURL) -> any MessageHistory
}
