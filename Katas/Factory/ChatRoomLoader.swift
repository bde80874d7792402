import MessagingKit

/// What the chat screen uses to open a room: the room's history, then a live connection.
///
/// It takes both from the ``ChatBackend`` it was given and never names a concrete class, so
/// the history and the connection always come from the same family.
public struct ChatRoomLoader: Sendable {
    /// Creates a loader that gets everything from `backend`.
    public init(backend: any ChatBackend) {
        // TODO: Step 5 — keep the backend, as the protocol (rule 5.1).
    }

    /// Loads `room`'s history from `server`, then makes a connection to `server` and starts
    /// connecting it.
    ///
    /// - Throws: whatever the history or the connection throws, unchanged. When the history
    ///   throws, no connection is made.
    public func open(_ room: String, on server: ServerURL) throws -> OpenedRoom {
        // TODO: Step 5 — load the history, then make and connect the connection, both from the
        //       backend (rules 5.1–5.4).
        // For now the screen picks its own connection and shows no history.
        OpenedRoom(room: room, history: [], connection: RecordingConnection(url: server.url))
    }
}
