import ChainOfResponsibility
import Command
import Factory
import Flyweight
import Foundation
import KataTestSupport
import MessagingKit
import Singleton
import State
import Synchronization
import Testing

// The learning path's messaging story, end to end: the reference solutions of six katas wired
// together through MessagingKit's roles, as an app would wire them. No kata imports another;
// only this test does.
//
// It checks the references, not a learner's work: in kata mode (the stubs, or your code) it
// skips itself, and `kata verify` expects it to. Run it with
// `KATA_SOLUTIONS=1 swift test --filter StoryTests`.

/// The servers the story talks to: every transport the factory made, so the test can play them.
private final class Servers: Sendable {
    private let made = Mutex<[InMemoryTransport]>([])

    /// A new transport for `url`, remembered.
    func transport(for url: ServerURL) -> any Transport {
        let transport = InMemoryTransport(url: url)
        made.withLock { $0.append(transport) }
        return transport
    }

    /// Every transport made, oldest first.
    var transports: [InMemoryTransport] { made.withLock { $0 } }
}

/// A factory that puts every connection the app's factory makes under a lifecycle: the State
/// kata's `ManagedConnection` owns the Factory kata's connection, and is one.
private final class LifecycleFactory: ConnectionFactory {
    private let wrapped: any ConnectionFactory
    private let made = Mutex<[ManagedConnection]>([])

    init(wrapping wrapped: any ConnectionFactory) {
        self.wrapped = wrapped
    }

    func makeConnection(for url: URL) throws -> any Connection {
        let managed = ManagedConnection(connection: try wrapped.makeConnection(for: url))
        made.withLock { $0.append(managed) }
        return managed
    }

    /// Every lifecycle made, oldest first.
    var lifecycles: [ManagedConnection] { made.withLock { $0 } }
}

@Suite(
    "The messaging story, wired from the reference solutions",
    .enabled(
        if: ProcessInfo.processInfo.environment["KATA_SOLUTIONS"] == "1",
        "It checks the reference solutions wired together; run it with KATA_SOLUTIONS=1"))
struct MessagingStory {
    @Test(
        "Create a connection, share it, own it, run its lifecycle, buffer what it can't send yet, keep it healthy"
    )
    func wholeStory() async throws {
        let chatURL = try #require(URL(string: "wss://chat.example.com/socket"))
        let message = try EventName("message")

        // Create it: the Factory kata's factory, over sockets the test plays.
        let servers = Servers()
        let factory = SchemeConnectionFactory(makeTransport: servers.transport(for:))
        // Run its lifecycle: every connection comes under the State kata's lifecycle.
        let lifecycles = LifecycleFactory(wrapping: factory)
        // Share it: the Flyweight kata's pool. Own it: the Singleton kata's manager.
        let pool = ConnectionPool(factory: lifecycles)
        let manager = ConnectionManager(pool: pool)

        let chat = try await manager.makeHandle(for: chatURL)
        let badge = try await manager.makeHandle(for: chatURL)
        try chat.connect()
        #expect(chat.connectionID == badge.connectionID, "Two screens share one connection")
        let lifecycle = try #require(lifecycles.lifecycles.first)
        let socket = try #require(servers.transports.first)
        #expect(lifecycles.lifecycles.count == 1 && servers.transports.count == 1, "One socket for one URL")
        #expect(socket.status == .connecting, "A screen's handle starts connecting, once it has subscribed")
        try socket.accept()
        #expect(lifecycle.state == .connected, "The lifecycle follows its socket")
        let late = try await manager.makeHandle(for: chatURL)
        #expect(
            late.connectionID == chat.connectionID, "A screen that comes once it is connected shares it too")
        late.close()

        // A handle sends and listens; it can't close the connection for the other screen.
        let heard = Recorder<Event>()
        chat.onEvent(message, perform: heard.record)
        let hello = Message(room: "general", text: "hello").event
        try chat.send(hello)
        #expect(socket.sentEvents == [hello], "A handle's send goes out over the shared socket")
        try socket.deliver(Message(room: "general", text: "hi back").event)
        #expect(heard.all.map(\.name) == [message], "A handle hears its subscription")

        // Buffer what it can't send yet: the Command kata's outbox over the lifecycle.
        let outbox = try OfflineOutbox(connection: lifecycle)
        try socket.drop()
        #expect(lifecycle.state == .disconnected)
        _ = try outbox.send("typing")
        #expect(outbox.pendingCount == 1, "Offline, the outbox keeps the command")

        // Keep it healthy: the Chain kata's keeper polls the pool on the manual clock.
        let clock = ManualClock()
        let keeper = ConnectionKeeper(pool: pool.keeperView)
        let keeping = Task { await keeper.run(every: .seconds(30), on: clock) }
        defer { keeping.cancel() }
        try await clock.waitForSleepers()
        clock.advance(by: .seconds(30))
        try await clock.waitForSleepers()
        #expect(lifecycle.state == .reconnecting, "In use and disconnected: the keeper reconnects")
        try socket.accept()
        #expect(lifecycle.state == .connected)
        #expect(outbox.pendingCount == 0, "Connected again, the outbox replays what it kept")
        #expect(socket.sentEvents.map(\.name.rawValue) == ["message", "typing"], "In order, nothing lost")

        // The library reconnects by itself; a screen types while the lifecycle passes through
        // reconnecting. The outbox must neither lose that nor take it for a refusal.
        try socket.drop()
        _ = try outbox.send("kept offline")
        let typed = Mutex(false)
        let token = lifecycle.observe { change in
            guard change.to == .reconnecting, !typed.withLock({ $0 }) else { return }
            typed.withLock { $0 = true }
            _ = try? outbox.send("typed while reconnecting")
        }
        try socket.restore()
        token.cancel()
        #expect(lifecycle.state == .connected && outbox.pendingCount == 0, "Reconnected, nothing waits")
        #expect(
            socket.sentEvents.map(\.name.rawValue).suffix(2) == ["kept offline", "typed while reconnecting"],
            "Both went out, in order")

        // The screens go away: the keeper disconnects what nobody uses, then releases it.
        chat.close()
        badge.close()
        clock.advance(by: .seconds(30))
        try await clock.waitForSleepers()
        #expect(lifecycle.state == .disconnected, "Not in use and connected: the keeper disconnects")
        clock.advance(by: .seconds(30))
        try await clock.waitForSleepers()
        #expect(lifecycle.state == .released, "Not in use and disconnected: the keeper releases")

        let next = try await manager.makeHandle(for: chatURL)
        #expect(next.connectionID != chat.connectionID, "The pool forgot it: the next screen gets a new one")
        #expect(servers.transports.count == 2)
    }
}
