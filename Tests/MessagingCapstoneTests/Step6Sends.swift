import Foundation
import KataTestSupport
import MessagingCapstone
import MessagingKit
import Synchronization
import Testing

// Bug tests: a drop in the middle of a replay loses what was left; a guest's send reaches the
// server (ours: the write-up had no guests).

@Suite("Step 6 — sends go through the outbox, and through the protection proxy")
struct Step6Sends {
    @Test(
        "A drop in the middle of sending what waited loses nothing and sends nothing twice [6.1]",
        arguments: 1...3)
    func dropMidReplay(sentBeforeTheDrop: Int) async throws {
        let servers = Servers()
        let chat = try await makeClient(servers).open(chatURL)
        let socket = try servers.socket(to: chatURL)
        try socket.accept()
        try socket.drop()
        let kept = ["a", "b", "c", "d"]
        for name in kept { try chat.send(event(name)) }
        socket.dropAfterReceiving(sentBeforeTheDrop)
        try socket.restore()
        #expect(
            socket.receivedNames == Array(kept.prefix(sentBeforeTheDrop)),
            "The network dropped after \(sentBeforeTheDrop) went out")
        try chat.send(event("e"))
        try socket.restore()
        #expect(
            socket.receivedNames == kept + ["e"],
            "Back again, the rest goes out, once each, in order, then what was sent since: \(socket.receivedNames)"
        )
    }

    @Test(
        "A connection keeps 100 sends waiting: the next one throws, the chat's and the others' alike, and the 100 all go out [6.4]"
    )
    func fullOutbox() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let chat = try await client.open(chatURL)
        let badge = try await client.open(chatURL)
        let socket = try servers.socket(to: chatURL)
        let kept = (1...100).map { "send \($0)" }
        for (index, name) in kept.enumerated() {
            try (index.isMultiple(of: 2) ? chat : badge).send(event(name))
        }
        #expect(throws: OutboxError.full(capacity: 100), "The 101st send says it can't be kept") {
            try chat.send(event("lost?"))
        }
        #expect(throws: OutboxError.full(capacity: 100), "So does another chat's, on the same connection") {
            try badge.send(event("lost too?"))
        }
        try socket.accept()
        #expect(socket.receivedNames == kept, "The 100 kept go out, in order, and nothing else")
        try chat.send(event("room again"))
        #expect(socket.receivedNames.last == "room again", "Once they are out, sends are kept again")

        // A guest's sends are kept like anyone's: the proxy refuses them on the way out, not the chat.
        let guestServers = Servers()
        let guestChat = try await makeClient(guestServers, user: guest).open(chatURL)
        for index in 1...100 { try guestChat.send(event("guest \(index)")) }
        #expect(throws: OutboxError.full(capacity: 100), "A guest's offline sends fill the outbox too") {
            try guestChat.send(event("guest 101"))
        }
    }

    @Test("A send the network drops on its way out is kept, and goes out once the network is back [6.1]")
    func sendDroppedOnItsWayOut() async throws {
        let servers = Servers()
        let chat = try await makeClient(servers).open(chatURL)
        let socket = try servers.socket(to: chatURL)
        try socket.accept()
        socket.dropAsTheNextSendGoesOut()
        try chat.send(event("mid-drop"))
        #expect(socket.received.isEmpty, "The network dropped as it went out")
        try socket.restore()
        #expect(socket.receivedNames == ["mid-drop"], "Kept, not lost: no send goes around the outbox")
    }

    @Test("Chats opened at once on one URL share one order: what they send offline goes out as sent [6.2]")
    func opensAtOnceShareOneOrder() async throws {
        // Not forced: nothing a test controls runs between the pool's handle and the chat's
        // outbox. Many rounds of opens at once give a check-then-act there a chance to show.
        for round in 0..<150 {
            let servers = Servers()
            let client = makeClient(servers)
            let chats = try await withThrowingTaskGroup(of: ChatSocket.self) { group in
                for _ in 0..<8 { group.addTask { try await client.open(chatURL) } }
                return try await group.reduce(into: [ChatSocket]()) { $0.append($1) }
            }
            let socket = try servers.socket(to: chatURL)
            let sent = chats.indices.reversed().map { "m\($0)" }
            for (index, chat) in chats.enumerated().reversed() { try chat.send(event("m\(index)")) }
            try socket.accept()
            guard socket.receivedNames == sent else {
                Issue.record("Round \(round): the server got \(socket.receivedNames), not \(sent) as sent")
                return
            }
        }
    }

    @Test("Chats sharing a connection queue behind one another while it is away [6.1, 6.2]")
    func sharedQueue() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let chat = try await client.open(chatURL)
        let badge = try await client.open(chatURL)
        let socket = try servers.socket(to: chatURL)
        try chat.send(event("chat 1"))
        try badge.send(event("badge 1"))
        try chat.send(event("chat 2"))
        socket.dropAfterReceiving(2)
        try socket.accept()
        try badge.send(event("badge 2"))
        try socket.restore()
        #expect(
            socket.receivedNames == ["chat 1", "badge 1", "chat 2", "badge 2"],
            "One order for the connection, whatever chat sent: \(socket.receivedNames)")
    }

    @Test("A send made while what waited is going out goes after it, even from an event handler [6.2]")
    func sendFromAHandlerDuringTheReplay() async throws {
        let servers = Servers()
        let chat = try await makeClient(servers).open(chatURL)
        let socket = try servers.socket(to: chatURL)
        // A screen that answers every ping at once: a callback that calls back into the chat.
        let answered = Recorder<String>()
        chat.onEvent(try EventName("ping")) { _ in
            answered.record("pong")
            _ = try? chat.send(event("pong"))
        }
        try chat.send(event("a"))
        try chat.send(event("b"))
        // The server pings as soon as it receives the first of what waited.
        socket.answer("a", with: event("ping"))
        try socket.accept()
        #expect(answered.all == ["pong"], "The handler ran")
        #expect(
            socket.receivedNames == ["a", "b", "pong"],
            "What waited goes first; the answer queues behind it: \(socket.receivedNames)")
    }

    @Test("A guest's sends never reach the server, online or kept offline, and hold nothing up [6.3]")
    func guestIsRefused() async throws {
        let servers = Servers()
        // Both clients first: who is signed in is each client's own, not the last one made.
        let guestClient = makeClient(servers, user: guest)
        let memberClient = makeClient(servers, user: member)
        let guestChat = try await guestClient.open(chatURL)
        let socket = try servers.socket(to: chatURL)
        let heard = Recorder<Event>()
        guestChat.onEvent(Message.eventName, perform: heard.record)
        _ = try? guestChat.send(event("before accept"))
        try socket.accept()
        _ = try? guestChat.send(event("online"))
        try socket.drop()
        _ = try? guestChat.send(event("offline"))
        try socket.restore()
        #expect(
            socket.received.isEmpty, "A guest sends nothing, whenever: \(socket.receivedNames)")
        let hi = Message(room: "general", text: "hi").event
        try socket.deliver(hi)
        #expect(heard.all == [hi], "A guest still hears")
        #expect(guestChat.state == .connected, "Refusing a send changes nothing else")

        let memberChat = try await memberClient.open(chatURL)
        let memberSocket = try #require(servers.sockets(to: chatURL).last)
        try memberSocket.accept()
        try memberChat.send(event("member"))
        #expect(memberSocket.receivedNames == ["member"], "Someone who may post still sends")
    }

    @Test("A guest who sends while connected hears why: send throws the proxy's SendForbidden [6.5]")
    func guestHearsTheRefusal() async throws {
        let servers = Servers()
        let chat = try await makeClient(servers, user: guest).open(chatURL)
        let socket = try servers.socket(to: chatURL)
        try socket.accept()
        #expect(throws: SendForbidden.self, "The guest's screen must learn the message didn't go") {
            try chat.send(event("hello"))
        }
        // A refusal is the guest's alone: the next send is refused too, and nothing waits.
        #expect(throws: SendForbidden.self, "A second send, refused alike") {
            try chat.send(event("again"))
        }
        try socket.drop()
        try socket.restore()
        #expect(socket.received.isEmpty, "Nothing the guest sent goes out: \(socket.receivedNames)")
        #expect(chat.state == .connected, "Refusing a send changes nothing else")
    }

    @Test("Every send's ticket says how it ended: sent at once, or once what waited has gone out [6.6]")
    func ticketsSayHowASendEnded() async throws {
        let servers = Servers()
        let chat = try await makeClient(servers).open(chatURL)
        let socket = try servers.socket(to: chatURL)
        let early = try chat.send(event("early"))
        #expect(early.outcome == nil, "It waits: nothing has happened to it yet")
        try socket.accept()
        #expect(early.outcome == .sent, "It went out once the server accepted")
        let now = try chat.send(event("now"))
        #expect(now.outcome == .sent, "Sent at once")
        try socket.drop()
        let later = try chat.send(event("later"))
        #expect(later.outcome == nil, "Kept while the network is away")
        try socket.restore()
        #expect(later.outcome == .sent && socket.receivedNames == ["early", "now", "later"])
    }

    @Test("A guest's send kept offline is refused when it would go out, and its ticket says so [6.6]")
    func guestHearsAKeptSendRefused() async throws {
        let servers = Servers()
        let chat = try await makeClient(servers, user: guest).open(chatURL)
        let socket = try servers.socket(to: chatURL)
        let kept = try chat.send(event("hello"))
        #expect(kept.outcome == nil, "Before the server accepts, it waits like any send")
        try socket.accept()
        guard case .refused = kept.outcome else {
            Issue.record(
                "The guest's screen must learn its message didn't go: the ticket reads \(String(describing: kept.outcome))"
            )
            return
        }
        #expect(socket.received.isEmpty, "Refused, not sent: \(socket.receivedNames)")
    }
}
