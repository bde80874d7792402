import MessagingKit

/// What the chat screen uses to open a room: the room's history, then a live connection.
///
/// Role: **Client** of the `ChatBackend` family. It holds one `any ChatBackend` and takes both
/// products from it, so the history and the connection always come from the same family: it
/// can't show a preview's sample beside a real socket. Give it the other backend and both
/// change together.
///
/// - Note: Why a struct: it keeps nothing but its backend, which is `Sendable`.
public struct ChatRoomLoader: Sendable {
    private let backend: any ChatBackend

    /// Creates a loader that gets everything from `backend`.
    public init(backend: any ChatBackend) {
        self.backend = backend
    }

    /// Loads `room`'s history from `server`, then makes a connection to `server` and starts
    /// connecting it.
    ///
    /// - Throws: whatever the history or the connection throws, unchanged. When the history
    ///   throws, no connection is made.
    public func open(_ room: String, on server: ServerURL) throws -> OpenedRoom {
        // Why the history first: a history that fails leaves nothing to clean up. A connection
        // made first would be a socket left open for a screen that never shows.
        let history = try backend.makeHistory(for: server).messages(in: room)
        let connection = backend.makeConnection(for: server)
        try connection.connect()
        return OpenedRoom(room: room, history: history, connection: connection)
    }
}
