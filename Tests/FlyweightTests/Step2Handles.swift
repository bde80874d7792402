import Flyweight
import MessagingKit
import Testing

@Suite("Step 2 — Each caller gets its own handle", .tags(.messaging))
struct Step2Handles {
    let factory = CountingFactory()
    let pool: ConnectionPool
    let message: Event
    let typing: Event

    init() throws {
        pool = ConnectionPool(factory: factory)
        message = try Event("message", payload: ["text": "hello"])
        typing = try Event("typing", payload: ["user": "ana"])
    }

    @Test("Handles on one URL are separate objects on one shared connection")
    func handlesShareConnection() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandler(for: chat)
        let badge = try await pool.makeHandler(for: chat)
        #expect(screen !== badge, "Every caller gets a handle of its own (step 2)")
        #expect(screen.connectionID == badge.connectionID, "Both handles are on the same connection (step 2)")
        #expect(
            screen.connectionID == (try await pool.connection(for: chat)).id,
            "…the pool's connection for the URL (step 2)")
        #expect(factory.connectionsMade(for: chat) == 1, "Handles don't make connections (step 2)")
    }

    @Test("Opening a handle starts connecting the shared connection, once")
    func handleConnects() async throws {
        let chat = try url("wss://chat.example.com/socket")
        _ = try await pool.makeHandler(for: chat)
        let transport = try factory.transport(for: chat)
        #expect(transport.status == .connecting, "The first handle starts connecting the connection (step 2)")
        try accept(transport)
        _ = try await pool.makeHandler(for: chat)
        #expect(transport.status == .connected, "Another handle keeps the connection as it is (step 2)")
        #expect(transport.connectAttempts == 1, "One socket, connected once, for every handle (step 2)")
    }

    @Test("Each handle hears only the events it subscribed to")
    func handleHearsItsOwnSubscriptions() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandler(for: chat)
        let badge = try await pool.makeHandler(for: chat)
        let screenHeard = Heard()
        let badgeHeard = Heard()
        screen.onEvent(message.name, perform: screenHeard.action)
        badge.onEvent(typing.name, perform: badgeHeard.action)

        let transport = try factory.transport(for: chat)
        try accept(transport)
        try transport.deliver(message)
        try transport.deliver(typing)

        #expect(screenHeard.all == [message], "The screen subscribed to messages only (step 2)")
        #expect(badgeHeard.all == [typing], "The badge subscribed to typing only (step 2)")
    }

    @Test("A closed handle hears nothing more; the other handles still do")
    func closedHandleHearsNothing() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandler(for: chat)
        let badge = try await pool.makeHandler(for: chat)
        let screenHeard = Heard()
        let badgeHeard = Heard()
        screen.onEvent(message.name, perform: screenHeard.action)
        badge.onEvent(message.name, perform: badgeHeard.action)
        let transport = try factory.transport(for: chat)
        try accept(transport)

        screen.close()
        try transport.deliver(message)

        #expect(screenHeard.all.isEmpty, "A closed handle's subscriptions hear nothing (step 2)")
        #expect(badgeHeard.all == [message], "Closing one handle leaves the others working (step 2)")
        #expect(!screen.isOpen, "close() closes the handle (step 2)")
        #expect(badge.isOpen, "…and only that handle (step 2)")
    }

    @Test("A connection is in use while any of its handles is open")
    func inUseWhileAnyHandleOpen() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandler(for: chat)
        let badge = try await pool.makeHandler(for: chat)
        #expect(await pool.isInUse(chat), "Two open handles: in use (step 2)")
        screen.close()
        #expect(await pool.isInUse(chat), "One handle still open: still in use (step 2)")
        badge.close()
        badge.close()
        #expect(await !pool.isInUse(chat), "Every handle closed: not in use (step 2)")
    }

    @Test("A handle nobody holds any more no longer keeps its connection in use")
    func droppedHandleIsNotInUse() async throws {
        let chat = try url("wss://chat.example.com/socket")
        var screen: ConnectionHandler? = try await pool.makeHandler(for: chat)
        #expect(screen?.isOpen == true, "A new handle is open (step 2)")
        #expect(await pool.isInUse(chat), "An open handle keeps the connection in use (step 2)")
        // The screen goes away without calling close(): its handle is freed.
        screen = nil
        #expect(
            await !pool.isInUse(chat),
            "A dropped handle doesn't keep the connection in use: the pool must not hold handles alive (step 2)"
        )
    }
}
