import Foundation
import KataTestSupport
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

    @Test("Status changes reach every onStatusChange handler, and a handler may call back in")
    func reportsStatus() throws {
        let statuses = Recorder<TransportStatus>()
        let seenInside = Recorder<TransportStatus>()
        connection.onStatusChange(statuses.record)
        connection.onStatusChange { [connection] _ in seenInside.record(connection.status) }
        connection.connect()
        try transport.accept()
        try transport.drop()
        #expect(statuses.all == [.connecting, .connected, .disconnected])
        #expect(seenInside.all == [.connecting, .connected, .disconnected])
    }

    @Test("release() closes for good: handlers hear nothing of it or after it, and connect() does nothing")
    func releaseIsFinal() throws {
        let events = Recorder<Event>()
        let statuses = Recorder<TransportStatus>()
        connection.onEvent(events.record)
        connection.onStatusChange(statuses.record)
        connection.connect()
        try transport.accept()
        connection.release()
        #expect(transport.status == .disconnected)
        #expect(statuses.all == [.connecting, .connected], "Its handlers are forgotten before it closes")
        #expect(transport.handlerCount == 0, "It leaves no handler behind on the transport")
        let heardBefore = statuses.all
        connection.connect()
        #expect(transport.status == .disconnected, "A released connection never opens again")
        connection.onEvent(events.record)
        #expect(statuses.all == heardBefore, "Nothing is reported after release")
        #expect(events.all.isEmpty)
        #expect(throws: TransportError.notConnected(.disconnected)) {
            try connection.send(Message(room: "general", text: "late").event)
        }
    }

    @Test("A cancelled token stops its handler only; a freed connection leaves no handler on the transport")
    func tokensAndLifetime() throws {
        let kept = Recorder<TransportStatus>()
        let stopped = Recorder<TransportStatus>()
        connection.onStatusChange(kept.record)
        let token = connection.onStatusChange(stopped.record)
        connection.connect()
        token.cancel()
        token.cancel()
        try transport.accept()
        #expect(kept.all == [.connecting, .connected])
        #expect(stopped.all == [.connecting])

        var other: SocketConnection? = SocketConnection(transport: transport)
        other?.onStatusChange { _ in }
        #expect(transport.handlerCount == 4)
        other = nil
        #expect(transport.handlerCount == 2, "Only the live connection's two remain")
    }

    @Test("A handler that reconnects on a drop: every handler hears the drop before the reconnect")
    func changesFromInsideAHandlerComeAfter() throws {
        let first = Recorder<TransportStatus>()
        let second = Recorder<TransportStatus>()
        connection.onStatusChange { [connection] status in
            first.record(status)
            if status == .disconnected { connection.connect() }
        }
        connection.onStatusChange(second.record)
        connection.connect()
        try transport.accept()
        try transport.drop()
        #expect(first.all == [.connecting, .connected, .disconnected, .connecting])
        #expect(second.all == first.all, "The second handler hears the drop before the reconnect")
        #expect(connection.status == .connecting)
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

    @Test("Reports each status change once; release() forgets its handlers, then disconnects for good")
    func statusAndRelease() throws {
        let connection = RecordingConnection(url: try #require(URL(string: "memory://chat.test")))
        let statuses = Recorder<TransportStatus>()
        let heard = Recorder<Event>()
        connection.onStatusChange(statuses.record)
        connection.onEvent(heard.record)
        connection.connect()
        connection.connect()
        connection.disconnect()
        connection.connect()
        connection.release()
        #expect(statuses.all == [.connected, .disconnected, .connected], "Nobody hears the release")
        #expect(connection.status == .disconnected)
        #expect(connection.handlerCount == 0)
        connection.connect()
        #expect(connection.status == .disconnected, "A released connection never connects again")
        connection.receive(Message(room: "room", text: "late").event)
        #expect(heard.all.isEmpty, "Nothing is heard after release")
    }
}

@Suite("The in-memory connection pool", .tags(.messaging))
struct InMemoryConnectionPoolTests {
    let pool = InMemoryConnectionPool()

    @Test("Every request gets a handle on a new connection, which the handle connects, and is recorded")
    func handsOutHandles() async throws {
        let chat = try #require(URL(string: "memory://chat.test"))
        let first = try await pool.makeHandle(for: chat)
        let second = try await pool.makeHandle(for: chat)
        #expect(first !== second)
        #expect(first.connectionID != second.connectionID, "This pool shares nothing")
        #expect(first.url == chat)
        #expect(first.connection.status == .idle, "Making a handle connects nothing")
        try first.connect()
        #expect(first.connection.status == .connected)
        #expect(first.status == .connected)
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
        #expect(kept.connection.status == .disconnected, "Closing releases the handle's own connection")
        #expect(await pool.openHandles == 0)
    }

    @Test("A handle sends and listens while open; closed, it refuses to send and hears nothing")
    func handleSendsAndListens() async throws {
        let chat = try #require(URL(string: "memory://chat.test"))
        let handle = try await pool.makeHandle(for: chat)
        let typing = try Event("typing")
        let heard = Recorder<Event>()
        handle.onEvent(typing.name, perform: heard.record)
        try handle.connect()
        try handle.send(typing)
        #expect(handle.connection.sentEvents == [typing])
        handle.connection.receive(Message(room: "room", text: "hi").event)
        handle.connection.receive(typing)
        #expect(heard.all == [typing], "Only the subscribed name is heard")
        handle.close()
        #expect(throws: HandleError.closed(chat)) { try handle.send(typing) }
        #expect(throws: HandleError.closed(chat)) { try handle.connect() }
        handle.connection.receive(typing)
        #expect(heard.all == [typing], "A closed handle hears nothing more")
        #expect(HandleError.closed(chat).description.contains("memory://chat.test"))
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

@Suite("The unshared connection pool", .tags(.messaging))
struct UnsharedConnectionPoolTests {
    /// Makes recording connections and keeps each, so a test can play its server.
    final class Maker: ConnectionFactory {
        let made = Recorder<RecordingConnection>()
        let refusing: Bool

        init(refusing: Bool = false) { self.refusing = refusing }

        func makeConnection(for url: URL) throws -> any Connection {
            if refusing { throw ConnectionFactoryError.missingHost(url) }
            let connection = RecordingConnection(url: url)
            made.record(connection)
            return connection
        }
    }

    let chat = URL(string: "memory://chat.test") ?? URL(fileURLWithPath: "/")

    @Test("Every handle is on a new connection from the factory, not connected, and pooled until released")
    func everyHandleIsItsOwn() async throws {
        let maker = Maker()
        let pool = UnsharedConnectionPool(factory: maker)
        let first = try pool.makeHandle(for: chat)
        let second = try pool.makeHandle(for: chat)
        #expect(maker.made.all.count == 2 && first.connectionID != second.connectionID)
        #expect(maker.made.all.allSatisfy { $0.status == .idle }, "Making a handle connects nothing")
        try first.connect()
        #expect(maker.made.all[0].status == .connected && first.status == .connected)
        first.close()
        #expect(maker.made.all[0].status == .connected, "Closing leaves the connection to the keeper")
        let contents = await pool.keeperView.contents()
        #expect(contents.map { $0.connection.id } == maker.made.all.map(\.id))
        #expect(contents.map(\.isInUse) == [false, true])
        #expect(try await pool.keeperView.releaseIfUnused(second.connection) == false, "In use: left")
        #expect(try await pool.keeperView.releaseIfUnused(first.connection) == true)
        #expect(try await pool.keeperView.releaseIfUnused(first.connection) == false, "Already forgotten")
        #expect(await pool.keeperView.contents().map { $0.connection.id } == [second.connectionID])
    }

    @Test("A handle nobody holds leaves its connection unused; the factory's refusal comes back unchanged")
    func droppedHandleAndRefusal() async throws {
        let pool = UnsharedConnectionPool(factory: Maker())
        var dropped: SoleConnectionHandle<any Connection>? = try pool.makeHandle(for: chat)
        #expect(dropped?.isOpen == true)
        dropped = nil
        #expect(await pool.keeperView.contents().map(\.isInUse) == [false])
        let refusing = UnsharedConnectionPool(factory: Maker(refusing: true))
        #expect(throws: ConnectionFactoryError.missingHost(chat)) { try refusing.makeHandle(for: chat) }
        #expect(await refusing.keeperView.contents().isEmpty)
    }

    @Test("A release the connection refuses leaves it pooled")
    func refusedRelease() async throws {
        final class Stubborn: ConnectionFactory {
            func makeConnection(for url: URL) throws -> any Connection { StubbornConnection(url: url) }
        }
        let pool = UnsharedConnectionPool(factory: Stubborn())
        let handle = try pool.makeHandle(for: chat)
        handle.close()
        await #expect(throws: LifecycleError.self) {
            try await pool.keeperView.releaseIfUnused(handle.connection)
        }
        #expect(await pool.keeperView.contents().count == 1)
    }
}

/// A connection whose release always fails.
private final class StubbornConnection: Connection {
    let inner: RecordingConnection
    init(url: URL) { inner = RecordingConnection(url: url) }
    var id: UUID { inner.id }
    var url: URL { inner.url }
    var status: TransportStatus { inner.status }
    func connect() throws { inner.connect() }
    func disconnect() throws { inner.disconnect() }
    func release() throws { throw LifecycleError.operationRefused(.release, in: .connected) }
    func send(_ event: Event) throws { try inner.send(event) }
    func onEvent(_ handler: @escaping @Sendable (Event) -> Void) -> ObservationToken {
        inner.onEvent(handler)
    }
    func onStatusChange(_ handler: @escaping @Sendable (TransportStatus) -> Void) -> ObservationToken {
        inner.onStatusChange(handler)
    }
}
