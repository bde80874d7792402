import MessagingKit

/// The app's live backend: a socket to the server, and the server's archive for its history.
///
/// Role: **Concrete factory** of the `ChatBackend` family. Its two products are made to go
/// together: both are for the one server they were asked for, and both are real. This is the
/// one place in the app that pairs a socket with the archive.
///
/// - Note: Why a struct: like ``SchemeConnectionFactory``, it holds only how to make things,
///   nothing that changes, so it is `Sendable` and any task may use it.
public struct LiveBackend: ChatBackend {
    private let archive: MessageArchive
    private let makeTransport: @Sendable (ServerURL) -> any Transport

    /// Creates a backend whose histories read `archive` and whose connections get their
    /// transports from `makeTransport`.
    public init(
        archive: MessageArchive,
        makeTransport: @escaping @Sendable (ServerURL) -> any Transport = { InMemoryTransport(url: $0) }
    ) {
        self.archive = archive
        self.makeTransport = makeTransport
    }

    /// A new `SocketConnection` to `server`, over a new transport, not yet connected.
    public func makeConnection(for server: ServerURL) -> any Connection {
        SocketConnection(transport: makeTransport(server))
    }

    /// A `ServerHistory` of `server`, read from the archive.
    public func makeHistory(for server: ServerURL) -> any MessageHistory {
        // Why `server` and not a server kept from earlier: the pair must be for one server.
        // A history of another server would put its messages in this room.
        ServerHistory(server: server, archive: archive)
    }
}

/// The backend of SwiftUI previews and screenshots: a connection that only records, and a
/// sample conversation.
///
/// Role: **Concrete factory**, the second family. Nothing it makes reaches a server, so a
/// preview can't post to a real room, and nothing real shows in a preview.
public struct PreviewBackend: ChatBackend {
    private let sample: [Message]

    /// Creates a backend whose histories show `sample`.
    public init(sample: [Message]) {
        self.sample = sample
    }

    /// A new `RecordingConnection` for `server`'s URL, not yet connected.
    public func makeConnection(for server: ServerURL) -> any Connection {
        RecordingConnection(url: server.url)
    }

    /// A `SampleHistory` of the backend's sample, whatever the server.
    public func makeHistory(for server: ServerURL) -> any MessageHistory {
        SampleHistory(sample)
    }
}
