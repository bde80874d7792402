import Foundation
import KataTestSupport
import MessagingCapstone
import MessagingKit
import Testing

// Bug test: the state is a string the socket's callbacks overwrite. A closed chat reads
// "disconnected" after a drop, the keeper reconnects it, and a reconnect never shows.

@Suite("Step 5 — a chat's state is its connection's lifecycle")
struct Step5Lifecycle {
    @Test(
        "A chat's state follows the lifecycle: reconnecting while the keeper's reconnect waits for the server [5.1]"
    )
    func followsTheLifecycle() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let keeper = await Keeper(client)
        let chat = try await client.open(chatURL)
        let socket = try servers.socket(to: chatURL)
        var seen = [chat.state]
        try socket.accept()
        seen.append(chat.state)
        try socket.drop()
        seen.append(chat.state)
        await keeper.poll()
        seen.append(chat.state)
        try socket.accept()
        seen.append(chat.state)
        #expect(
            seen == [.created, .connected, .disconnected, .reconnecting, .connected],
            "created → connected → disconnected → reconnecting → connected, not \(seen)")
        for (from, to) in zip(seen, seen.dropFirst()) {
            #expect(
                Self.table[from, default: []].contains(to),
                "\(from) → \(to) is not a move of the lifecycle")
        }
        await keeper.stop()
    }

    @Test(
        "Chats on one connection read one state, the connection's: a new chat on a dropped one reconnects it [5.1, 5.3]"
    )
    func oneStatePerConnection() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let first = try await client.open(chatURL)
        let socket = try servers.socket(to: chatURL)
        try socket.accept()
        let joining = try await client.open(chatURL)
        #expect(
            [first.state, joining.state] == [.connected, .connected],
            "A chat that joins a connected connection reads connected, not \([first.state, joining.state])"
        )
        try socket.drop()
        #expect(first.state == .disconnected, "")
        let second = try await client.open(chatURL)
        #expect(
            [first.state, second.state] == [.reconnecting, .reconnecting],
            "A chat opened on a dropped connection reconnects it, and both chats read reconnecting, not \([first.state, second.state])"
        )
        try socket.accept()
        #expect([first.state, second.state] == [.connected, .connected], "")
    }

    @Test("Chats opened as the server accepts read the connection's state, the first chat's [5.3]")
    func opensAsTheServerAccepts() async throws {
        // Not forced: nothing a test controls runs between the pool's handle and the chat. Many
        // rounds give a state kept in two places a chance to show, and TSan a race to see.
        for round in 0..<150 {
            let servers = Servers()
            let client = makeClient(servers)
            let first = try await client.open(chatURL)
            let socket = try servers.socket(to: chatURL)
            async let accepted: Void = { try? socket.accept() }()
            let chats = try await withThrowingTaskGroup(of: ChatSocket.self) { group in
                for _ in 0..<4 { group.addTask { try await client.open(chatURL) } }
                return try await group.reduce(into: [ChatSocket]()) { $0.append($1) }
            }
            await accepted
            let states = chats.map(\.state)
            guard states.allSatisfy({ $0 == first.state }) else {
                Issue.record(
                    "Round \(round): chats opened as the server accepted read \(states), the first \(first.state)"
                )
                return
            }
        }
    }

    @Test(
        "Only a connected lifecycle sends: a socket that says it is up before telling the client lets nothing out early [5.1]"
    )
    func socketThatTellsLate() async throws {
        let servers = Servers()
        let chat = try await makeClient(servers).open(chatURL)
        let socket = try servers.socket(to: chatURL)
        socket.holdReports()
        try socket.accept()
        #expect(chat.state == .created, "The client hasn't heard that the server accepted")
        try chat.send(event("early"))
        #expect(
            socket.received.isEmpty,
            "A send goes out once the chat reads connected, not when the socket alone says so: \(socket.receivedNames)"
        )
        socket.tellHeldReports()
        #expect(chat.state == .connected, "Heard now")
        #expect(socket.receivedNames == ["early"], "It went out once heard: \(socket.receivedNames)")
    }

    @Test("A closed chat is released for good: whatever the network does, it never comes back [5.2]")
    func releasedForGood() async throws {
        let scene = try await Scene()
        scene.chat.close()
        #expect(scene.chat.state == .released, "Closed, the chat reads released")
        try? scene.socket.drop()
        #expect(
            scene.chat.state == .released,
            "Still released after its socket drops, not \(scene.chat.state)")
        await scene.keeper.poll()
        await scene.keeper.poll()
        try? scene.socket.restore()
        #expect(
            scene.chat.state == .released,
            "Still released after the polls, not \(scene.chat.state)")
        #expect(scene.socket.connectAttempts == 1, "Nothing reconnects a closed chat's socket")
        #expect(throws: (any Error).self, "A released chat refuses to send") {
            try scene.chat.send(event("late"))
        }
        #expect(scene.socket.received.isEmpty, "Nothing reaches the server")
        await scene.keeper.stop()
    }

    /// The lifecycle's moves.
    static let table: [ConnectionState: Set<ConnectionState>] = [
        .created: [.connected, .disconnected], .connected: [.disconnected],
        .disconnected: [.reconnecting, .released], .reconnecting: [.connected, .disconnected], .released: [],
    ]
}
