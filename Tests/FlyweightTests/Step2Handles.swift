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

    @Test(
        "A send passes on whatever the connection throws, unchanged, after one try [2.5]",
        arguments: sendRefusals)
    func sendPassesEveryErrorOn(refusal: any Error) async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        try accept(try factory.transport(for: chat))
        let connection = try factory.connection(for: chat)
        connection.refuseSend(with: refusal)
        let thrown = #expect(
            throws: (any Error).self, "The connection's refusal reaches the caller (rule 2.5)"
        ) {
            try screen.send(message)
        }
        #expect(
            thrown.map { isSame($0, as: refusal) } == true,
            "The connection's own error reaches the caller unchanged, its type and value: \(refusal), not \(thrown.map { "\($0)" } ?? "nothing") (rule 2.5)"
        )
        #expect(
            connection.sendAttempts == 1, "One send, one call to the connection: no retry (rule 2.5)")
        #expect(
            connection.connectAttempts == 1,
            "A failed send asks the connection nothing else: no reconnect (rule 2.5)")
        #expect(screen.isOpen, "A failed send leaves the handle open (rule 2.5)")
    }

    @Test("A closed handle refuses to send with HandleError.closed; the other handles still send [2.6, 2.8]")
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
            "The closed handle's event never went out; the open handle's did (rule 2.8)")
    }

    @Test("No handle can disconnect the connection for the others, not even the last one closed [2.7, 2.8]")
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
            "Closing one handle leaves the shared connection working for the others (rule 2.8)")
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
        "A new connection that refuses to connect is not pooled, and its error, whatever it is, reaches the caller after one try [2.3]",
        arguments: connectRefusals)
    func refusedConnectPoolsNothing(refusal: any Error) async throws {
        let chat = try url("wss://chat.example.com/socket")
        factory.refuseConnect(with: refusal)
        let thrown = await #expect(
            throws: (any Error).self,
            "makeHandle throws when the new connection refuses to connect (rule 2.3)"
        ) {
            try await pool.makeHandle(for: chat)
        }
        #expect(
            thrown.map { isSame($0, as: refusal) } == true,
            "The connection's refusal reaches the caller unchanged, its type and value: \(refusal), not \(thrown.map { "\($0)" } ?? "nothing") (rule 2.3)"
        )
        #expect(
            try factory.connection(for: chat).connectAttempts == 1,
            "connect() was called once, not again when it refused (rule 2.3)")
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

    @Test(
        "A pooled connection nobody uses stays pooled, unreleased, when it refuses to connect: only the keeper gives it back [2.3, 2.4]"
    )
    func refusedReconnectWithNoHandleKeepsConnection() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let transport = try factory.transport(for: chat)
        try accept(transport)
        screen.close()
        try transport.drop()
        let connection = try factory.connection(for: chat)
        connection.refuseConnect(true)

        await #expect(
            throws: ConnectRefused(url: chat),
            "A pooled connection's refusal reaches the caller unchanged, though no handle is open on it (rule 2.3)"
        ) {
            try await pool.makeHandle(for: chat)
        }
        #expect(
            await pool.count == 1,
            "No handle is open on it, and it still stays pooled, where the keeper sees it: only the keeper gives a connection back (rule 2.4)"
        )
        #expect(await !pool.isInUse(chat), "…not in use: the refused request opened no handle (rule 2.3)")
        #expect(connection.releaseAttempts == 0, "…and not released by the pool (rule 2.4)")

        connection.refuseConnect(false)
        #expect(
            try await pool.makeHandle(for: chat).connectionID == connection.id,
            "Once it agrees to connect, the next handle is on the same pooled connection (rule 2.4)")
        #expect(factory.connectionsMade(for: chat) == 1, "The factory was asked once (rule 2.4)")
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

    @Test("isInUse is false for a URL the pool never saw, true once a handle is open [2.10]")
    func isInUseForUnseenURL() async throws {
        let chat = try url("wss://chat.example.com/socket")
        #expect(
            await !pool.isInUse(chat),
            "A URL the pool never saw is not in use, and nothing crashes (rule 2.10)")
        #expect(await pool.count == 0, "Asking isInUse pools nothing (rule 2.10)")
        let screen = try await pool.makeHandle(for: chat)
        #expect(await pool.isInUse(chat), "An open handle: in use (rule 2.10)")
        screen.close()
    }

    @Test("Closing the newer of two handles leaves the connection in use [2.10]")
    func closingNewerHandleKeepsInUse() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let older = try await pool.makeHandle(for: chat)
        let newer = try await pool.makeHandle(for: chat)
        newer.close()
        #expect(
            await pool.isInUse(chat),
            "The older handle is still open: the pool tracks every handle, not the last (rule 2.10)")
        #expect(await pool.count == 1, "…and the connection stays pooled (rule 2.10)")
        older.close()
    }

    @Test("A connection is in use while any of its handles is open [2.10, 2.8]")
    func inUseWhileAnyHandleOpen() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let badge = try await pool.makeHandle(for: chat)
        #expect(await pool.isInUse(chat), "Two open handles: in use (rule 2.10)")
        screen.close()
        #expect(await pool.isInUse(chat), "One handle still open: still in use (rule 2.10)")
        badge.close()
        badge.close()
        #expect(await !pool.isInUse(chat), "Every handle closed: not in use (rule 2.10)")
    }

    @Test(
        "Handles opened and closed from many tasks at once keep their state, with no escape hatch [2.1, 2.8, 2.9, 2.10, 1.7]"
    )
    func handlesOpenedAndClosedFromManyTasks() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let pool = self.pool
        let kept = try await withThrowingTaskGroup(of: ConnectionHandle?.self) { group in
            for index in 0..<400 {
                group.addTask {
                    let handle = try await pool.makeHandle(for: chat)
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
        #expect(
            kept.count == 200 && kept.allSatisfy(\.isOpen),
            "Every handle opened from its own task is open until it is closed (rules 2.1, 2.9)")
        #expect(await pool.isInUse(chat), "Open handles keep the connection in use (rule 2.10)")
        for handle in kept { handle.close() }
        #expect(await !pool.isInUse(chat), "…until the last is closed (rules 2.8, 2.10)")
        let hatches = try EscapeHatches.findings(inPattern: "Flyweight")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 2))")
    }
}
