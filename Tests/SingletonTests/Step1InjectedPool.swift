import Foundation
import KataTestSupport
import MessagingKit
import Singleton
import Testing

/// Refuses every URL.
///
/// Declared here, in the tests: the manager has never heard of it, so all it may rely on is the
/// `ConnectionPooling` protocol.
private struct RefusingPool: ConnectionPooling {
    func makeHandle(for url: URL) async throws(ConnectionFactoryError) -> InMemoryConnectionPool.Handle {
        throw .unsupportedScheme(url)
    }
}

/// Serves every URL, even one no factory would accept: whether a URL is good is the pool's call.
private struct AcceptingPool: ConnectionPooling {
    let pool = InMemoryConnectionPool()

    func makeHandle(for url: URL) async throws(ConnectionFactoryError) -> InMemoryConnectionPool.Handle {
        // InMemoryConnectionPool refuses a URL without a host; this pool gives it one.
        let served = URL(string: "memory://served.test") ?? url
        return try await pool.makeHandle(for: url.host == nil ? served : url)
    }
}

/// `InMemoryConnectionPool` with a memory: it keeps every handle it hands out, so a test can play
/// the server of the connection behind the handle the manager handed on.
///
/// Declared here, in the tests: the manager knows only the `ConnectionPooling` role.
private actor ServingPool: ConnectionPooling {
    let pool = InMemoryConnectionPool()
    private(set) var handed: [InMemoryConnectionPool.Handle] = []

    func makeHandle(for url: URL) async throws(ConnectionFactoryError) -> InMemoryConnectionPool.Handle {
        let handle = try await pool.makeHandle(for: url)
        handed.append(handle)
        return handle
    }

    /// The connection behind the first handle this pool handed out.
    func firstConnection() throws -> RecordingConnection {
        try #require(
            handed.first?.connection,
            "The manager's handle comes from the pool it was given, and that pool made none (step 1)")
    }
}

@Suite("Singleton · Step 1 — Hand out handles from the pool it was given", .tags(.messaging))
struct Step1InjectedPool {
    let pool = InMemoryConnectionPool()
    let manager: ConnectionManager

    init() {
        manager = ConnectionManager(pool: pool)
    }

    @Test("A handle from the manager comes from the pool it was given")
    func handleFromInjectedPool() async throws {
        let hatches = try EscapeHatches.findings(inPattern: "Singleton")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 1))")
        let chat = try url("wss://chat.example.com/socket")
        let handler = try await manager.makeHandle(for: chat)
        #expect(await pool.requests == [chat], "The manager asks the pool it was given (step 1)")
        #expect(handler.url == chat, "The handle is on a connection to the URL asked for (step 1)")
        #expect(await pool.openHandles == 1, "The handle is the one the pool made (step 1)")
    }

    @Test("Every call asks the pool again, in order, for a handle of its own")
    func everyCallAsksThePool() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let support = try url("wss://support.example.com/socket")
        let screen = try await manager.makeHandle(for: chat)
        let help = try await manager.makeHandle(for: support)
        let badge = try await manager.makeHandle(for: chat)
        #expect(
            await pool.requests == [chat, support, chat],
            "The manager asks the pool on every call, even for a URL it has seen: sharing is the pool's job (step 1)"
        )
        #expect(screen !== badge && screen !== help, "Every call gets a handle of its own (step 1)")
    }

    @Test("Two managers with pools of their own share nothing")
    func managersAreIndependent() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let otherPool = InMemoryConnectionPool()
        let other = ConnectionManager(pool: otherPool)
        _ = try await manager.makeHandle(for: chat)
        _ = try await other.makeHandle(for: chat)
        #expect(
            await pool.requests == [chat], "A manager uses its own pool, not a hidden global one (step 1)")
        #expect(await otherPool.requests == [chat], "…and the other manager uses the other pool (step 1)")
    }

    @Test("Whether a URL is good is the pool's call: the manager checks nothing itself")
    func managerLeavesURLsToThePool() async throws {
        let pool = AcceptingPool()
        let manager = ConnectionManager(pool: pool)
        for text in ["pigeon://coop.example.com", "memory:chat", "ftp:///files"] {
            let address = try url(text)
            await #expect(throws: Never.self, "\(text): the pool serves it, so the manager must too (step 1)")
            {
                _ = try await manager.makeHandle(for: address)
            }
        }
        #expect(await pool.pool.requests.count == 3, "Every URL reached the pool (step 1)")
    }

    @Test("A URL the pool refuses comes back as the pool's error, unchanged")
    func refusedURL() async throws {
        let manager = ConnectionManager(pool: RefusingPool())
        let chat = try url("wss://chat.example.com/socket")
        await #expect(
            throws: ConnectionFactoryError.unsupportedScheme(chat),
            "The manager passes the pool's error on, unchanged (step 1)"
        ) {
            try await manager.makeHandle(for: chat)
        }
    }

    @Test("The manager keeps no handle alive: a dropped handle is gone")
    func droppedHandleIsGone() async throws {
        let chat = try url("wss://chat.example.com/socket")
        var screen: (any ConnectionHandling)? = try await manager.makeHandle(for: chat)
        #expect(screen?.isOpen == true, "A new handle is open (step 1)")
        #expect(await pool.openHandles == 1, "The pool counts the open handle (step 1)")
        // The screen goes away without calling close(): nobody holds its handle any more.
        screen = nil
        #expect(
            await pool.openHandles == 0,
            "The manager must not hold on to handles: a dropped one would keep its connection in use forever (step 1)"
        )
    }

    @Test("1,000 tasks asking one manager at once are all served by its one pool")
    func manyTasks() async throws {
        let urls = try (0..<10).map { try url("wss://chat.example.com/room/\($0)") }
        let manager = self.manager
        let handled = try await withThrowingTaskGroup(of: URL.self) { group in
            for index in 0..<1_000 {
                let address = urls[index % urls.count]
                group.addTask { try await manager.makeHandle(for: address).url }
            }
            return try await group.reduce(into: [URL]()) { $0.append($1) }
        }
        #expect(handled.count == 1_000, "Every task gets a handle (step 1)")
        #expect(
            await pool.requests.count == 1_000, "Every task's request reached the manager's pool (step 1)")
        #expect(
            Set(await pool.requests) == Set(urls), "Each task asked for its own URL, unchanged (step 1)")
    }

    @Test("A handle from the manager sends over its pool's connection")
    func handleSends() async throws {
        let pool = ServingPool()
        let manager = ConnectionManager(pool: pool)
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await manager.makeHandle(for: chat)
        let connection = try await pool.firstConnection()
        let message = try Event("message", payload: ["text": "hello"])

        try screen.send(message)

        #expect(
            connection.sentEvents == [message],
            "What a screen sends through the manager's handle goes over the pool's connection (step 1)")
    }

    @Test("A subscription through the manager's handle hears its connection's events, and may reply")
    func handleListens() async throws {
        let pool = ServingPool()
        let manager = ConnectionManager(pool: pool)
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await manager.makeHandle(for: chat)
        let connection = try await pool.firstConnection()
        let message = try Event("message", payload: ["text": "hello"])
        let typing = try Event("typing", payload: ["user": "ana"])
        let seen = try Event("seen", payload: ["by": "ana"])
        let heard = Heard()
        screen.onEvent(message.name) { [screen] event in
            heard.record(event)
            try? screen.send(seen)  // replies from inside the subscription
        }

        connection.receive(typing)
        connection.receive(message)

        #expect(
            heard.events == [message], "The subscription hears its connection's events of its name (step 1)")
        #expect(
            connection.sentEvents == [seen], "…and may send through its handle while hearing one (step 1)")
    }

    @Test("A closed handle refuses to send with HandleError.closed, and its pool sees it closed")
    func closedHandleRefuses() async throws {
        let pool = ServingPool()
        let manager = ConnectionManager(pool: pool)
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await manager.makeHandle(for: chat)
        let connection = try await pool.firstConnection()
        #expect(await pool.pool.openHandles == 1, "The pool counts the open handle (step 1)")

        screen.close()

        #expect(
            throws: HandleError.closed(chat), "A closed handle refuses every send, naming its URL (step 1)"
        ) {
            try screen.send(try Event("message"))
        }
        #expect(connection.sentEvents.isEmpty, "Nothing went out over the connection (step 1)")
        #expect(await pool.pool.openHandles == 0, "Closing the manager's handle closes the pool's (step 1)")
    }

    @Test("A send passes on the connection's error unchanged")
    func sendPassesErrorOn() async throws {
        let pool = ServingPool()
        let manager = ConnectionManager(pool: pool)
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await manager.makeHandle(for: chat)
        let connection = try await pool.firstConnection()
        connection.disconnect()  // The network drops.

        #expect(
            throws: TransportError.notConnected(.disconnected),
            "The connection's own error reaches the screen, unchanged (step 1)"
        ) {
            try screen.send(try Event("message"))
        }
        #expect(screen.isOpen, "A failed send leaves the handle open (step 1)")
    }
}
