import Foundation
import Singleton
import Testing

@Suite("Step 3 — Safe from many tasks at once", .tags(.messaging))
struct Step3ManyTasks {
    let factory = CountingFactory()
    let pool: ConnectionPool
    let manager: ConnectionManager

    init() {
        pool = ConnectionPool(factory: factory)
        manager = ConnectionManager(pool: pool)
    }

    @Test("1,000 tasks asking one manager for one URL share one connection")
    func oneURLManyTasks() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let manager = self.manager
        let ids = try await withThrowingTaskGroup(of: UUID.self) { group in
            for _ in 0..<1_000 {
                group.addTask { try await manager.makeHandler(for: chat).connectionID }
            }
            return try await group.reduce(into: Set<UUID>()) { $0.insert($1) }
        }
        #expect(ids.count == 1, "Every task's handle is on the same connection (step 3)")
        #expect(factory.connectionsMade == 1, "The factory is asked once, however many ask at once (step 3)")
    }

    @Test("Tasks over 100 URLs through one manager make one connection per URL")
    func manyURLsManyTasks() async throws {
        let urls = try servers(100)
        let manager = self.manager
        let ids = try await withThrowingTaskGroup(of: (URL, UUID).self) { group in
            for _ in 0..<10 {
                for address in urls {
                    group.addTask { (address, try await manager.makeHandler(for: address).connectionID) }
                }
            }
            return try await group.reduce(into: [URL: Set<UUID>]()) { $0[$1.0, default: []].insert($1.1) }
        }
        #expect(ids.count == 100, "Every URL got a connection (step 3)")
        #expect(ids.values.allSatisfy { $0.count == 1 }, "Each URL's tasks all got one connection (step 3)")
        #expect(factory.connectionsMade == 100, "The factory made one connection per URL (step 3)")
    }

    @Test("Handles from many tasks keep the connection in use until the last one closes")
    func inUseUntilLastHandleCloses() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let manager = self.manager
        let handlers = try await withThrowingTaskGroup(of: ConnectionHandler.self) { group in
            for _ in 0..<100 {
                group.addTask { try await manager.makeHandler(for: chat) }
            }
            return try await group.reduce(into: [ConnectionHandler]()) { $0.append($1) }
        }
        #expect(await pool.isInUse(chat), "100 open handles: the pool's connection is in use (step 3)")
        await withTaskGroup(of: Void.self) { group in
            for handler in handlers {
                group.addTask { handler.close() }
            }
        }
        #expect(await !pool.isInUse(chat), "Every handle closed: no longer in use (step 3)")
    }
}
