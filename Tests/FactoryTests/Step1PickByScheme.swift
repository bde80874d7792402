import Factory
import Foundation
import KataTestSupport
import MessagingKit
import Testing

@Suite(
    "Factory · Step 1 — Pick the connection by scheme", .tags(.messaging),
    .noEscapeHatches("Factory", rule: "1.6"))
struct Step1PickByScheme {
    let recorder = TransportRecorder()

    @Test(
        "ws and wss URLs, in any case, get a SocketConnection over a new transport [1.1, 1.2, 1.3, 1.4]",
        arguments: [
            "wss://chat.example.com/socket", "ws://localhost:8080/socket", "WSS://Chat.Example.com/socket",
            "Ws://localhost:8080/socket",
        ]
    )
    func socketSchemes(text: String) throws {
        let address = try url(text)
        let connection = try recorder.factory.makeConnection(for: address)
        #expect(connection is SocketConnection, "\(text) gets a SocketConnection")
        #expect(
            connection.url == address, "The connection is for the URL it was made for, unchanged")
        #expect(
            recorder.transports.count == 1,
            "The factory makes one transport for it, with makeTransport")
        let transport = try #require(recorder.transports.first)
        #expect(transport.url.url == address, "The transport is for the same URL")
        #expect(
            transport.status == .idle,
            "The factory makes; it doesn't connect: connecting is the caller's call")
        try connection.connect()
        #expect(transport.status == .connecting, "The connection runs over that transport")
    }

    @Test(
        "A memory URL, in any case, gets a RecordingConnection for it, as given, with no transport; a wss URL a socket [1.1, 1.2, 1.3, 1.4]",
        arguments: ["memory://chat.test/room", "MEMORY://chat.test/room", "Memory://chat.test/room"]
    )
    func memoryScheme(text: String) throws {
        let factory = recorder.factory
        let address = try url(text)
        let memory = try factory.makeConnection(for: address)
        #expect(memory is RecordingConnection, "\(text) gets a RecordingConnection")
        #expect(
            memory.url == address,
            "The connection's url is \(text) as given, its scheme's case included")
        #expect(memory.status == .idle, "A new connection is not connected yet")
        #expect(recorder.transports.isEmpty, "A RecordingConnection needs no transport")
        let socket = try factory.makeConnection(for: try url("wss://chat.test/room"))
        #expect(socket is SocketConnection, "The same factory gives wss:// a SocketConnection")
    }

    @Test("Every call makes a new connection: sharing is not the factory's job [1.5]")
    func everyCallIsNew() throws {
        let factory = recorder.factory
        let address = try url("wss://chat.example.com/socket")
        let first = try factory.makeConnection(for: address)
        let second = try factory.makeConnection(for: address)
        #expect(first !== second, "Two calls make two connections")
        #expect(first.id != second.id, "Two connections never share an id")
        #expect(
            recorder.transports.count == 2, "Each socket connection has its own transport")

        let memory = try url("memory://chat.test/room")
        let firstMemory = try factory.makeConnection(for: memory)
        let secondMemory = try factory.makeConnection(for: memory)
        #expect(
            firstMemory !== secondMemory && firstMemory.id != secondMemory.id,
            "memory:// too: a factory makes, it doesn't cache")
    }

    @Test("A connection keeps exactly the URL it was made for, whichever kind it is [1.3]")
    func keepsTheURLAsGiven() throws {
        let path = "Chat.Example.com:9000/Rooms/General?since=42&lang=de"
        let memory = try url("memory://\(path)")
        let socket = try url("wss://\(path)")
        let made = try [memory, socket].map { try recorder.factory.makeConnection(for: $0) }
        #expect(
            made.map(\.url) == [memory, socket],
            "Host case, port, path and query are kept as given, not rebuilt")
        #expect(
            made.map { $0 is SocketConnection } == [false, true], "…for both kinds of connection")

        // A URL written relative to a base is a URL too: its string is "socket", its base the
        // server's. Parsed again from its absolute string, it is another URL.
        let relative = try [
            "memory://Chat.Example.com/api/", "wss://Chat.Example.com/api/", "MEMORY://chat.test/",
        ].map {
            try #require(
                URL(string: "socket", relativeTo: try url($0)), "\($0) takes a relative URL (test data)")
        }
        for address in relative {
            let connection = try recorder.factory.makeConnection(for: address)
            #expect(
                connection.url == address,
                "\(address.relativeString) relative to \(address.baseURL?.absoluteString ?? "nothing") comes back as given, base and all, not rebuilt from its absolute string"
            )
        }
    }
}
