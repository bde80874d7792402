import Foundation
import KataTestSupport
import MessagingCapstone
import MessagingKit
import Testing

// The payoff: the composed client, end to end, from this file alone.

@Suite("Step 8 — the payoff: the whole client, end to end")
struct Step8Payoff {
    @Test(
        "Two screens share a connection, a drop mid-replay loses nothing, the keeper retires what nobody uses, a guest is refused [8.1]"
    )
    func wholeClient() async throws {
        let servers = Servers()
        let client = makeClient(
            servers, settings: ["reconnectAttempts": "5", "timeout": "20", "authToken": "t0k3n"])
        let keeper = await Keeper(client)

        // Two screens, one connection.
        let chat = try await client.open(chatURL)
        let badge = try await client.open(chatURL)
        let socket = try servers.socket(to: chatURL)
        #expect([chat.state, badge.state] == [.created, .created], "")
        try socket.accept()
        let badgeHeard = Recorder<Event>()
        badge.onEvent(Message.eventName, perform: badgeHeard.record)
        let hello = Message(room: "general", text: "hello").event
        try chat.send(hello)
        try socket.deliver(hello)
        #expect(badgeHeard.all == [hello], "The badge hears what the chat's server echoes")

        // The network drops; the chat keeps typing; it drops again in the middle of the replay.
        try socket.drop()
        #expect([chat.state, badge.state] == [.disconnected, .disconnected], "")
        for name in ["a", "b", "c"] { try chat.send(event(name)) }
        try badge.send(event("read"))
        socket.dropAfterReceiving(2)
        try socket.restore()
        #expect(
            socket.receivedNames == ["message", "a", "b"], "Two went out before the second drop")
        await keeper.poll()
        #expect(chat.state == .reconnecting, "In use and dropped: the keeper reconnects")
        try socket.accept()
        #expect(
            socket.receivedNames == ["message", "a", "b", "c", "read"],
            "Nothing lost, nothing twice, in order: \(socket.receivedNames)")

        // A guest on the same server: reads, never posts.
        let guestChat = try await makeClient(servers, user: guest).open(chatURL)
        let guestSocket = try #require(servers.sockets(to: chatURL).last)
        try guestSocket.accept()
        _ = try? guestChat.send(event("spam"))
        #expect(guestSocket.received.isEmpty, "A guest is refused")

        // The screens go away: disconnect, then release, then a fresh connection.
        chat.close()
        badge.close()
        #expect(throws: (any Error).self, "A closed chat sends nothing") {
            try chat.send(event("late"))
        }
        await keeper.poll()
        #expect(socket.status == .disconnected, "Nobody uses it: disconnected")
        await keeper.poll()
        let next = try await client.open(chatURL)
        #expect(
            servers.sockets(to: chatURL).count == 3,
            "Released: the next screen gets a fresh socket")
        let fresh = try #require(servers.sockets(to: chatURL).last)
        try fresh.accept()
        try next.send(event("again"))
        #expect(fresh.receivedNames == ["again"], "")
        #expect(
            socket.receivedNames == ["message", "a", "b", "c", "read"],
            "The old socket heard nothing more")
        await keeper.stop()
    }

    @Test(
        "Nothing of the legacy is left, and nothing beside the pool: no state strings, no list of chats, no error swallowed, no table of connections by any key [8.3]"
    )
    func legacyIsGone() throws {
        // The client's own files; the learner's net (Net/) is tests, not the client.
        let left = try EscapeHatches.leftovers(
            inPattern: "MessagingCapstone", names: ["stateName", "Legacy", "connectionID"],
            texts: ["created", "connected", "disconnected", "reconnecting", "released"].map { "\"\($0)\"" }
                + [
                    "try?", "[ChatSocket]", "ChatSocket?", "<ChatSocket>", "[URL:", "[UUID:", "[ServerURL:",
                    "[ObjectIdentifier:",
                ])
        #expect(
            left.isEmpty,
            "Left beside the patterns (a chat reaches its connection through its handle alone, and an error reaches whoever can act on it): \(left.joined(separator: ", "))"
        )
    }

    @Test("Random screens, sends, drops, restores and polls: the servers receive what the model says [8.2]")
    func modelBased() async throws {
        let check = ModelCheck<ClientAction>(sequences: 150, length: 1...30) { random in
            ClientAction.random(using: &random)
        }
        let failure = await check.run { actions in await firstDifference(after: actions) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}

/// Plays `actions` on a fresh client and a fresh model, and returns where they first disagree.
private func firstDifference(after actions: [ClientAction]) async -> Discrepancy? {
    let servers = Servers()
    let client = makeClient(servers)
    let keeper = await Keeper(client)
    defer { keeper.cancel() }
    let urls = [chatURL, supportURL]
    var model = ClientModel()
    var chats: [ChatSocket] = []
    for (index, action) in actions.enumerated() {
        let name = model.nextName
        // The socket an accept, drop or restore plays on: the connection's, when the network can
        // do that now.
        let played = { (server: Int) -> ServerSocket? in
            guard model.applies(action), let number = model.connections[server]?.socket,
                servers.sockets.indices.contains(number)
            else { return nil }
            return servers.sockets[number]
        }
        do {
            switch action {
            case .open(let server):
                chats.append(try await client.open(urls[server]))
            case .close(let chat):
                if let chat = model.chatIndex(chat) { chats[chat].close() }
            case .send(let chat):
                if let chat = model.chatIndex(chat) { _ = try? chats[chat].send(event(name)) }
            case .accept(let server): try played(server)?.accept()
            case .drop(let server): try played(server)?.drop()
            case .restore(let server): try played(server)?.restore()
            case .dropAfter(let server, let count): played(server)?.dropAfterReceiving(count)
            case .poll:
                await keeper.poll()
            }
        } catch {
            return Discrepancy(after: index, "\(action) failed: \(error)")
        }
        model.apply(action)
        if let difference = difference(between: model, and: servers, chats: chats, urls: urls) {
            return Discrepancy(after: index, difference)
        }
    }
    return nil
}

/// What differs between the model and the real client, if anything.
private func difference(
    between model: ClientModel, and servers: Servers, chats: [ChatSocket], urls: [URL]
) -> String? {
    let real = servers.sockets
    guard real.count == model.sockets.count else {
        return "the client made \(real.count) sockets, the model says \(model.sockets.count)"
    }
    for (number, (socket, expected)) in zip(real, model.sockets).enumerated() {
        if socket.url.url != urls[expected.server] {
            return "socket \(number) went to \(socket.url), the model says \(urls[expected.server])"
        }
        if socket.receivedNames != expected.received {
            return
                "socket \(number)'s server received \(socket.receivedNames), the model says \(expected.received)"
        }
    }
    for (server, connection) in model.connections
    where real[connection.socket].status != connection.status.transport {
        return
            "server \(server)'s socket is \(real[connection.socket].status), the model says \(connection.status.transport)"
    }
    for (index, chat) in chats.enumerated() where chat.state != model.state(ofChat: index) {
        return "chat \(index) reads \(chat.state), the model says \(model.state(ofChat: index))"
    }
    return nil
}
