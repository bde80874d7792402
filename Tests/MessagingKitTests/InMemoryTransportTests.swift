import KataTestSupport
import MessagingKit
import Testing

@Suite("The in-memory transport", .tags(.messaging))
struct InMemoryTransportTests {
    let transport: InMemoryTransport

    init() throws {
        transport = InMemoryTransport(url: try ServerURL("memory://chat"))
    }

    @Test("connect() waits for the server to accept")
    func connectThenAccept() throws {
        let statuses = Recorder<TransportStatus>()
        transport.onStatusChange(statuses.record)
        #expect(transport.status == .idle)
        transport.connect()
        #expect(transport.status == .connecting)
        try transport.accept()
        #expect(transport.status == .connected)
        #expect(statuses.all == [.connecting, .connected], "Handlers hear every change, in order")
        transport.connect()
        #expect(transport.connectAttempts == 1, "connect() while connected starts nothing")
    }

    @Test("Sending needs a connection")
    func sendNeedsConnection() throws {
        let hello = Message(room: "general", text: "hi").event
        #expect(throws: TransportError.notConnected(.idle)) { try transport.send(hello) }
        transport.connect()
        #expect(throws: TransportError.notConnected(.connecting)) { try transport.send(hello) }
        try transport.accept()
        try transport.send(hello)
        #expect(transport.sentEvents == [hello])
    }

    @Test("A dropped connection is restored by the network, a closed one is not")
    func dropAndRestore() throws {
        let statuses = Recorder<TransportStatus>()
        transport.onStatusChange(statuses.record)
        transport.connect()
        try transport.accept()
        try transport.drop()
        #expect(transport.status == .disconnected)
        #expect(throws: TransportError.notConnected(.disconnected)) {
            try transport.send(Message(room: "r", text: "lost?").event)
        }
        try transport.restore()
        #expect(transport.status == .connected)
        transport.disconnect()
        #expect(throws: TransportError.notAllowed(action: "restore()", status: .disconnected)) {
            try transport.restore()
        }
        #expect(statuses.all == [.connecting, .connected, .disconnected, .connected, .disconnected])
    }

    @Test("Test steps the status does not allow throw instead of doing nothing")
    func misuseThrows() throws {
        #expect(throws: TransportError.notAllowed(action: "accept()", status: .idle)) {
            try transport.accept()
        }
        #expect(throws: TransportError.notAllowed(action: "drop()", status: .idle)) {
            try transport.drop()
        }
        let error = TransportError.notAllowed(action: "accept()", status: .idle)
        #expect(error.description == "accept() is not possible while the transport is idle.")
    }

    @Test("Delivered events reach every handler before deliver returns")
    func deliverIsSynchronous() throws {
        let first = Recorder<Event>()
        let second = Recorder<Event>()
        transport.onEvent(first.record)
        transport.onEvent(second.record)
        let typing = try Event("typing", payload: ["who": "ana"])
        #expect(throws: TransportError.notConnected(.idle)) { try transport.deliver(typing) }
        transport.connect()
        try transport.accept()
        try transport.deliver(typing)
        #expect(first.all == [typing])
        #expect(second.all == [typing])
    }

    @Test("A handler may call back into the transport")
    func handlersMayReenter() throws {
        let buffered = Message(room: "general", text: "sent on connect").event
        let transport = self.transport
        transport.onStatusChange { status in
            if status == .connected { try? transport.send(buffered) }
        }
        transport.connect()
        try transport.accept()
        #expect(transport.sentEvents == [buffered])
    }
}
