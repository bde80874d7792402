import Foundation
import MessagingKit
import Testing

@Suite("A socket connection", .tags(.messaging))
struct SocketConnectionTests {
    let transport: InMemoryTransport
    let connection: SocketConnection

    init() throws {
        transport = InMemoryTransport(url: try ServerURL("wss://chat.example.com/socket"))
        connection = SocketConnection(transport: transport)
    }

    @Test("connect() asks the transport, and status follows the transport")
    func connectsThroughTransport() throws {
        #expect(connection.url == transport.url.url)
        #expect(connection.status == .idle)
        connection.connect()
        #expect(transport.status == .connecting)
        #expect(connection.status == .connecting)
        try transport.accept()
        #expect(connection.status == .connected)
        connection.disconnect()
        #expect(transport.status == .disconnected)
        #expect(connection.status == .disconnected)
    }

    @Test("Sends through the transport, and only while connected")
    func sendsThroughTransport() throws {
        let hello = Message(room: "general", text: "hello").event
        #expect(throws: TransportError.notConnected(.idle)) { try connection.send(hello) }
        connection.connect()
        try transport.accept()
        try connection.send(hello)
        #expect(transport.sentEvents == [hello])
    }

    @Test("Events from the server reach every onEvent handler")
    func deliversEvents() throws {
        let first = Recorder<Event>()
        let second = Recorder<Event>()
        connection.onEvent(first.record)
        connection.onEvent(second.record)
        let typing = try Event("typing", payload: ["user": "ana"])
        connection.connect()
        try transport.accept()
        try transport.deliver(typing)
        #expect(first.all == [typing])
        #expect(second.all == [typing])
    }

    @Test("Two connections over two transports have two ids")
    func idsDiffer() throws {
        let other = SocketConnection(transport: InMemoryTransport(url: transport.url))
        #expect(other.id != connection.id)
    }
}

@Suite("A recording connection", .tags(.messaging))
struct RecordingConnectionTests {
    @Test("Connects at once, records what it sends, and plays the server")
    func recordsAndReceives() throws {
        let address = try #require(URL(string: "memory://Chat.test/room?x=1"))
        let connection = RecordingConnection(url: address)
        let hello = Message(room: "room", text: "hi").event
        #expect(connection.url == address, "Keeps the URL exactly as given")
        #expect(throws: TransportError.notConnected(.idle)) { try connection.send(hello) }
        connection.connect()
        #expect(connection.status == .connected)
        try connection.send(hello)
        #expect(connection.sentEvents == [hello])

        let heard = Recorder<Event>()
        connection.onEvent(heard.record)
        connection.receive(hello)
        #expect(heard.all == [hello])

        connection.disconnect()
        #expect(throws: TransportError.notConnected(.disconnected)) { try connection.send(hello) }
    }
}

@Suite("The in-memory connection pool", .tags(.messaging))
struct InMemoryConnectionPoolTests {
    let pool = InMemoryConnectionPool()

    @Test("Every request gets a handle on a new, connected connection, and is recorded")
    func handsOutHandles() async throws {
        let chat = try #require(URL(string: "memory://chat.test"))
        let first = try await pool.makeHandle(for: chat)
        let second = try await pool.makeHandle(for: chat)
        #expect(first !== second)
        #expect(first.connectionID != second.connectionID, "This pool shares nothing")
        #expect(first.url == chat)
        #expect(first.connection.status == .connected)
        #expect(await pool.requests == [chat, chat])
        #expect(await pool.openHandles == 2)
    }

    @Test("Closed and dropped handles are no longer counted as open")
    func countsOpenHandles() async throws {
        let chat = try #require(URL(string: "memory://chat.test"))
        let kept = try await pool.makeHandle(for: chat)
        var dropped: InMemoryConnectionPool.Handle? = try await pool.makeHandle(for: chat)
        #expect(dropped?.isOpen == true)
        dropped = nil
        #expect(await pool.openHandles == 1, "The pool does not keep handles alive")
        kept.close()
        kept.close()
        #expect(!kept.isOpen)
        #expect(kept.connection.status == .disconnected, "Closing disconnects the handle's own connection")
        #expect(await pool.openHandles == 0)
    }

    @Test("A URL without a host is refused and not recorded")
    func refusesMissingHost() async throws {
        let noHost = try #require(URL(string: "memory:chat"))
        await #expect(throws: ConnectionFactoryError.missingHost(noHost)) {
            try await pool.makeHandle(for: noHost)
        }
        #expect(await pool.requests.isEmpty)
    }
}
