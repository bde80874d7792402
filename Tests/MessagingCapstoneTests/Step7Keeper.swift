import ChainOfResponsibility
import Foundation
import KataTestSupport
import MessagingCapstone
import MessagingKit
import Testing

// Bug test: an idle connection is never disconnected, nor released.

@Suite("Step 7 — the keeper's standard rules look after the pool")
struct Step7Keeper {
    @Test(
        "A connection nobody uses is disconnected by the next poll, released by the one after, and replaced [7.1]"
    )
    func idleIsDisconnectedThenReleased() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let keeper = await Keeper(client)
        let chat = try await client.open(chatURL)
        let badge = try await client.open(chatURL)
        let socket = try servers.socket(to: chatURL)
        try socket.accept()
        chat.close()
        await keeper.poll()
        #expect(socket.status == .connected, "One chat is still open: the connection is in use")
        badge.close()
        await keeper.poll()
        #expect(socket.status == .disconnected, "Nobody uses it: the first poll disconnects it")
        #expect(throws: (any Error).self, "A server can't bring back what the client closed") {
            try socket.restore()
        }
        await keeper.poll()
        #expect(
            socket.status == .disconnected && socket.connectAttempts == 1, "The second releases it"
        )
        await keeper.poll()
        #expect(socket.connectAttempts == 1, "Released for good: no later poll touches it")

        let next = try await client.open(chatURL)
        let sockets = servers.sockets(to: chatURL)
        #expect(sockets.count == 2, "Released and forgotten: the next chat gets a new socket")
        let fresh = try #require(sockets.last)
        #expect(next.state == .created && fresh.status == .connecting, "A fresh one, connecting")
        try fresh.accept()
        try next.send(event("hello"))
        #expect(
            fresh.receivedNames == ["hello"] && socket.received.isEmpty,
            "It sends on the new socket")
        await keeper.stop()
    }

    @Test(
        "A chat opened and closed while the server stays silent: its connecting connection is disconnected by the next poll, released by the one after [7.1]"
    )
    func silentServerConnectionIsRetired() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let keeper = await Keeper(client)
        let chat = try await client.open(chatURL)
        let socket = try servers.socket(to: chatURL)
        #expect(socket.status == .connecting, "The server never accepts: the socket stays connecting")
        chat.close()
        await keeper.poll()
        #expect(socket.status == .disconnected, "Connecting and unused: the first poll disconnects it")
        await keeper.poll()
        _ = try await client.open(chatURL)
        #expect(
            servers.sockets(to: chatURL).count == 2, "Released and forgotten: the next chat gets a new socket"
        )
        await keeper.stop()
    }

    @Test("The keeper does nothing before its first poll, even to a connection nobody uses [7.1]")
    func nothingBeforeThePoll() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let (chat, socket) = try await openAccepted(on: client, servers)
        chat.close()
        let keeper = await Keeper(client)
        #expect(socket.status == .connected, "Started, the keeper waits for its first poll")
        await keeper.poll()
        #expect(socket.status == .disconnected, "The first poll disconnects it")
        await keeper.stop()
    }

    @Test("A chat nobody holds any more uses nothing: its connection is retired like a closed one's [7.4]")
    func chatLetGoWithoutClosing() async throws {
        let scene = try await Scene()
        do {
            // A screen that subscribed, then went away without closing its chat.
            let support = try await scene.client.open(supportURL)
            support.onEvent(Message.eventName) { _ in }
        }
        let support = try scene.servers.socket(to: supportURL)
        try support.accept()
        await scene.keeper.poll()
        #expect(support.status == .disconnected, "The screen let its chat go without closing it")
        #expect(scene.socket.status == .connected, "A chat still held is in use")
        await scene.keeper.poll()
        _ = try await scene.client.open(supportURL)
        #expect(scene.servers.sockets(to: supportURL).count == 2, "Released, then replaced")
        scene.chat.close()
        await scene.keeper.stop()
    }

    @Test(
        "A connection the keeper retired is freed, and so are a let-go client's: nothing keeps a socket alive [7.4]"
    )
    func retiredConnectionsAreFreed() async throws {
        let network = WatchedNetwork()
        let client = ChatClient(user: member, network: network.transport(for:))
        let keeper = await Keeper(client)
        do {
            let chat = try await client.open(chatURL)
            try #require(network.alive.first).accept()
            chat.close()
        }
        await keeper.poll()
        await keeper.poll()
        #expect(network.count == 1 && network.alive.isEmpty, "Released: the client keeps nothing of it")
        await keeper.stop()

        let others = WatchedNetwork()
        do {
            let client = ChatClient(user: member, network: others.transport(for:))
            let chat = try await client.open(supportURL)
            try #require(others.alive.first).accept()
            chat.close()
        }
        #expect(others.count == 1 && others.alive.isEmpty, "A client let go takes its connections with it")
    }

    @Test("The keeper polls every interval it is given, on the clock it is given, and not before [7.1]")
    func pollsAtItsInterval() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let (chat, socket) = try await openAccepted(on: client, servers)
        chat.close()
        let keeper = await Keeper(client, every: .seconds(10))
        await keeper.advance(by: .seconds(9))
        #expect(socket.status == .connected, "9 seconds into a 10-second interval, no poll yet")
        await keeper.advance(by: .seconds(1))
        #expect(socket.status == .disconnected, "At 10 seconds, the first poll")
        await keeper.advance(by: .seconds(9))
        _ = try await client.open(chatURL)
        #expect(
            servers.sockets(to: chatURL).count == 1, "Not released before the second interval ends"
        )
        await keeper.stop()
    }

    @Test("A connection dropped while nobody uses it is released at the next poll [7.1]")
    func droppedAndIdleIsReleased() async throws {
        let scene = try await Scene()
        scene.chat.close()
        try scene.socket.drop()
        await scene.keeper.poll()
        _ = try await scene.client.open(chatURL)
        #expect(
            scene.servers.sockets(to: chatURL).count == 2,
            "Released at the first poll: a new socket")
        #expect(scene.socket.connectAttempts == 1, "The old one was never reconnected")
        #expect(scene.socket.listeners == 0, "Released: the client no longer listens to the old one")
        await scene.keeper.stop()
    }

    @Test("A chat opened between the two polls keeps its connection: reconnected, never released [7.2, 7.3]")
    func reopenedBetweenPolls() async throws {
        let scene = try await Scene()
        scene.chat.close()
        await scene.keeper.poll()
        #expect(scene.socket.status == .disconnected, "Idle: disconnected")
        let again = try await scene.client.open(chatURL)
        #expect(
            scene.servers.sockets(to: chatURL).count == 1,
            "Not released yet: the new chat shares it")
        #expect(scene.socket.status == .connecting, "Opening a chat on it connects it again")
        await scene.keeper.poll()
        try scene.socket.accept()
        try again.send(event("back"))
        #expect(scene.socket.receivedNames == ["back"], "In use again, the poll left it alone")
        await scene.keeper.poll()
        #expect(scene.socket.status == .connected, "And the next")
        await scene.keeper.stop()
    }

    @Test("Several connections are each looked after by the same poll [7.1, 7.2]")
    func everyConnection() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let keeper = await Keeper(client)
        let chat = try await client.open(chatURL)
        let support = try await client.open(supportURL)
        let chatSocket = try servers.socket(to: chatURL)
        let supportSocket = try servers.socket(to: supportURL)
        try chatSocket.accept()
        try supportSocket.accept()
        try chatSocket.drop()
        support.close()
        await keeper.poll()
        #expect(chatSocket.status == .connecting, "In use and dropped: reconnected")
        #expect(supportSocket.status == .disconnected, "Idle: disconnected, in the same poll")
        try chatSocket.accept()
        try chat.send(event("still here"))
        #expect(chatSocket.receivedNames == ["still here"], "")
        await keeper.stop()
    }

    @Test(
        "A release tells the senders of what waited: each ticket still waiting ends cancelled, and nothing goes out [7.1]"
    )
    func releaseTellsTheSenders() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let keeper = await Keeper(client)
        let chat = try await client.open(chatURL)
        let socket = try servers.socket(to: chatURL)
        // The server never accepts; the screen goes away with two messages waiting.
        let waiting = [try chat.send(event("a")), try chat.send(event("b"))]
        chat.close()
        await keeper.poll()
        #expect(waiting.allSatisfy { $0.outcome == nil }, "Disconnected, not released yet: they still wait")
        await keeper.poll()
        #expect(
            waiting.map(\.outcome) == [.cancelled, .cancelled],
            "Released: what waited will never go out, so each ticket must say so, cancelled, though nobody cancelled it"
        )
        #expect(socket.received.isEmpty)
        await keeper.stop()
    }

    @Test(
        "What the client's rules don't retire stays pooled, and nothing else reconnects it: no rules, or a release the connection refuses [7.5]",
        arguments: [AppRules.none, .releaseWithoutDisconnect])
    func rulesThatKeep(_ rules: AppRules) async throws {
        let servers = Servers()
        let client = ChatClient(user: member, network: servers.transport(for:), keeperRules: rules.handlers)
        let keeper = await Keeper(client)
        let chat = try await client.open(chatURL)
        let socket = try servers.socket(to: chatURL)
        try socket.accept()
        chat.close()
        await keeper.poll()
        await keeper.poll()
        #expect(socket.status == .connected, "Nobody uses it, and no rule retired it")
        let next = try await client.open(chatURL)
        try next.send(event("hello"))
        #expect(
            servers.sockets(to: chatURL).count == 1 && socket.receivedNames == ["hello"],
            "Still pooled: the next chat shares it, and sends over it: \(servers.sockets(to: chatURL).count) sockets"
        )
        let attempts = socket.connectAttempts
        try socket.drop()
        await keeper.poll()
        #expect(
            socket.status == .disconnected && socket.connectAttempts == attempts,
            "No rule reconnects it either, though a chat uses it")
        let later = try next.send(event("later"))
        try socket.restore()
        #expect(
            socket.receivedNames == ["hello", "later"] && later.outcome == .sent,
            "Kept whole: what is sent while it is away still waits and goes out once back")
        await keeper.stop()
    }
}
