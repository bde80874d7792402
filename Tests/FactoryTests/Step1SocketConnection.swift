import Factory
import MessagingKit
import Testing

@Suite("Step 1 — A connection over a socket", .tags(.messaging))
struct Step1SocketConnection {
    let transport: InMemoryTransport
    let connection: SocketConnection

    init() throws {
        transport = InMemoryTransport(url: try ServerURL("wss://chat.example.com/socket"))
        connection = SocketConnection(transport: transport)
    }

    /// Connects the connection and plays the server accepting it.
    private func connectAndAccept() throws {
        connection.connect()
        try #require(transport.status == .connecting, "connect() asks the transport to connect (step 1)")
        try transport.accept()
    }

    @Test("connect() asks the transport to connect, and status follows the transport")
    func connectsThroughTransport() throws {
        #expect(connection.url == transport.url.url, "A socket connection has its transport's URL (step 1)")
        connection.connect()
        try #require(transport.status == .connecting, "connect() starts the transport connecting (step 1)")
        #expect(connection.status == .connecting, "status is the transport's status (step 1)")
        try transport.accept()
        #expect(
            connection.status == .connected, "Once the server accepts, the connection is connected (step 1)")
    }

    @Test("Sends through the transport, and only while connected")
    func sendsThroughTransport() throws {
        let hello = try Event("message", payload: ["text": "hello"])
        #expect(
            throws: TransportError.notConnected(.idle),
            "Sending before connecting fails like the transport (step 1)"
        ) {
            try connection.send(hello)
        }
        try connectAndAccept()
        try connection.send(hello)
        #expect(
            transport.sentEvents == [hello], "A sent event reaches the server through the transport (step 1)")
    }

    @Test("Events from the server reach every onEvent handler")
    func deliversEvents() async throws {
        let typing = try Event("typing", payload: ["user": "ana"])
        try connectAndAccept()
        try await confirmation("Both handlers hear the server's event (step 1)", expectedCount: 2) { heard in
            connection.onEvent { event in
                if event == typing { heard() }
            }
            connection.onEvent { event in
                if event == typing { heard() }
            }
            try transport.deliver(typing)
        }
    }

    @Test("disconnect() closes the transport")
    func disconnectsTransport() throws {
        try connectAndAccept()
        connection.disconnect()
        #expect(transport.status == .disconnected, "disconnect() closes the transport (step 1)")
        #expect(connection.status == .disconnected, "status is the transport's status (step 1)")
    }
}
