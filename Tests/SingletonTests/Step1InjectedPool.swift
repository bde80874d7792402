import Singleton
import Testing

@Suite("Step 1 — Hand out handles from the pool it was given", .tags(.messaging))
struct Step1InjectedPool {
    let factory = CountingFactory()
    let pool: ConnectionPool
    let manager: ConnectionManager

    init() {
        pool = ConnectionPool(factory: factory)
        manager = ConnectionManager(pool: pool)
    }

    @Test("A handle from the manager is on the pool's connection")
    func handleFromInjectedPool() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let handler = try await manager.makeHandler(for: chat)
        #expect(
            factory.connectionsMade(for: chat) == 1,
            "The manager gets connections from its pool's factory (step 1)")
        #expect(
            handler.connectionID == (try await pool.connection(for: chat)).id,
            "The handle is on the pool's connection for the URL (step 1)"
        )
    }

    @Test("The same URL twice shares one connection; another URL gets another")
    func sameURLSharesConnection() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let support = try url("wss://support.example.com/socket")
        let screen = try await manager.makeHandler(for: chat)
        let badge = try await manager.makeHandler(for: chat)
        let help = try await manager.makeHandler(for: support)
        #expect(screen !== badge, "Every call gets a handle of its own (step 1)")
        #expect(screen.connectionID == badge.connectionID, "One URL, one shared connection (step 1)")
        #expect(help.connectionID != screen.connectionID, "Another URL, another connection (step 1)")
        #expect(await pool.count == 2, "The pool holds one connection per URL (step 1)")
    }

    @Test("Two managers with pools of their own share nothing")
    func managersAreIndependent() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let otherPool = ConnectionPool(factory: factory)
        let other = ConnectionManager(pool: otherPool)
        let mine = try await manager.makeHandler(for: chat)
        let theirs = try await other.makeHandler(for: chat)
        #expect(
            mine.connectionID != theirs.connectionID,
            "Each manager uses its own pool, not a hidden global one (step 1)")
        #expect(await pool.count == 1, "A manager's handle comes from its own pool (step 1)")
        #expect(await otherPool.count == 1, "…and the other manager's from the other pool (step 1)")
    }

    @Test("A URL the factory refuses comes back as the factory's error")
    func refusedURL() async throws {
        let manager = ConnectionManager(pool: ConnectionPool(factory: RefusingFactory()))
        let chat = try url("wss://chat.example.com/socket")
        await #expect(
            throws: ConnectionFactoryError.unsupportedScheme(chat),
            "The manager passes the pool's factory's error on, unchanged (step 1)"
        ) {
            try await manager.makeHandler(for: chat)
        }
    }
}
