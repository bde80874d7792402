import Flyweight
import Foundation
import MessagingKit
import Testing

@Suite("Flyweight · Step 1 — One shared connection per URL", .tags(.messaging))
struct Step1SharedConnection {
    let factory = CountingFactory()
    let pool: ConnectionPool

    init() {
        pool = ConnectionPool(factory: factory)
    }

    @Test("The same URL gives the same connection: the same object, with the same id")
    func sameURLSameConnection() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let first = try await pool.connection(for: chat)
        let second = try await pool.connection(for: chat)
        #expect(first === second, "Asking twice for one URL gives the very same connection (step 1)")
        #expect(first.id == second.id, "…so it has the same id (step 1)")
        #expect(factory.connectionsMade(for: chat) == 1, "The factory is asked once for a URL (step 1)")
    }

    @Test("Another URL gets another connection, and each URL keeps its own")
    func otherURLOtherConnection() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let support = try url("wss://support.example.com/socket")
        let chatConnection = try await pool.connection(for: chat)
        let supportConnection = try await pool.connection(for: support)
        #expect(chatConnection !== supportConnection, "Two URLs, two connections (step 1)")
        #expect(chatConnection.id != supportConnection.id, "Two connections, two ids (step 1)")
        #expect(
            try await pool.connection(for: chat) === chatConnection,
            "Asking for chat again gives chat's (step 1)")
        #expect(await pool.count == 2, "The pool holds one connection per URL (step 1)")
    }

    @Test("URLs that differ only in port, scheme, path or query each get their own connection")
    func wholeURLIsTheKey() async throws {
        let addresses = try [
            "wss://chat.example.com/socket", "wss://chat.example.com:8443/socket",
            "ws://chat.example.com/socket",
            "wss://chat.example.com/other", "wss://chat.example.com/socket?room=2",
            "wss://chat.example.com/Socket",
        ].map(url)
        var ids: [UUID] = []
        for address in addresses {
            ids.append(try await pool.connection(for: address).id)
        }
        #expect(
            Set(ids).count == addresses.count,
            "The key is the whole URL, not the host: one connection each for \(addresses.count) URLs (step 1)"
        )
        #expect(await pool.count == addresses.count, "The pool holds one connection per URL (step 1)")
        for (address, id) in zip(addresses, ids) {
            #expect(
                try await pool.connection(for: address).id == id,
                "\(address) keeps its own connection (step 1)")
        }
    }

    @Test("10,000 requests over 100 URLs make exactly 100 connections")
    func factoryAskedOncePerURL() async throws {
        let urls = try servers(100)
        var wrongURL = 0
        for _ in 0..<100 {
            for address in urls where try await pool.connection(for: address).url != address {
                wrongURL += 1
            }
        }
        #expect(wrongURL == 0, "Each request gets the connection for its own URL (step 1)")
        #expect(
            factory.connectionsMade == 100, "The factory is asked once per URL, not once per request (step 1)"
        )
        #expect(await pool.count == 100, "The pool holds 100 connections (step 1)")
    }

    @Test("A URL the factory refuses pools nothing, and its error reaches the caller")
    func refusedURLPoolsNothing() async throws {
        _ = try await pool.connection(for: try url("wss://chat.example.com/socket"))
        let files = try url("ftp://files.example.com")
        await #expect(
            throws: ConnectionFactoryError.unsupportedScheme(files),
            "The factory's error is passed on unchanged (step 1)"
        ) {
            try await pool.connection(for: files)
        }
        #expect(await pool.count == 1, "A refused URL adds nothing to the pool (step 1)")
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
        let first = try #require(seen.first, "Every task gets a connection (step 1)")
        #expect(seen.allSatisfy { $0 === first }, "Every task gets the same connection object (step 1)")
        #expect(factory.connectionsMade == 1, "The factory is asked once, however many ask at once (step 1)")
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
        #expect(pairs.count == 100, "Every URL got a connection (step 1)")
        #expect(pairs.values.allSatisfy { $0.count == 1 }, "Each URL's tasks all got one connection (step 1)")
        #expect(factory.connectionsMade == 100, "The factory made one connection per URL (step 1)")
        #expect(await pool.count == 100, "The pool holds one connection per URL (step 1)")
    }
}
