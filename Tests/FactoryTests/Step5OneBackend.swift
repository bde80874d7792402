import Factory
import Foundation
import KataTestSupport
import MessagingKit
import Synchronization
import Testing

// Declared here, in the tests: the loader has never heard of them, so it can't special-case
// them. All it may rely on is the ChatBackend protocol.

/// What a ``ProbeHistory`` throws: an error the loader has never heard of.
private struct HistoryUnavailable: Error, Equatable {
    let room: String
}

/// A history that answers with what it was given, or throws, and tells its backend when it is
/// read.
private struct ProbeHistory: MessageHistory {
    let answer: @Sendable (String) throws -> [Message]
    let log: @Sendable (String) -> Void

    func messages(in room: String) throws -> [Message] {
        log("messages in \(room)")
        return try answer(room)
    }
}

/// A backend of the tests' own, which logs every call, in order.
///
/// Its connections are loopback ones, or ones that refuse to connect; its history answers as it
/// is told.
private final class ProbeBackend: ChatBackend {
    private let answer: @Sendable (String) throws -> [Message]
    private let refusal: (@Sendable (URL) -> any Error)?
    private let refusesDisconnect: Bool
    private let startingStatus: TransportStatus
    private let state = Mutex<(log: [String], connections: [any Connection])>(([], []))

    /// A backend whose histories answer with `answer(room)`.
    ///
    /// Its connections read `startingStatus` until asked to connect; given a `refusal`, they
    /// refuse to connect with `refusal(url)`, and to disconnect as well when `refusesDisconnect`.
    init(
        answer: @escaping @Sendable (String) throws -> [Message],
        startingStatus: TransportStatus = .idle,
        refusal: (@Sendable (URL) -> any Error)? = nil,
        refusesDisconnect: Bool = false
    ) {
        self.answer = answer
        self.startingStatus = startingStatus
        self.refusal = refusal
        self.refusesDisconnect = refusesDisconnect
    }

    /// Every call to the backend and its histories, oldest first.
    var log: [String] { state.withLock { $0.log } }
    /// Every connection made, oldest first.
    var connections: [any Connection] { state.withLock { $0.connections } }

    func makeConnection(for server: ServerURL) -> any Connection {
        let connection: any Connection =
            if let refusal {
                RefusingConnection(
                    url: server.url, refusal: refusal, refusesDisconnect: refusesDisconnect,
                    status: startingStatus)
            } else {
                LoopbackConnection(url: server.url, status: startingStatus)
            }
        state.withLock {
            $0.log.append("connection for \(server)")
            $0.connections.append(connection)
        }
        return connection
    }

    func makeHistory(for server: ServerURL) -> any MessageHistory {
        state.withLock { $0.log.append("history for \(server)") }
        return ProbeHistory(answer: answer) { entry in self.state.withLock { $0.log.append(entry) } }
    }
}

@Suite(
    "Factory · Step 5 — The screen takes both from one backend", .tags(.messaging),
    .noEscapeHatches("Factory", rule: "1.6"))
struct Step5OneBackend {
    let server: ServerURL

    init() throws {
        server = try ServerURL("wss://chat.example.com/socket")
    }

    @Test(
        "open asks its backend for one history of the server, reads the room, then makes one connection and connects it once, whatever status it reads; the room holds what the history gave [5.1, 5.2, 5.3]",
        arguments: [[hello, welcome], [], [offTopic, hello], [hello, hello]],
        [TransportStatus.idle, .disconnected, .connecting, .connected])
    func opensFromTheBackend(history: [Message], startingStatus: TransportStatus) throws {
        let backend = ProbeBackend(answer: { _ in history }, startingStatus: startingStatus)
        let opened = try ChatRoomLoader(backend: backend).open("general", on: server)
        #expect(
            backend.log == ["history for \(server)", "messages in general", "connection for \(server)"],
            "One history of the server, read for the room, and then one connection to it, in that order")
        let made = try #require(backend.connections.first as? LoopbackConnection)
        #expect(opened.connection === made, "The room's connection is the very one the backend made")
        #expect(made.connectAttempts == 1, "open connects it, once, even when it read \(startingStatus)")
        #expect(opened.history == history, "The room's history is what the history gave, unchanged, in order")
        #expect(opened.room == "general", "The room is the one asked for")
    }

    @Test(
        "A history that throws: its error reaches the caller unchanged, and no connection is made [5.2]")
    func historyRefusal() throws {
        let refusals: [any Error] = [
            HistoryUnavailable(room: "general"), TransportError.notConnected(.disconnected),
            ConnectionFactoryError.unsupportedScheme(server.url),
        ]
        for refusal in refusals {
            let backend = ProbeBackend(answer: { _ in throw refusal })
            var opened: OpenedRoom?
            do {
                opened = try ChatRoomLoader(backend: backend).open("general", on: server)
            } catch {
                #expect(
                    isSame(error, as: refusal),
                    "open passes on the history's \(refusal) unchanged, not \(error)")
            }
            #expect(opened == nil, "open throws the history's \(refusal) and returns no room")
            #expect(
                backend.connections.isEmpty,
                "A history that failed leaves no connection behind: the history comes first")
            #expect(backend.log.count == 2, "The history is asked once: \(backend.log)")
        }
    }

    @Test(
        "A connection that refuses to connect: its error reaches the caller unchanged, even from one that refuses to disconnect too, whatever status it reads [5.3]",
        arguments: [false, true], [TransportStatus.idle, .connecting, .connected])
    func connectRefusal(refusesDisconnect: Bool, status: TransportStatus) throws {
        let refusals: [@Sendable (URL) -> any Error] = [
            { ConnectRefused(url: $0) }, { _ in LifecycleError.operationRefused(.connect, in: .released) },
        ]
        for refusal in refusals {
            let backend = ProbeBackend(
                answer: { _ in [hello] }, startingStatus: status, refusal: refusal,
                refusesDisconnect: refusesDisconnect)
            let expected = refusal(server.url)
            var opened: OpenedRoom?
            do {
                opened = try ChatRoomLoader(backend: backend).open("general", on: server)
            } catch {
                #expect(
                    isSame(error, as: expected),
                    "open passes on the connection's \(expected) unchanged, not \(error)")
            }
            #expect(opened == nil, "open throws the connection's error and returns no room")
            let made = try #require(backend.connections.first as? RefusingConnection)
            #expect(backend.connections.count == 1, "One open, one connection")
            #expect(made.connectAttempts == 1, "open tries to connect it once")
        }
    }

    @Test(
        "Every open asks the backend again, even for the same room, and leaves the last room's connection alone [5.4]"
    )
    func everyOpenAsksAgain() throws {
        let backend = ProbeBackend(answer: { _ in [hello] })
        let loader = ChatRoomLoader(backend: backend)
        let first = try loader.open("general", on: server)
        let second = try loader.open("general", on: server)
        #expect(first.connection !== second.connection, "Two opens, two connections: the loader keeps none")
        #expect(backend.log.count == 6, "Each open asks for a history, reads it, and asks for a connection")
        #expect(
            first.connection.status == .connected,
            "Opening again leaves the first room's connection connected")
    }

    @Test("Swapping the backend swaps both products together: no screen shows a sample beside a socket [5.1]")
    func swappingTheBackendSwapsBoth() throws {
        let archive = MessageArchive()
        archive.post(welcome, on: server)
        let live = try ChatRoomLoader(backend: LiveBackend(archive: archive)).open("general", on: server)
        #expect(live.connection is SocketConnection, "Live: a socket")
        #expect(live.history == [welcome], "Live: the archive's messages")
        #expect(live.connection.status == .connecting, "Live: the socket is connecting")

        let preview = try ChatRoomLoader(backend: PreviewBackend(sample: [hello, offTopic])).open(
            "general", on: server)
        #expect(preview.connection is RecordingConnection, "Preview: a recording connection")
        #expect(preview.history == [hello], "Preview: the sample's messages in the room")
        #expect(
            preview.connection.status == .connected, "Preview: the recording connection connected at once")
    }

    @Test(
        "The room is opened as named: the loader passes the name on as given [5.1]",
        arguments: ["General", "#random"])
    func roomAsNamed(room: String) throws {
        let backend = ProbeBackend(answer: { _ in [] })
        let opened = try ChatRoomLoader(backend: backend).open(room, on: server)
        #expect(opened.room == room, "The room is the one asked for, as written")
        #expect(backend.log.contains("messages in \(room)"), "The history is read for \(room), as written")
    }

    @Test("The loader keeps no room: a connection its caller drops is freed [5.4]")
    func keepsNoConnection() throws {
        let loader = ChatRoomLoader(backend: PreviewBackend(sample: [hello]))
        weak var dropped: (any Connection)?
        do {
            let room = try loader.open("general", on: server)
            try #require(room.history == [hello], "The room is the preview backend's, with its sample")
            #expect(
                (room.connection as? RecordingConnection)?.handlerCount == 0,
                "The loader leaves the room's connection alone: no handler of its own on it")
            dropped = room.connection
            #expect(dropped != nil, "While the caller holds the room, its connection lives")
            withExtendedLifetime(room) {}
        }
        #expect(
            dropped == nil, "Once its caller drops the room, nothing holds the connection: not the loader")
        withExtendedLifetime(loader) {}
    }
}
