import Flyweight
import Foundation
import KataTestSupport
import MessagingKit
import Testing

@Suite("Flyweight · Step 1 — One shared connection per URL", .tags(.messaging))
struct Step1SharedConnection {
    let factory = CountingFactory()
    let pool: ConnectionPool

    init() {
        pool = ConnectionPool(factory: factory)
    }

    @Test(
        "Handles on the same URL are on the same connection, the one the factory made, and name its url [1.1, 1.3]"
    )
    func sameURLSameConnection() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let first = try await pool.makeHandle(for: chat)
        let second = try await pool.makeHandle(for: chat)
        #expect(
            first.connectionID == second.connectionID,
            "Two handles on one URL share one connection (rule 1.1)")
        #expect(factory.connectionsMade(for: chat) == 1, "The factory is asked once for a URL (rule 1.3)")
        #expect(
            first.connectionID == (try factory.connection(for: chat)).id,
            "…and the handles are on the very connection it made (rule 1.1)")
        #expect(first.url == chat, "A handle names its connection's URL (rule 1.1)")

        // A factory may normalise the URL: the connection's url is then not the URL asked for.
        let normalizing = CountingFactory(normalizing: true)
        let shouting = try url("WSS://Chat.example.com/Room?ID=A")
        let pool = ConnectionPool(factory: normalizing)
        let badge = try await pool.makeHandle(for: shouting)
        let tracker = try await pool.makeHandle(for: shouting)
        let connection = try normalizing.connection(for: shouting)
        try #require(
            connection.url.absoluteString == "wss://chat.example.com/Room?ID=A",
            "The test's factory connects to the URL with its scheme and host lowercased (test setup)")
        #expect(
            badge.url == connection.url && tracker.url == connection.url,
            "A handle names its connection's url, not the URL asked for, when the factory normalised it (rule 1.1)"
        )
        #expect(
            badge.connectionID == connection.id && tracker.connectionID == connection.id,
            "…and both are on that one connection (rule 1.1)")
        #expect(normalizing.connectionsMade == 1, "The factory is asked once for the URL (rule 1.3)")
    }

    @Test("Another URL gets another connection, and each URL keeps its own [1.1, 1.2, 1.5]")
    func otherURLOtherConnection() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let support = try url("wss://support.example.com/socket")
        let chatHandle = try await pool.makeHandle(for: chat)
        let supportHandle = try await pool.makeHandle(for: support)
        #expect(chatHandle.connectionID != supportHandle.connectionID, "Two URLs, two connections (rule 1.2)")
        #expect(
            try await pool.makeHandle(for: chat).connectionID == chatHandle.connectionID,
            "Asking for chat again gives a handle on chat's connection (rule 1.1)")
        #expect(await pool.count == 2, "The pool holds one connection per URL (rule 1.5)")
    }

    @Test(
        "URLs that differ only in port, scheme, user, password, path, query or case each get their own connection [1.2, 1.5]"
    )
    func wholeURLIsTheKey() async throws {
        let addresses = try [
            "wss://chat.example.com/socket", "wss://chat.example.com:8443/socket",
            "wss://chat.example.com:8444/socket", "wss://chat.example.com:443/socket",
            "ws://chat.example.com/socket",
            "wss://chat.example.com/other", "wss://chat.example.com/socket?room=2",
            "wss://chat.example.com/Socket",
            "wss://alice@chat.example.com/socket", "wss://bob@chat.example.com/socket",
            "wss://alice:secret@chat.example.com/socket", "wss://alice:Secret@chat.example.com/socket",
        ].map(url)
        var ids: [UUID] = []
        for address in addresses {
            ids.append(try await pool.makeHandle(for: address).connectionID)
        }
        #expect(
            Set(ids).count == addresses.count,
            "The key is the whole URL, user and password included, not the host: one connection each for \(addresses.count) URLs (rule 1.2)"
        )
        #expect(await pool.count == addresses.count, "The pool holds one connection per URL (rule 1.5)")
        for (address, id) in zip(addresses, ids) {
            #expect(
                try await pool.makeHandle(for: address).connectionID == id,
                "\(address) keeps its own connection (rule 1.2)")
        }
    }

    @Test("10,000 handles over 100 URLs make exactly 100 connections [1.1, 1.3, 1.5]")
    func factoryAskedOncePerURL() async throws {
        let urls = try servers(100)
        var wrongURL = 0
        for _ in 0..<100 {
            for address in urls where try await pool.makeHandle(for: address).url != address {
                wrongURL += 1
            }
        }
        #expect(wrongURL == 0, "Each handle is on the connection for its own URL (rule 1.1)")
        #expect(
            factory.connectionsMade == 100,
            "The factory is asked once per URL, not once per request (rule 1.3)"
        )
        #expect(await pool.count == 100, "The pool holds 100 connections (rule 1.5)")
    }

    @Test(
        "A URL the factory refuses pools nothing, and its error, whichever it is, reaches the caller after one ask [1.3, 1.4, 1.5]",
        arguments: [
            ("ftp://files.example.com", FactoryRefusal.unsupportedScheme),
            ("https://chat.example.com/socket", .unsupportedScheme),
            ("wss:///socket", .missingHost),
            ("ws:socket", .missingHost),
        ])
    func refusedURLPoolsNothing(text: String, refusal: FactoryRefusal) async throws {
        // The factory's `makeConnection(for:)` throws only `ConnectionFactoryError`
        // (`throws(ConnectionFactoryError)`), so its two cases are every error it can give.
        _ = try await pool.makeHandle(for: try url("wss://chat.example.com/socket"))
        let refused = try url(text)
        let expected: ConnectionFactoryError =
            switch refusal {
            case .unsupportedScheme: .unsupportedScheme(refused)
            case .missingHost: .missingHost(refused)
            }
        let asked = factory.asked
        await #expect(
            throws: expected,
            "The factory's error (\(expected)) is passed on unchanged, not reworded (rule 1.4)"
        ) {
            try await pool.makeHandle(for: refused)
        }
        #expect(
            factory.asked == asked + 1,
            "The factory is asked once for the refused URL, not again when it refuses (rules 1.3, 1.4)")
        #expect(await pool.count == 1, "A refused URL adds nothing to the pool (rule 1.4)")
    }

    @Test("1,000 tasks asking for one URL at once share one connection [1.6, 1.7]")
    func oneURLManyTasks() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let pool = self.pool
        let ids = try await withThrowingTaskGroup(of: UUID.self) { group in
            for _ in 0..<1_000 {
                group.addTask { try await pool.makeHandle(for: chat).connectionID }
            }
            return try await group.reduce(into: Set<UUID>()) { $0.insert($1) }
        }
        #expect(ids.count == 1, "Every task gets a handle on the same connection (rule 1.6)")
        #expect(
            factory.connectionsMade == 1, "The factory is asked once, however many ask at once (rule 1.6)")
        let hatches = try EscapeHatches.findings(inPattern: "Flyweight")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 1))")
    }

    @Test("Tasks over 100 URLs at once make exactly one connection per URL [1.3, 1.5, 1.6]")
    func manyURLsManyTasks() async throws {
        let urls = try servers(100)
        let pool = self.pool
        let pairs = try await withThrowingTaskGroup(of: (URL, UUID).self) { group in
            for _ in 0..<10 {
                for address in urls {
                    group.addTask { (address, try await pool.makeHandle(for: address).connectionID) }
                }
            }
            return try await group.reduce(into: [URL: Set<UUID>]()) { $0[$1.0, default: []].insert($1.1) }
        }
        #expect(pairs.count == 100, "Every URL got a connection (rule 1.6)")
        #expect(
            pairs.values.allSatisfy { $0.count == 1 }, "Each URL's tasks all got one connection (rule 1.6)")
        #expect(factory.connectionsMade == 100, "The factory made one connection per URL (rule 1.6)")
        #expect(await pool.count == 100, "The pool holds one connection per URL (rule 1.5)")
    }
}

/// Which of `ConnectionFactoryError`'s cases a URL gets from ``CountingFactory``.
enum FactoryRefusal: Sendable {
    case unsupportedScheme, missingHost
}
