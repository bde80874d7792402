import Flyweight
import Foundation
import MessagingKit
import Testing

@Suite("Flyweight · Step 3 — Release idle connections", .tags(.messaging))
struct Step3Release {
    let factory = CountingFactory()
    let pool: ConnectionPool

    init() {
        pool = ConnectionPool(factory: factory)
    }

    @Test("A connection with an open handle is not released")
    func inUseIsNotReleased() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let transport = try factory.transport(for: chat)
        try accept(transport)

        #expect(await !pool.release(chat), "release(_:) refuses while a handle is open (step 3)")
        #expect(await pool.count == 1, "The connection stays in the pool (step 3)")
        #expect(transport.status == .connected, "…and stays connected (step 3)")
        #expect(
            try await pool.makeHandle(for: chat).connectionID == screen.connectionID,
            "The next handle is still on the same connection (step 3)"
        )
    }

    @Test("Releasing an idle connection disconnects it and removes it from the pool")
    func idleIsReleased() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let support = try url("wss://support.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        _ = try await pool.makeHandle(for: support)
        let transport = try factory.transport(for: chat)
        try accept(transport)
        screen.close()

        #expect(await pool.release(chat), "With every handle closed, release(_:) releases (step 3)")
        #expect(transport.status == .disconnected, "A released connection is disconnected (step 3)")
        #expect(await pool.count == 1, "…and removed from the pool; the other URL's stays (step 3)")
        #expect(await !pool.release(chat), "Releasing it again finds nothing to release (step 3)")
    }

    @Test("After a release, the next handle for the URL is on a fresh connection")
    func releasedURLGetsFreshConnection() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let old = try await pool.makeHandle(for: chat)
        let oldConnection = try factory.connection(for: chat)
        old.close()
        try #require(await pool.release(chat), "A connection whose handles are all closed is idle (step 3)")

        let fresh = try await pool.makeHandle(for: chat)
        #expect(
            fresh.connectionID != old.connectionID, "A released connection is never handed out again (step 3)"
        )
        #expect(
            factory.connectionsMade(for: chat) == 2, "The factory is asked again after a release (step 3)")
        #expect(
            fresh.connectionID == (try factory.connection(for: chat)).id,
            "…and the new handle is on the connection it made (step 3)")
        #expect(oldConnection.status == .disconnected, "The released connection stays disconnected (step 3)")
    }

    @Test("A release racing a new handle never leaves that handle on a released connection")
    func releaseRacesNewHandle() async throws {
        let chat = try url("wss://chat.example.com/socket")
        for round in 0..<200 {
            let pool = ConnectionPool(factory: factory)
            try await pool.makeHandle(for: chat).close()  // pooled, idle: its only handle is closed
            let (released, opened) = try await withThrowingTaskGroup(of: (Bool?, ConnectionHandle?).self) {
                group in
                group.addTask { (await pool.release(chat), nil) }
                group.addTask { (nil, try await pool.makeHandle(for: chat)) }
                return try await group.reduce(into: (false, ConnectionHandle?.none)) { result, next in
                    if let released = next.0 { result.0 = released }
                    if let handle = next.1 { result.1 = handle }
                }
            }
            let handle = try #require(opened, "makeHandle(for:) returns a handle (step 3)")
            let connection = try factory.connection(withID: handle.connectionID)
            #expect(
                connection.status != .disconnected,
                "Round \(round) (released: \(released)): the new handle's connection was not disconnected by the release (step 3)"
            )
            #expect(await pool.isInUse(chat), "Round \(round): the open handle keeps it in use (step 3)")
            let probe = try await pool.makeHandle(for: chat)
            #expect(
                probe.connectionID == handle.connectionID,
                "Round \(round): the new handle is on the pool's current connection (step 3)")
            if probe.connectionID != handle.connectionID || connection.status == .disconnected { break }
        }
    }

    @Test("Handles opened and closed from many tasks leave the connection idle and releasable")
    func handlesFromManyTasks() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let pool = self.pool
        let ids = try await withThrowingTaskGroup(of: UUID.self) { group in
            for _ in 0..<1_000 {
                group.addTask {
                    let handle = try await pool.makeHandle(for: chat)
                    handle.close()
                    return handle.connectionID
                }
            }
            return try await group.reduce(into: Set<UUID>()) { $0.insert($1) }
        }
        #expect(ids.count == 1, "Every task's handle is on the one shared connection (step 3)")
        #expect(await !pool.isInUse(chat), "Every handle was closed: not in use (step 3)")
        #expect(await pool.release(chat), "…so it can be released (step 3)")
        #expect(await pool.count == 0, "…and the pool is empty (step 3)")
    }
}
