import Flyweight
import Foundation
import KataTestSupport
import MessagingKit
import Testing

@Suite(
    "Flyweight · Step 4 — A keyed pool: one connection per URL", .tags(.messaging),
    .noEscapeHatches("Flyweight", rule: "1.4"))
struct Step4KeyedPool {
    @Test(
        "Handles on one URL share its one connection; the factory is asked once per URL; count says how many [4.1]"
    )
    func oneConnectionPerURL() async throws {
        let (pool, factory) = pool(normalizing: true)
        let asked = try url("WSS://Chat.Example.com/Room")
        let first = try await pool.makeHandle(for: asked)
        let second = try await pool.makeHandle(for: asked)
        let socket = try factory.socket(for: asked)
        #expect(first.connectionID == socket.id && second.connectionID == socket.id)
        #expect(first.url == socket.url, "The connection's url, as the factory normalised it")
        #expect(factory.asked == 1)
        #expect(await pool.count == 1)

        let many = try servers(100)
        for round in 0..<100 {
            for server in many where round < 3 || server == many[round] {
                _ = try await pool.makeHandle(for: server)
            }
        }
        #expect(factory.asked == 101, "10,000 asks over 100 URLs would make 100 connections: once per URL")
        #expect(await pool.count == 101)
    }

    @Test(
        "The key is the whole URL: any difference is another server [4.1]",
        arguments: [
            "wss://chat.example.com:444/room", "ws://chat.example.com/room",
            "wss://alice@chat.example.com/room",
            "wss://bob:secret@chat.example.com/room", "wss://chat.example.com/Room",
            "wss://chat.example.com/room?x=1",
            "wss://chat.example.com/room/",
        ])
    func wholeURL(other: String) async throws {
        let (pool, factory) = pool()
        let base = try await pool.makeHandle(for: try url("wss://chat.example.com/room"))
        let different = try await pool.makeHandle(for: try url(other))
        let same = try await pool.makeHandle(for: try url(other))
        #expect(base.connectionID != different.connectionID)
        #expect(same.connectionID == different.connectionID, "The same URL again: the same connection")
        #expect(factory.asked == 2)
    }

    @Test(
        "A URL the factory refuses reaches the caller unchanged, and nothing is pooled [4.2]",
        arguments: ["https://chat.example.com/room", "wss:///no-host"])
    func factoryRefuses(text: String) async throws {
        let (pool, factory) = pool()
        let refused = try url(text)
        await #expect(throws: ConnectionFactoryError.self) { try await pool.makeHandle(for: refused) }
        #expect(await pool.count == 0)
        _ = try? await pool.makeHandle(for: refused)
        #expect(factory.asked == 2, "Nothing pooled: the next ask asks the factory again")
        _ = try await pool.makeHandle(for: try url("wss://chat.example.com/room"))
        #expect(await pool.count == 1, "Only the URL the factory took is pooled")
    }

    @Test(
        "Every call gets a new open handle; none connects until a handle does, so the first subscriber hears the server's first events [4.3]"
    )
    func connectsOnlyWhenAsked() async throws {
        let (pool, factory) = pool()
        let chat = try url("wss://chat.example.com/room")
        let first = try await pool.makeHandle(for: chat)
        let second = try await pool.makeHandle(for: chat)
        #expect(first !== second && first.isOpen && second.isOpen)
        let socket = try factory.socket(for: chat)
        #expect(socket.connectCalls == 0, "Making a handle connects nothing")
        let heard = Recorder<Event>()
        first.onEvent(try EventName("welcome"), perform: heard.record)
        try first.connect()
        try socket.transport.accept()
        try socket.transport.deliver(try Event("welcome"))
        try socket.transport.deliver(try Event("typing"))
        #expect(
            heard.all.map(\.name.rawValue) == ["welcome"],
            "Subscribed before connecting: the greeting is heard, and only its name")
        try second.connect()
        #expect(socket.connectCalls == 1, "A connected connection is not asked to connect again")
        let third = try await pool.makeHandle(for: try url("wss://chat.example.com/other"))
        let fourth = try await pool.makeHandle(for: try url("wss://chat.example.com/other"))
        try third.connect()
        try fourth.connect()
        #expect(
            try factory.socket(for: try url("wss://chat.example.com/other")).connectCalls == 1,
            "A connecting connection is not asked again either")
        try socket.transport.drop()
        try second.connect()
        #expect(socket.connectCalls == 2, "A dropped one is")
    }

    @Test("connect passes the connection's refusal on unchanged; the connection stays pooled [4.3]")
    func connectRefused() async throws {
        let (pool, factory) = pool()
        let chat = try url("wss://chat.example.com/room")
        let handle = try await pool.makeHandle(for: chat)
        try factory.socket(for: chat).refuseConnect(with: Refused(reason: "busy"))
        #expect(throws: Refused(reason: "busy")) { try handle.connect() }
        #expect(await pool.count == 1)
        #expect(handle.isOpen)
    }

    @Test(
        "A handle's status and lifecycle are the connection's; it sends over it, with its ticket and errors unchanged; closed, it refuses with HandleError.closed [4.4]"
    )
    func sendAndStatus() async throws {
        let (pool, factory) = pool()
        let chat = try url("wss://chat.example.com/room")
        let handle = try await pool.makeHandle(for: chat)
        let socket = try factory.socket(for: chat)
        let transport = socket.transport
        let typing = try Event("typing")
        #expect(handle.status == .idle)
        #expect(handle.lifecycle == nil, "A plain socket has no lifecycle, and its handle says so")
        for lifecycle in ConnectionState.allCases {
            socket.play(lifecycle: lifecycle)
            #expect(handle.lifecycle == lifecycle, "The connection is \(lifecycle) in its lifecycle")
        }
        socket.play(lifecycle: nil)
        try handle.connect()
        #expect(handle.status == .connecting)
        #expect(throws: TransportError.notConnected(.connecting)) { try handle.send(typing) }
        #expect(throws: TransportError.notConnected(.connecting)) { try handle.submit(typing) }
        try transport.accept()
        #expect(handle.status == .connected)
        try handle.send(typing)
        #expect(transport.sentEvents == [typing])
        let ticket = CommandTicket(number: 42)
        socket.play(ticket: ticket)
        #expect(try handle.submit(typing) === ticket, "The connection's own ticket, passed on")
        #expect(transport.sentEvents == [typing, typing], "A submit is a send")
        handle.close()
        #expect(throws: HandleError.closed(handle.url)) { try handle.submit(typing) }
        #expect(throws: HandleError.closed(handle.url)) { try handle.send(typing) }
        #expect(throws: HandleError.closed(handle.url)) { try handle.connect() }
        #expect(transport.sentEvents == [typing, typing])
    }

    @Test(
        "A handle hears its own subscriptions until cancelled or closed, at once, even mid-event; close never disconnects, twice does nothing more [4.5]"
    )
    func subscriptionsAndClose() async throws {
        let (pool, factory) = pool()
        let chat = try url("wss://chat.example.com/room")
        let first = try await connectedHandle(chat, in: pool, factory)
        let second = try await pool.makeHandle(for: chat)
        let transport = try factory.socket(for: chat).transport
        let heard = Recorder<String>()
        let message = try EventName("message")
        let token = first.onEvent(try EventName("typing")) { _ in heard.record("first typing") }
        // The first subscription to `message` closes both handles; the ones after it hear nothing.
        first.onEvent(message) { _ in
            heard.record("first message")
            first.close()
            second.close()
        }
        first.onEvent(message) { _ in heard.record("first again") }
        second.onEvent(message) { _ in heard.record("second message") }
        second.onStatusChange { heard.record("second \($0)") }
        try transport.deliver(try Event("typing"))
        token.cancel()
        try transport.deliver(try Event("typing"))
        try transport.deliver(try Event("message"))
        #expect(heard.all == ["first typing", "first message"])
        #expect(transport.status == .connected, "Closing never disconnects the shared connection")
        first.close()
        #expect(!first.isOpen && !second.isOpen)
        first.onEvent(message) { _ in heard.record("after close") }
        first.onStatusChange { _ in heard.record("after close") }
        try transport.deliver(try Event("message"))
        try transport.drop()
        #expect(heard.all.count == 2, "A closed handle hears nothing, even what it subscribes to afterwards")
    }

    @Test("Closing lets go of what a subscription captured; the pool never keeps a handle alive [4.5, 4.6]")
    func lifetimes() async throws {
        final class Screen: Sendable {}
        let (pool, factory) = pool()
        let chat = try url("wss://chat.example.com/room")
        let kept = try await pool.makeHandle(for: chat)
        var screen: Screen? = Screen()
        weak let watchedScreen = screen
        kept.onEvent(try EventName("message")) { [screen] _ in _ = screen }
        kept.onStatusChange { [screen] _ in _ = screen }
        screen = nil
        #expect(watchedScreen != nil)
        kept.close()
        #expect(watchedScreen == nil, "Closed, the handle holds no subscription")

        var dropped: ConnectionHandle? = try await pool.makeHandle(for: chat)
        weak let watchedHandle = dropped
        let heard = Recorder<Event>()
        dropped?.onEvent(try EventName("message"), perform: heard.record)
        dropped = nil
        #expect(watchedHandle == nil, "A handle nobody holds is freed")
        let other = try await connectedHandle(chat, in: pool, factory)
        let transport = try factory.socket(for: chat).transport
        try transport.deliver(try Event("message"))
        #expect(heard.all.isEmpty, "…and hears nothing more")
        withExtendedLifetime(other) {}
    }

    @Test("1,000 tasks asking for one URL at once share one connection; the factory is asked once [4.7]")
    func manyTasks() async throws {
        let (pool, factory) = pool()
        let chat = try url("wss://chat.example.com/room")
        let ids = await withTaskGroup(of: UUID?.self) { group in
            for _ in 0..<1_000 { group.addTask { try? await pool.makeHandle(for: chat).connectionID } }
            return await group.reduce(into: Set<UUID?>()) { $0.insert($1) }
        }
        #expect(ids.count == 1 && ids.first != nil)
        #expect(factory.asked == 1)
    }
}
