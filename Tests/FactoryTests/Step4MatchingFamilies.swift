import Factory
import Foundation
import KataTestSupport
import MessagingKit
import Testing

/// Server URLs of every kind a backend may be asked for: a backend doesn't check the scheme.
private let servers = [
    "wss://chat.example.com/socket", "ws://localhost:8080/socket", "WSS://Chat.Example.com/socket",
    "memory://chat.test/room",
]

@Suite(
    "Factory · Step 4 — Two backends, a family each", .tags(.messaging),
    .noEscapeHatches("Factory", rule: "1.6"))
struct Step4MatchingFamilies {
    @Test(
        "The live backend makes a SocketConnection over one new, idle transport for the server it was asked for [4.1]",
        arguments: servers)
    func liveConnection(text: String) throws {
        let recorder = TransportRecorder()
        let backend = LiveBackend(
            archive: MessageArchive(), makeTransport: { recorder.makeTransport(for: $0) })
        let server = try ServerURL(text)
        let connection = backend.makeConnection(for: server)
        #expect(connection is SocketConnection, "The live backend's connection is a SocketConnection")
        #expect(recorder.transports.count == 1, "It makes one transport for it, with makeTransport")
        let transport = try #require(recorder.transports.first)
        #expect(transport.url == server, "The transport is for the server it was asked for")
        #expect(connection.url == server.url, "The connection is for that server")
        #expect(
            transport.status == .idle && connection.status == .idle,
            "The backend makes; it doesn't connect: the connection and its transport are idle")
        try connection.connect()
        #expect(transport.status == .connecting, "The connection runs over that transport")
    }

    @Test(
        "The live backend's history is the given archive's ServerHistory of the same server [4.1]",
        arguments: servers)
    func liveHistory(text: String) throws {
        let archive = MessageArchive()
        let server = try ServerURL(text)
        let elsewhere = try ServerURL("wss://other.example.com/socket")
        archive.post(hello, on: server)
        archive.post(Message(room: "general", text: "On another server"), on: elsewhere)
        archive.post(offTopic, on: server)
        archive.post(welcome, on: server)
        let backend = LiveBackend(archive: archive)
        let history = backend.makeHistory(for: server)
        let serverHistory = try #require(
            history as? ServerHistory,
            "The live backend's history is a ServerHistory, not \(type(of: history))")
        #expect(serverHistory.server == server, "The history is of the server it was asked for")
        #expect(
            try history.messages(in: "general") == [hello, welcome],
            "It reads the archive given to init: that server's messages in the room, oldest first")
        // The same backend, asked next for another server: that server's history, not the first's.
        let other = backend.makeHistory(for: elsewhere)
        #expect(
            (other as? ServerHistory)?.server == elsewhere,
            "Asked for another server, the same backend makes that server's history")
        #expect(
            try other.messages(in: "general").map(\.text) == ["On another server"],
            "Each history shows its own server's messages")
    }

    @Test(
        "The preview backend makes a RecordingConnection for the server's URL, idle, and no transport [4.2]",
        arguments: servers)
    func previewConnection(text: String) throws {
        let server = try ServerURL(text)
        let connection = PreviewBackend(sample: [hello]).makeConnection(for: server)
        #expect(
            connection is RecordingConnection, "The preview backend's connection is a RecordingConnection")
        #expect(connection.url == server.url, "The connection is for the server's URL, as given")
        #expect(connection.status == .idle, "The backend makes; it doesn't connect")
    }

    @Test(
        "The preview backend's history is a SampleHistory of its own sample, whatever the server [4.2]",
        arguments: servers)
    func previewHistory(text: String) throws {
        let server = try ServerURL(text)
        let samples: [[Message]] = [
            [hello, offTopic, welcome], [offTopic], [], [hello, hello], [hello, welcome, hello],
        ]
        for sample in samples {
            let history = PreviewBackend(sample: sample).makeHistory(for: server)
            let sampleHistory = try #require(
                history as? SampleHistory,
                "The preview backend's history is a SampleHistory, not \(type(of: history))")
            #expect(
                sampleHistory.sample == sample,
                "The history shows the sample given to init, all of it, in order")
        }
    }

    @Test("Every call makes a new product, even for a server asked for before [4.3]")
    func everyCallMakesNew() throws {
        let server = try ServerURL("wss://chat.example.com/socket")
        let recorder = TransportRecorder()
        let archive = MessageArchive()
        archive.post(hello, on: server)
        let backends: [any ChatBackend] = [
            LiveBackend(archive: archive, makeTransport: { recorder.makeTransport(for: $0) }),
            PreviewBackend(sample: [hello]),
        ]
        for backend in backends {
            let first = backend.makeConnection(for: server)
            let second = backend.makeConnection(for: server)
            #expect(first !== second, "\(type(of: backend)): two calls, two connections")
            #expect(first.id != second.id, "\(type(of: backend)): each connection has an id of its own")
            try first.connect()
            #expect(second.status == .idle, "\(type(of: backend)): connecting one leaves the other idle")
            #expect(
                try backend.makeHistory(for: server).messages(in: "general") == [hello]
                    && backend.makeHistory(for: server).messages(in: "general") == [hello],
                "\(type(of: backend)): every history it makes shows the room")
        }
        #expect(recorder.transports.count == 2, "Two live connections, two transports")
    }

    @Test("A backend keeps none of its products: a connection its caller drops is freed [4.3]")
    func keepsNothing() throws {
        let server = try ServerURL("wss://chat.example.com/socket")
        let backends: [(backend: any ChatBackend, makes: any Connection.Type)] = [
            (LiveBackend(archive: MessageArchive()), SocketConnection.self),
            (PreviewBackend(sample: []), RecordingConnection.self),
        ]
        for (backend, makes) in backends {
            weak var dropped: (any Connection)?
            do {
                let made = backend.makeConnection(for: server)
                try #require(type(of: made) == makes, "\(type(of: backend)) makes a \(makes)")
                dropped = made
                #expect(dropped != nil, "\(type(of: backend)): while its caller holds it, it lives")
                withExtendedLifetime(made) {}
            }
            #expect(dropped == nil, "\(type(of: backend)): once its caller drops it, nothing holds it")
        }
    }
}
