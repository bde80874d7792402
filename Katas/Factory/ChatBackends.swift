import MessagingKit

/// The app's live backend: a socket to the server, and the server's archive for its history.
///
/// This is the one place in the app that pairs a socket with the archive.
public struct LiveBackend: ChatBackend {
    /// Creates a backend whose histories read `archive` and whose connections get their
    /// transports from `makeTransport`.
    public init(
        archive: MessageArchive,
        makeTransport: @escaping @Sendable (ServerURL) -> any Transport = { InMemoryTransport(url: $0) }
    ) {
        // TODO: Step 4 — keep both: the archive for histories, makeTransport for connections (rule 4.1).
    }

    /// A new `SocketConnection` to `server`, over a new transport, not yet connected.
    public func makeConnection(for server: ServerURL) -> any Connection {
        // TODO: Step 4 — a SocketConnection over a new transport for this server (rules 4.1, 4.3).
        // For now a live screen gets a preview's connection: its messages go nowhere.
        RecordingConnection(url: server.url)
    }

    /// A `ServerHistory` of `server`, read from the archive.
    public func makeHistory(for server: ServerURL) -> any MessageHistory {
        // TODO: Step 4 — the archive's history of this server (rules 4.1, 4.3).
        SampleHistory([])
    }
}

/// The backend of SwiftUI previews and screenshots: a connection that only records, and a
/// sample conversation.
public struct PreviewBackend: ChatBackend {
    /// Creates a backend whose histories show `sample`.
    public init(sample: [Message]) {
        // TODO: Step 4 — keep the sample (rule 4.2).
    }

    /// A new `RecordingConnection` for `server`'s URL, not yet connected.
    public func makeConnection(for server: ServerURL) -> any Connection {
        // TODO: Step 4 — a RecordingConnection for the server's URL (rules 4.2, 4.3).
        // For now a preview gets a socket: a preview that could reach a real server.
        SocketConnection(transport: InMemoryTransport(url: server))
    }

    /// A `SampleHistory` of the backend's sample, whatever the server.
    public func makeHistory(for server: ServerURL) -> any MessageHistory {
        // TODO: Step 4 — the sample's history (rule 4.2).
        SampleHistory([])
    }
}
