import Flyweight
import Foundation
import MessagingKit
import Testing

@Suite("Flyweight · Step 4 — Safe from many tasks at once", .tags(.messaging))
struct Step4ManyTasks {
    let factory = CountingFactory()
    let pool: ConnectionPool

    init() {
        pool = ConnectionPool(factory: factory)
    }

    @Test("1,000 tasks asking for one URL at once share one connection")
    func oneURLManyTasks() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let pool = self.pool
        // The connections themselves are collected, not their ObjectIdentifiers: a freed
        // object's address is soon reused, so fresh connections could share an identifier.
        let seen = try await withThrowingTaskGroup(of: (any Connection).self) { group in
            for _ in 0..<1_000 {
                group.addTask { try await pool.connection(for: chat) }
            }
            return try await group.reduce(into: [any Connection]()) { $0.append($1) }
        }
        let first = try #require(seen.first, "Every task gets a connection (step 4)")
        #expect(seen.allSatisfy { $0 === first }, "Every task gets the same connection object (step 4)")
        #expect(factory.connectionsMade == 1, "The factory is asked once, however many ask at once (step 4)")
    }

    @Test("Tasks over 100 URLs at once make exactly one connection per URL")
    func manyURLsManyTasks() async throws {
        let urls = try servers(100)
        let pool = self.pool
        let pairs = try await withThrowingTaskGroup(of: (URL, UUID).self) { group in
            for _ in 0..<10 {
                for address in urls {
                    group.addTask { (address, try await pool.connection(for: address).id) }
                }
            }
            return try await group.reduce(into: [URL: Set<UUID>]()) { $0[$1.0, default: []].insert($1.1) }
        }
        #expect(pairs.count == 100, "Every URL got a connection (step 4)")
        #expect(pairs.values.allSatisfy { $0.count == 1 }, "Each URL's tasks all got one connection (step 4)")
        #expect(factory.connectionsMade == 100, "The factory made one connection per URL (step 4)")
        #expect(await pool.count == 100, "The pool holds one connection per URL (step 4)")
    }

    @Test("A release racing a new handle never leaves that handle on a released connection")
    func releaseRacesNewHandle() async throws {
        let chat = try url("wss://chat.example.com/socket")
        for round in 0..<200 {
            let pool = ConnectionPool(factory: factory)
            _ = try await pool.connection(for: chat)  // pooled, idle, no handle yet
            let (released, handler) = try await withThrowingTaskGroup(of: (Bool?, ConnectionHandler?).self) {
                group in
                group.addTask { (await pool.release(chat), nil) }
                group.addTask { (nil, try await pool.makeHandler(for: chat)) }
                return try await group.reduce(into: (false, ConnectionHandler?.none)) { result, next in
                    if let released = next.0 { result.0 = released }
                    if let handler = next.1 { result.1 = handler }
                }
            }
            let handle = try #require(handler, "makeHandler(for:) returns a handle (step 4)")
            let pooled = try await pool.connection(for: chat)
            #expect(
                pooled.id == handle.connectionID,
                "Round \(round) (released: \(released)): the new handle is on the pool's current connection (step 4)"
            )
            #expect(
                pooled.status != .disconnected,
                "Round \(round): the new handle's connection was not disconnected by the release (step 4)")
            #expect(await pool.isInUse(chat), "Round \(round): the open handle keeps it in use (step 4)")
            if pooled.id != handle.connectionID || pooled.status == .disconnected { break }
        }
    }

    @Test("Handles opened and closed from many tasks leave the connection idle and releasable")
    func handlesFromManyTasks() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let pool = self.pool
        let ids = try await withThrowingTaskGroup(of: UUID.self) { group in
            for _ in 0..<1_000 {
                group.addTask {
                    let handler = try await pool.makeHandler(for: chat)
                    handler.close()
                    return handler.connectionID
                }
            }
            return try await group.reduce(into: Set<UUID>()) { $0.insert($1) }
        }
        #expect(ids.count == 1, "Every task's handle is on the one shared connection (step 4)")
        #expect(await !pool.isInUse(chat), "Every handle was closed: not in use (step 4)")
        #expect(await pool.release(chat), "…so it can be released (step 4)")
        #expect(await pool.count == 0, "…and the pool is empty (step 4)")
    }
}
