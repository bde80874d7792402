import Flyweight
import Foundation
import KataTestSupport
import MessagingKit
import Testing

@Suite("Flyweight · Step 2 — Each caller gets its own handle", .tags(.messaging))
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

    @Test("Handles on one URL are separate objects on one shared connection [2.1]")
    func handlesShareConnection() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let badge = try await pool.makeHandle(for: chat)
        #expect(screen !== badge, "Every caller gets a handle of its own (rule 2.1)")
        #expect(
            screen.connectionID == badge.connectionID, "Both handles are on the same connection (rule 2.1)")
        #expect(screen.isOpen && badge.isOpen, "A new handle is open (rule 2.1)")
        #expect(factory.connectionsMade(for: chat) == 1, "Handles don't make connections (rule 2.1)")
    }

    @Test("Opening a handle starts connecting the shared connection, once [2.2]")
    func handleConnects() async throws {
        let chat = try url("wss://chat.example.com/socket")
        _ = try await pool.makeHandle(for: chat)
        let transport = try factory.transport(for: chat)
        #expect(
            transport.status == .connecting, "The first handle starts connecting the connection (rule 2.2)")
        try accept(transport)
        _ = try await pool.makeHandle(for: chat)
        #expect(transport.status == .connected, "Another handle keeps the connection as it is (rule 2.2)")
        #expect(transport.connectAttempts == 1, "One socket, connected once, for every handle (rule 2.2)")
    }

    @Test("A handle sends over the shared connection: every handle's events go out on one socket [2.5]")
    func handleSends() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let badge = try await pool.makeHandle(for: chat)
        let transport = try factory.transport(for: chat)
        try accept(transport)

        try screen.send(message)
        try badge.send(typing)
        try screen.send(typing)

        #expect(
            transport.sentEvents == [message, typing, typing],
            "Each handle's send goes over the one shared connection, in order (rule 2.5)")
        #expect(factory.connectionsMade(for: chat) == 1, "…the connection the factory made once (rule 2.5)")
    }

    @Test("A send passes on the connection's error unchanged [2.5]")
    func sendPassesErrorOn() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let transport = try factory.transport(for: chat)
        #expect(
            throws: TransportError.notConnected(.connecting),
            "Before the server accepts, the connection's own error reaches the caller, unchanged (rule 2.5)"
        ) {
            try screen.send(message)
        }
        try accept(transport)
        try transport.drop()
        #expect(
            throws: TransportError.notConnected(.disconnected),
            "Once the network dropped, the connection's error names that status: the handle passes it on (rule 2.5)"
        ) {
            try screen.send(message)
        }
        #expect(transport.sentEvents.isEmpty, "Nothing went out while not connected (rule 2.5)")
        #expect(screen.isOpen, "A failed send leaves the handle open (rule 2.5)")
    }

    @Test("A closed handle refuses to send with HandleError.closed; the other handles still send [2.6, 2.10]")
    func closedHandleRefusesToSend() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let badge = try await pool.makeHandle(for: chat)
        let transport = try factory.transport(for: chat)
        try accept(transport)

        screen.close()
        #expect(
            throws: HandleError.closed(chat),
            "A closed handle refuses every send, naming its URL (rule 2.6)"
        ) {
            try screen.send(message)
        }
        try badge.send(typing)
        #expect(
            transport.sentEvents == [typing],
            "The closed handle's event never went out; the open handle's did (rule 2.10)")
    }

    @Test("No handle can disconnect the connection for the others, not even the last one closed [2.7, 2.10]")
    func closingNeverDisconnects() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let badge = try await pool.makeHandle(for: chat)
        let transport = try factory.transport(for: chat)
        try accept(transport)

        screen.close()
        screen.close()
        try badge.send(message)
        #expect(
            transport.sentEvents == [message],
            "Closing one handle leaves the shared connection working for the others (rule 2.10)")
        badge.close()
        #expect(
            transport.status == .connected,
            """
            Closing a handle never disconnects the shared connection, even when it was the last: \
            whether an idle connection goes is the keeper's call (rule 2.7)
            """)
        #expect(factory.connectionsMade(for: chat) == 1, "…and it is still the one connection (rule 2.7)")
    }

    @Test(
        "A subscription may send through its own handle while hearing an event [2.12]",
        .timeLimit(.minutes(1)))
    func sendFromInsideSubscription() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let seen = try Event("seen", payload: ["by": "ana"])
        screen.onEvent(message.name) { [screen] _ in
            try? screen.send(seen)
        }
        let transport = try factory.transport(for: chat)
        try accept(transport)

        try transport.deliver(message)

        #expect(
            transport.sentEvents == [seen],
            "A subscription that replies through its handle while hearing an event is sent (rule 2.12)")
    }

    @Test("A new connection that refuses to connect is not pooled, and its error reaches the caller [2.3]")
    func refusedConnectPoolsNothing() async throws {
        let chat = try url("wss://chat.example.com/socket")
        factory.refuseConnect(true)
        await #expect(
            throws: ConnectRefused(url: chat),
            "The connection's refusal reaches the caller unchanged (rule 2.3)"
        ) {
            try await pool.makeHandle(for: chat)
        }
        #expect(await pool.count == 0, "A connection that refused to connect is not pooled (rule 2.3)")
        #expect(await !pool.isInUse(chat), "…and no handle was left behind on it (rule 2.3)")

        factory.refuseConnect(false)
        let screen = try await pool.makeHandle(for: chat)
        #expect(
            factory.connectionsMade(for: chat) == 2,
            "The next request asks the factory again: nothing was pooled half-way (rule 2.3)")
        #expect(
            screen.connectionID == (try factory.connection(for: chat)).id,
            "…and its handle is on the new connection (rule 2.3)")
    }

    @Test(
        "A connecting or connected connection is not asked to connect again, so one that would refuse still serves [2.2]"
    )
    func noConnectWhileConnectingOrConnected() async throws {
        // A managed connection (the State kata's) refuses connect() while connecting or
        // connected: a second screen must still get its handle.
        let chat = try url("wss://chat.example.com/socket")
        _ = try await pool.makeHandle(for: chat)
        let connection = try factory.connection(for: chat)
        connection.refuseConnect(true)
        let whileConnecting = try await pool.makeHandle(for: chat)
        try accept(try factory.transport(for: chat))
        let whileConnected = try await pool.makeHandle(for: chat)
        #expect(
            whileConnecting.isOpen && whileConnected.isOpen,
            "Only an idle or disconnected connection is asked to connect (rule 2.2)")
    }

    @Test("A pooled connection that refuses to connect stays pooled for the handles already on it [2.3, 2.4]")
    func refusedReconnectKeepsConnection() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let transport = try factory.transport(for: chat)
        try accept(transport)
        try transport.drop()
        let connection = try factory.connection(for: chat)
        connection.refuseConnect(true)

        await #expect(
            throws: ConnectRefused(url: chat),
            "A pooled connection's refusal reaches the caller unchanged (rule 2.3)"
        ) {
            try await pool.makeHandle(for: chat)
        }
        #expect(
            await pool.count == 1,
            "The connection stays pooled: the screen's handle is still on it (rule 2.4)")
        #expect(await pool.isInUse(chat), "…and still in use by that handle (rule 2.4)")
        screen.close()
        #expect(
            await !pool.isInUse(chat), "The refused request opened no handle that keeps it in use (rule 2.3)")

        connection.refuseConnect(false)
        #expect(
            try await pool.makeHandle(for: chat).connectionID == screen.connectionID,
            "Once it agrees to connect, the next handle is on the same pooled connection (rule 2.4)")
        #expect(factory.connectionsMade(for: chat) == 1, "The factory was asked once (rule 2.4)")
    }

    @Test("Each handle hears only the events it subscribed to [2.8]")
    func handleHearsItsOwnSubscriptions() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let badge = try await pool.makeHandle(for: chat)
        let screenHeard = Recorder<Event>()
        let badgeHeard = Recorder<Event>()
        screen.onEvent(message.name, perform: screenHeard.record)
        badge.onEvent(typing.name, perform: badgeHeard.record)

        let transport = try factory.transport(for: chat)
        try accept(transport)
        try transport.deliver(message)
        try transport.deliver(typing)

        #expect(screenHeard.all == [message], "The screen subscribed to messages only (rule 2.8)")
        #expect(badgeHeard.all == [typing], "The badge subscribed to typing only (rule 2.8)")
    }

    @Test("A closed handle hears nothing more; the other handles still do [2.10]")
    func closedHandleHearsNothing() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let badge = try await pool.makeHandle(for: chat)
        let screenHeard = Recorder<Event>()
        let badgeHeard = Recorder<Event>()
        screen.onEvent(message.name, perform: screenHeard.record)
        badge.onEvent(message.name, perform: badgeHeard.record)
        let transport = try factory.transport(for: chat)
        try accept(transport)

        screen.close()
        try transport.deliver(message)

        #expect(screenHeard.all.isEmpty, "A closed handle's subscriptions hear nothing (rule 2.10)")
        #expect(badgeHeard.all == [message], "Closing one handle leaves the others working (rule 2.10)")
        #expect(!screen.isOpen, "close() closes the handle (rule 2.10)")
        #expect(badge.isOpen, "…and only that handle (rule 2.10)")
    }

    // Why the time limit: a handle that calls subscriptions while holding its own lock deadlocks
    // here with most locks (Mutex stops the run with "Recursive call to lock Mutex"). The run
    // can't be freed, but after a minute the log names this test.
    @Test("Every subscription hears, even two to one name; none made after close() does [2.9]")
    func subscriptionsAddUp() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let list = Recorder<Event>()
        let banner = Recorder<Event>()
        screen.onEvent(message.name, perform: list.record)
        screen.onEvent(message.name, perform: banner.record)
        let transport = try factory.transport(for: chat)
        try accept(transport)
        try transport.deliver(message)
        #expect(list.all == [message], "A second subscription doesn't replace the first (rule 2.9)")
        #expect(banner.all == [message], "…both hear the event (rule 2.9)")

        screen.close()
        let late = Recorder<Event>()
        screen.onEvent(message.name, perform: late.record)
        try transport.deliver(message)
        #expect(late.all.isEmpty, "A subscription made after close() hears nothing (rule 2.9)")
    }

    @Test("A new handle reconnects a shared connection the network dropped [2.2]")
    func newHandleReconnects() async throws {
        let chat = try url("wss://chat.example.com/socket")
        _ = try await pool.makeHandle(for: chat)
        let transport = try factory.transport(for: chat)
        try accept(transport)
        try transport.drop()
        _ = try await pool.makeHandle(for: chat)
        #expect(
            transport.status == .connecting,
            "Opening a handle starts connecting a disconnected connection, not only an idle one (rule 2.2)")
        #expect(factory.connectionsMade(for: chat) == 1, "…the same connection, not a new one (rule 2.2)")
    }

    @Test("A new handle reconnects a dropped connection even while other handles are open on it [2.2]")
    func newHandleReconnectsWhileOthersOpen() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let transport = try factory.transport(for: chat)
        try accept(transport)
        try transport.drop()
        let badge = try await pool.makeHandle(for: chat)
        #expect(
            transport.status == .connecting,
            """
            The screen's handle is still open, and the network dropped the connection: opening the \
            badge's handle starts connecting it again, whoever else holds one (rule 2.2)
            """)
        try accept(transport)
        try badge.send(message)
        try screen.send(typing)
        #expect(
            transport.sentEvents == [message, typing],
            "…and once the server accepts, both handles send over it again (rule 2.2)")
        #expect(
            transport.connectAttempts == 2, "One connect for the first handle, one after the drop (rule 2.2)")
    }

    @Test(
        "A subscription may close its own handle while hearing an event [2.12, 2.14]", .timeLimit(.minutes(1))
    )
    func closeFromInsideSubscription() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let heard = Recorder<Event>()
        screen.onEvent(message.name) { [screen] event in
            heard.record(event)
            screen.close()
        }
        let transport = try factory.transport(for: chat)
        try accept(transport)

        try transport.deliver(message)
        try transport.deliver(message)

        #expect(
            heard.all == [message], "The first event is heard; once closed, the second is not (rule 2.12)")
        #expect(!screen.isOpen, "Closing from inside a subscription closes the handle (rule 2.12)")
        #expect(await !pool.isInUse(chat), "…and the pool sees it closed (rule 2.14)")
    }

    @Test(
        "A subscription may subscribe its own handle again while hearing an event [2.12]",
        .timeLimit(.minutes(1)))
    func subscribeFromInsideSubscription() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let later = Recorder<Event>()
        screen.onEvent(message.name) { [screen, typing] _ in
            screen.onEvent(typing.name, perform: later.record)
        }
        let transport = try factory.transport(for: chat)
        try accept(transport)

        try transport.deliver(message)
        try transport.deliver(typing)

        #expect(
            later.all == [typing],
            "A subscription made from inside a subscription is kept, and hears the next event (rule 2.12)")
    }

    @Test(
        "Handles opened, subscribed and closed from many tasks at once keep their state, with no escape hatch [2.16, 1.7]"
    )
    func handlesFromManyTasks() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let pool = self.pool
        let heard = Recorder<Event>()
        let name = message.name
        let kept = try await withThrowingTaskGroup(of: ConnectionHandle?.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    let handle = try await pool.makeHandle(for: chat)
                    handle.onEvent(name, perform: heard.record)
                    guard index.isMultiple(of: 2) else {
                        handle.close()
                        return nil
                    }
                    return handle
                }
            }
            return try await group.reduce(into: [ConnectionHandle]()) { kept, handle in
                if let handle { kept.append(handle) }
            }
        }
        try accept(try factory.transport(for: chat))
        try factory.transport(for: chat).deliver(message)

        #expect(
            kept.count == 500 && kept.allSatisfy(\.isOpen),
            "Every handle opened from its own task is open until it is closed (rule 2.16)")
        #expect(
            heard.all.count == 500,
            "Each of the 500 handles still open hears the event once; the 500 closed ones don't (rule 2.16)")
        #expect(await pool.isInUse(chat), "Open handles keep the connection in use (rule 2.16)")
        for handle in kept { handle.close() }
        #expect(await !pool.isInUse(chat), "…until the last is closed (rule 2.16)")
        let hatches = try EscapeHatches.findings(inPattern: "Flyweight")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 2))")
    }

    @Test("isInUse is false for a URL the pool never saw, true once a handle is open [2.14]")
    func isInUseForUnseenURL() async throws {
        let chat = try url("wss://chat.example.com/socket")
        #expect(
            await !pool.isInUse(chat),
            "A URL the pool never saw is not in use, and nothing crashes (rule 2.14)")
        #expect(await pool.count == 0, "Asking isInUse pools nothing (rule 2.14)")
        let screen = try await pool.makeHandle(for: chat)
        #expect(await pool.isInUse(chat), "An open handle: in use (rule 2.14)")
        screen.close()
    }

    @Test("Closing the newer of two handles leaves the connection in use [2.14]")
    func closingNewerHandleKeepsInUse() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let older = try await pool.makeHandle(for: chat)
        let newer = try await pool.makeHandle(for: chat)
        newer.close()
        #expect(
            await pool.isInUse(chat),
            "The older handle is still open: the pool tracks every handle, not the last (rule 2.14)")
        #expect(await pool.count == 1, "…and the connection stays pooled (rule 2.14)")
        older.close()
    }

    @Test("A connection is in use while any of its handles is open [2.14, 2.10]")
    func inUseWhileAnyHandleOpen() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let badge = try await pool.makeHandle(for: chat)
        #expect(await pool.isInUse(chat), "Two open handles: in use (rule 2.14)")
        screen.close()
        #expect(await pool.isInUse(chat), "One handle still open: still in use (rule 2.14)")
        badge.close()
        badge.close()
        #expect(await !pool.isInUse(chat), "Every handle closed: not in use (rule 2.14)")
    }

    @Test("A handle nobody holds any more no longer keeps its connection in use [2.1, 2.15]")
    func droppedHandleIsNotInUse() async throws {
        let chat = try url("wss://chat.example.com/socket")
        var screen: ConnectionHandle? = try await pool.makeHandle(for: chat)
        #expect(screen?.isOpen == true, "A new handle is open (rule 2.1)")
        #expect(await pool.isInUse(chat), "An open handle keeps the connection in use (rule 2.15)")
        // The screen goes away without calling close(): its handle is freed.
        screen = nil
        #expect(
            await !pool.isInUse(chat),
            "A dropped handle doesn't keep the connection in use: the pool must not hold handles alive (rule 2.15)"
        )
    }

    @Test("The pool listens to each connection once, however many handles it opens [2.13]")
    func oneListenerPerConnection() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let earlier = Recorder<Event>()
        for _ in 0..<1_000 {
            let handle = try await pool.makeHandle(for: chat)
            handle.onEvent(message.name, perform: earlier.record)
            handle.close()
        }
        let screen = try await pool.makeHandle(for: chat)
        let heard = Recorder<Event>()
        screen.onEvent(message.name, perform: heard.record)
        try accept(try factory.transport(for: chat))
        try factory.transport(for: chat).deliver(message)

        #expect(heard.all == [message], "The open handle hears the event (rule 2.13)")
        #expect(earlier.all.isEmpty, "The 1,000 closed handles hear nothing (rule 2.13)")
        #expect(
            try factory.connection(for: chat).listenerCount == 1,
            """
            The connection can't unsubscribe, so the pool gives it one listener and passes events on \
            to the open handles: 1,001 handles must not leave 1,001 listeners on the socket (rule 2.13)
            """)
    }

    @Test("Closing a handle lets go of its subscriptions, and the pool keeps nothing of it [2.11, 2.15]")
    func closeLetsGo() async throws {
        let chat = try url("wss://chat.example.com/socket")
        var handle: ConnectionHandle? = try await pool.makeHandle(for: chat)
        var screen: Screen? = Screen()
        let watchedScreen = Watched(screen)
        let watchedHandle = Watched(handle)
        handle?.onEvent(message.name) { [screen] _ in _ = screen }
        screen = nil
        #expect(
            watchedScreen.object != nil,
            "An open handle keeps its subscriptions, and what they capture (rule 2.11)")

        handle?.close()
        #expect(
            watchedScreen.object == nil,
            "close() lets go of the subscriptions, even while the handle is still held: the screen is freed (rule 2.11)"
        )
        handle = nil
        #expect(
            watchedHandle.object == nil,
            "Once its caller lets go, a closed handle is freed: neither the pool nor the connection keeps it (rule 2.15)"
        )
        #expect(await !pool.isInUse(chat), "…and the connection is not in use (rule 2.15)")
    }
}
