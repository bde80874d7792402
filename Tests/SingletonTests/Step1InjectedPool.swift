import Foundation
import KataTestSupport
import MessagingKit
import Singleton
import Synchronization
import Testing

/// What a ``RefusingPool`` may throw besides ``ConnectionFactoryError``: an error of a pool the
/// manager has never heard of.
private struct PoolRefused: Error, Equatable {
    let url: URL
}

/// What a ``RefusingPool`` throws when it is asked again after it refused: a manager that passes
/// this on asked twice.
private struct AskedAgain: Error, Equatable {
    let url: URL
}

/// Refuses the first request with the error it was given, and any later one with ``AskedAgain``,
/// and counts the requests.
///
/// Declared here, in the tests: the manager has never heard of it, so all it may rely on is the
/// `ConnectionPooling` protocol.
private final class RefusingPool: ConnectionPooling {
    let refusal: @Sendable (URL) -> any Error
    private let count = Mutex(0)

    init(refusal: @escaping @Sendable (URL) -> any Error) {
        self.refusal = refusal
    }

    /// How many times the pool was asked for a handle.
    var requests: Int { count.withLock { $0 } }

    func makeHandle(for url: URL) async throws -> InMemoryConnectionPool.Handle {
        let call = count.withLock { count in
            count += 1
            return count
        }
        throw call == 1 ? refusal(url) : AskedAgain(url: url)
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

/// Refuses the first request with the error it was given, then serves every later one (the
/// network is back), and counts the requests.
private final class RecoveringPool: ConnectionPooling {
    let refusal: @Sendable (URL) -> any Error
    let pool = InMemoryConnectionPool()
    private let count = Mutex(0)

    init(refusal: @escaping @Sendable (URL) -> any Error) {
        self.refusal = refusal
    }

    /// How many times the pool was asked for a handle.
    var requests: Int { count.withLock { $0 } }

    func makeHandle(for url: URL) async throws -> InMemoryConnectionPool.Handle {
        let call = count.withLock { count in
            count += 1
            return count
        }
        if call == 1 { throw refusal(url) }
        return try await pool.makeHandle(for: url)
    }
}

/// `InMemoryConnectionPool` with a memory: it keeps every handle it hands out, so a test can play
/// the server of the connection behind the handle the manager handed on. It may serve a URL on a
/// connection to another spelling of it, as a pool that shares one connection per server does.
///
/// Declared here, in the tests: the manager knows only the `ConnectionPooling` role.
private actor ServingPool: ConnectionPooling {
    let pool = InMemoryConnectionPool()
    private let serve: @Sendable (URL) -> URL
    private(set) var handed: [InMemoryConnectionPool.Handle] = []

    /// A pool that serves each URL on a connection to `serve(url)`: by default the URL itself.
    init(serving serve: @escaping @Sendable (URL) -> URL = { $0 }) {
        self.serve = serve
    }

    func makeHandle(for url: URL) async throws(ConnectionFactoryError) -> InMemoryConnectionPool.Handle {
        let handle = try await pool.makeHandle(for: serve(url))
        // Why connect here: these tests play screens that send at once; the handle's connection
        // connects at once, so the server is there when they do.
        try? handle.connect()
        handed.append(handle)
        return handle
    }

    /// The connection behind the first handle this pool handed out.
    func firstConnection() throws -> RecordingConnection {
        try #require(
            handed.first?.connection,
            "The manager's handle comes from the pool it was given, and that pool made none")
    }
}

@Suite(
    "Singleton · Step 1 — Hand out handles from the pool it was given", .tags(.messaging),
    .noEscapeHatches("Singleton", rule: "1.10"))
struct Step1InjectedPool {
    let pool = InMemoryConnectionPool()
    let manager: ConnectionManager

    init() {
        manager = ConnectionManager(pool: pool)
    }

    @Test("A handle from the manager comes from the pool it was given [1.1]")
    func handleFromInjectedPool() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let handler = try await manager.makeHandle(for: chat)
        #expect(await pool.requests == [chat], "The manager asks the pool it was given")
        #expect(handler.url == chat, "The handle is on a connection to the URL asked for")
        #expect(await pool.openHandles == 1, "The handle is the one the pool made")
    }

    @Test("Every call asks the pool again, in order, for a handle of its own [1.1]")
    func everyCallAsksThePool() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let support = try url("wss://support.example.com/socket")
        let screen = try await manager.makeHandle(for: chat)
        let help = try await manager.makeHandle(for: support)
        let badge = try await manager.makeHandle(for: chat)
        #expect(
            await pool.requests == [chat, support, chat],
            "The manager asks the pool on every call, even for a URL it has seen: sharing is the pool's job"
        )
        #expect(screen !== badge && screen !== help, "Every call gets a handle of its own")
    }

    @Test("The pool is asked for the URL exactly as given: case, port, path, query and all [1.1]")
    func urlReachesThePoolAsGiven() async throws {
        let addresses = try [
            "WSS://Chat.example.com/Room?ID=A", "wss://chat.example.com/room/",
            "wss://chat.example.com:443/room",
            "wss://chat.example.com/Room%20A?ID=A#Top", "wss://chat.example.com/rooms/../general",
            "wss://chat.example.com/./rooms/./general", "wss://chat.example.com",
            "wss://Chat.example.com?ID=A",
        ].map(url)
        for address in addresses {
            let handle = try await manager.makeHandle(for: address)
            #expect(
                handle.url.absoluteString == address.absoluteString,
                "\(address): the handle is on a connection to the URL asked for, not a rewritten one"
            )
        }
        #expect(
            await pool.requests.map(\.absoluteString) == addresses.map(\.absoluteString),
            "The manager hands the pool each URL as the screen gave it: normalising is not its job"
        )
    }

    @Test("Two managers with pools of their own share nothing [1.2]")
    func managersAreIndependent() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let otherPool = InMemoryConnectionPool()
        let other = ConnectionManager(pool: otherPool)
        _ = try await manager.makeHandle(for: chat)
        _ = try await other.makeHandle(for: chat)
        #expect(
            await pool.requests == [chat], "A manager uses its own pool, not a hidden global one")
        #expect(await otherPool.requests == [chat], "…and the other manager uses the other pool")
    }

    @Test("Whether a URL is good is the pool's call: the manager checks nothing itself [1.3]")
    func managerLeavesURLsToThePool() async throws {
        let pool = AcceptingPool()
        let manager = ConnectionManager(pool: pool)
        let texts = [
            "pigeon://coop.example.com", "memory:chat", "ftp:///files", "//chat.example.com/socket",
            "chat.example.com/socket", "https://chat.example.com/socket", "HTTP://chat.example.com",
            "Https://chat.example.com/socket",
        ]
        for text in texts {
            let address = try url(text)
            await #expect(
                throws: Never.self, "\(text): the pool serves it, so the manager must too"
            ) {
                _ = try await manager.makeHandle(for: address)
            }
        }
        #expect(
            await pool.pool.requests.count == texts.count,
            "Every URL reached the pool, those without a scheme or a host too")
    }

    @Test("A URL the pool refuses comes back as the pool's error, unchanged, after one request [1.4]")
    func refusedURL() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let unsupportedPool = RefusingPool { ConnectionFactoryError.unsupportedScheme($0) }
        let unsupported = ConnectionManager(pool: unsupportedPool)
        await #expect(
            throws: ConnectionFactoryError.unsupportedScheme(chat),
            "The manager passes the pool's error on, unchanged"
        ) {
            try await unsupported.makeHandle(for: chat)
        }
        #expect(
            unsupportedPool.requests == 1,
            "The manager asks the pool once, and takes no for an answer")
        // Other refusals too: a manager that rewords every refusal as one case of its own choosing
        // loses what the pool said.
        let noHostPool = RefusingPool { ConnectionFactoryError.missingHost($0) }
        let noHost = ConnectionManager(pool: noHostPool)
        await #expect(
            throws: ConnectionFactoryError.missingHost(chat),
            "The manager passes on every case of the pool's error, unchanged"
        ) {
            try await noHost.makeHandle(for: chat)
        }
        #expect(noHostPool.requests == 1, "One call, one request to the pool")
        let otherPool = RefusingPool { PoolRefused(url: $0) }
        let other = ConnectionManager(pool: otherPool)
        await #expect(
            throws: PoolRefused(url: chat),
            "The manager passes on an error of a type it has never heard of, unchanged"
        ) {
            try await other.makeHandle(for: chat)
        }
        #expect(otherPool.requests == 1, "One call, one request to the pool")
    }

    @Test(
        "A URL the pool refused is asked for again on the next call, and served once the pool serves it [1.1, 1.4]"
    )
    func refusedURLIsAskedForAgain() async throws {
        let chat = try url("wss://chat.example.com/socket")
        // Every case of the pool's error, and one of a type the manager has never heard of.
        let refusals: [@Sendable (URL) -> any Error] = [
            { ConnectionFactoryError.unsupportedScheme($0) }, { ConnectionFactoryError.missingHost($0) },
            { PoolRefused(url: $0) },
        ]
        for refusal in refusals {
            let pool = RecoveringPool(refusal: refusal)
            let manager = ConnectionManager(pool: pool)
            let expected = refusal(chat)
            do {
                _ = try await manager.makeHandle(for: chat)
                Issue.record("The pool refused \(chat) with \(expected): so does the manager")
            } catch {
                #expect(
                    isSame(error, as: expected),
                    "The manager passes on the pool's \(expected) unchanged, not \(error)")
            }
            do {
                let handle = try await manager.makeHandle(for: chat)
                #expect(
                    handle.url == chat && handle.isOpen,
                    "The pool serves \(chat) now, so the manager hands on its open handle")
            } catch {
                Issue.record(
                    "The manager asks the pool again on every call, even for a URL it refused before: it threw \(error)"
                )
            }
            #expect(
                pool.requests == 2,
                "Two calls, two requests to the pool: a refusal is not remembered; \(pool.requests) made"
            )
            #expect(await pool.pool.requests == [chat], "The pool served the second request")
        }
    }

    @Test("The manager keeps no handle alive: a dropped handle is gone, even one that subscribed [1.5]")
    func droppedHandleIsGone() async throws {
        let chat = try url("wss://chat.example.com/socket")
        var screen: (any ConnectionHandling)? = try await manager.makeHandle(for: chat)
        #expect(screen?.isOpen == true, "A new handle is open")
        #expect(await pool.openHandles == 1, "The pool counts the open handle")
        // The screen goes away without calling close(): nobody holds its handle any more.
        screen = nil
        #expect(
            await pool.openHandles == 0,
            "The manager must not hold on to handles: a dropped one would keep its connection in use forever"
        )

        // A screen that subscribed, then goes away without close(): its subscription doesn't
        // keep the handle alive either.
        let heard = Recorder<Event>()
        var listening: (any ConnectionHandling)? = try await manager.makeHandle(for: chat)
        listening?.onEvent(try EventName("message"), perform: heard.record)
        #expect(await pool.openHandles == 1, "The pool counts the listening handle")
        listening = nil
        #expect(
            await pool.openHandles == 0,
            "A subscription made through the manager's handle must not keep that handle alive once its screen drops it"
        )
    }

    @Test("1,000 tasks asking one manager at once are all served by its one pool [1.9]")
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
        #expect(handled.count == 1_000, "Every task gets a handle")
        #expect(
            await pool.requests.count == 1_000, "Every task's request reached the manager's pool")
        #expect(
            Set(await pool.requests) == Set(urls), "Each task asked for its own URL, unchanged")
    }

    @Test("A handle from the manager sends over its pool's connection [1.6]")
    func handleSends() async throws {
        let pool = ServingPool()
        let manager = ConnectionManager(pool: pool)
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await manager.makeHandle(for: chat)
        let connection = try await pool.firstConnection()
        let message = try Event("message", payload: ["text": "hello"])

        #expect(
            screen.connectionID == connection.id,
            "The handle's connectionID is the id of the pool's connection it sends over, not one of its own"
        )

        try screen.send(message)

        #expect(
            connection.sentEvents == [message],
            "What a screen sends through the manager's handle goes over the pool's connection")
    }

    @Test(
        "A handle names the server of the pool's connection, even when the pool serves the URL on another spelling [1.6]"
    )
    func handleNamesItsConnection() async throws {
        // The pool serves each URL on a connection to its lowercased spelling, and one without a
        // host on a server of its own.
        let pool = ServingPool { asked in
            asked.host == nil
                ? URL(string: "memory://served.test/chat") ?? asked
                : URL(string: asked.absoluteString.lowercased()) ?? asked
        }
        let manager = ConnectionManager(pool: pool)
        let asked = try ["WSS://Chat.Example.com/Room?ID=A", "memory:chat"].map(url)
        for (index, address) in asked.enumerated() {
            let screen = try await manager.makeHandle(for: address)
            let handed = await pool.handed
            let connection = try #require(
                handed.dropFirst(index).first?.connection,
                "The manager asks its pool for every handle")
            #expect(connection.url != address, "The pool served \(address) on another spelling (test data)")
            #expect(
                screen.url == connection.url,
                "The handle's url is its connection's, \(connection.url), not the \(address) asked for"
            )
            #expect(
                screen.connectionID == connection.id,
                "…and its connectionID is that connection's id")
        }
    }

    @Test("A handle stays open and sends after another screen asks for the same URL [1.6]")
    func handleOutlivesASecondRequest() async throws {
        let pool = ServingPool()
        let manager = ConnectionManager(pool: pool)
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await manager.makeHandle(for: chat)
        let badge = try await manager.makeHandle(for: chat)
        let handed = await pool.handed
        try #require(
            handed.count == 2, "The manager asked its pool once for each handle")
        let message = try Event("message", payload: ["text": "hello"])

        #expect(
            screen.isOpen && badge.isOpen,
            "A second handle for the same URL leaves the first open: only its screen closes it")
        try screen.send(message)

        #expect(
            handed[0].connection.sentEvents == [message],
            "The first handle still sends over its pool's connection")
        #expect(await pool.pool.openHandles == 2, "The pool counts both handles open")
    }

    @Test("A subscription through the manager's handle hears its connection's events, and may reply [1.6]")
    func handleListens() async throws {
        let pool = ServingPool()
        let manager = ConnectionManager(pool: pool)
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await manager.makeHandle(for: chat)
        let connection = try await pool.firstConnection()
        let message = try Event("message", payload: ["text": "hello"])
        let typing = try Event("typing", payload: ["user": "ana"])
        let seen = try Event("seen", payload: ["by": "ana"])
        let heard = Recorder<Event>()
        let alsoHeard = Recorder<Event>()
        screen.onEvent(message.name) { [screen] event in
            heard.record(event)
            try? screen.send(seen)  // replies from inside the subscription
        }
        screen.onEvent(message.name, perform: alsoHeard.record)

        connection.receive(typing)
        connection.receive(message)

        #expect(
            heard.all == [message], "The subscription hears its connection's events of its name"
        )
        #expect(
            alsoHeard.all == [message],
            "A second subscription to the same name on the same handle hears too; neither replaces the other"
        )
        #expect(
            connection.sentEvents == [seen], "…and may send through its handle while hearing one")
    }

    @Test(
        "A closed handle says so, refuses to send with HandleError.closed, and its pool sees it closed [1.7]")
    func closedHandleRefuses() async throws {
        let pool = ServingPool()
        let manager = ConnectionManager(pool: pool)
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await manager.makeHandle(for: chat)
        let connection = try await pool.firstConnection()
        #expect(await pool.pool.openHandles == 1, "The pool counts the open handle")

        #expect(screen.isOpen, "A new handle says it is open")

        screen.close()

        #expect(!screen.isOpen, "A closed handle says it is closed: isOpen is false")
        #expect(
            throws: HandleError.closed(chat), "A closed handle refuses every send, naming its URL"
        ) {
            try screen.send(try Event("message"))
        }
        #expect(connection.sentEvents.isEmpty, "Nothing went out over the connection")
        #expect(await pool.pool.openHandles == 0, "Closing the manager's handle closes the pool's")
    }

    @Test("A send passes on the connection's error unchanged [1.8]")
    func sendPassesErrorOn() async throws {
        let pool = ServingPool()
        let manager = ConnectionManager(pool: pool)
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await manager.makeHandle(for: chat)
        let connection = try await pool.firstConnection()
        connection.disconnect()  // The network drops.

        #expect(
            throws: TransportError.notConnected(.disconnected),
            "The connection's own error reaches the screen, unchanged"
        ) {
            try screen.send(try Event("message"))
        }
        #expect(screen.isOpen, "A failed send leaves the handle open")
    }
}
