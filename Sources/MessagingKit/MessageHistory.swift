/// The messages a room already holds, which a chat screen shows when it opens.
///
/// The second product of a ``ChatBackend``, beside its ``Connection``.
public protocol MessageHistory: Sendable {
    /// The messages posted in `room` so far, oldest first.
    ///
    /// Untyped, because others implement it: a history over a network has failures of its own.
    func messages(in room: String) throws -> [Message]
}

/// A live history: what the server's archive holds for one server.
public struct ServerHistory: MessageHistory {
    /// The server whose rooms this history reads.
    public let server: ServerURL
    private let archive: MessageArchive

    /// Creates a history of the rooms on `server`, read from `archive`.
    public init(server: ServerURL, archive: MessageArchive) {
        self.server = server
        self.archive = archive
    }

    /// The messages the archive holds for `room` on this history's server, oldest first.
    public func messages(in room: String) -> [Message] {
        archive.messages(in: room, on: server)
    }
}

/// A preview's history: a sample conversation, the same every time, with no server behind it.
public struct SampleHistory: MessageHistory {
    /// Every message of the sample, in every room, oldest first.
    public let sample: [Message]

    /// Creates a history that shows `sample`.
    public init(_ sample: [Message]) {
        self.sample = sample
    }

    /// The sample's messages in `room`, oldest first.
    public func messages(in room: String) -> [Message] {
        sample.filter { $0.room == room }
    }
}

/// The servers' store of past messages, kept in memory.
///
/// In the app an HTTP service would answer instead. Tests post to it to play the server.
public final class MessageArchive: Sendable {
    private let posted = Locked<[ServerURL: [Message]]>([:])

    /// Creates an empty archive.
    public init() {}

    /// Keeps `message` as the newest in its room on `server`.
    public func post(_ message: Message, on server: ServerURL) {
        posted.withLock { $0[server, default: []].append(message) }
    }

    /// The messages posted to `room` on `server`, oldest first.
    public func messages(in room: String, on server: ServerURL) -> [Message] {
        posted.withLock { $0[server, default: []] }.filter { $0.room == room }
    }
}

/// A chat room as a screen opens it: the room's history and a connection for what comes next.
public struct OpenedRoom: Sendable {
    /// The room's name.
    public let room: String
    /// The messages the room held when it opened, oldest first.
    public let history: [Message]
    /// The connection for the room's new messages, connecting or connected.
    public let connection: any Connection

    /// Creates an opened room.
    public init(room: String, history: [Message], connection: any Connection) {
        self.room = room
        self.history = history
        self.connection = connection
    }
}
