import Foundation
import KataTestSupport
import MessagingCapstone
import MessagingKit
import Testing

// Bug tests: a configuration with three problems reports one; two screens opening one URL make
// two sockets; a closed chat still sends.

@Suite("Step 4 — one configuration, one connection per URL")
struct Step4OneConnectionPerURL {
    @Test(
        "Every problem of the URL and the settings is reported at once, and nothing connects [4.1, 4.2]",
        arguments: SeveralProblems.table)
    func everyProblem(_ row: SeveralProblems) async throws {
        let servers = Servers()
        let client = makeClient(servers, settings: row.settings)
        let url = try #require(URL(string: row.url))
        do {
            _ = try await client.open(url)
            Issue.record("\(row): opened, with \(row.problems.count) problems")
        } catch let error as BuildError {
            #expect(
                Set(error.problems) == row.problems,
                "\(row): reported \(error.problems), not every problem \(row.problems.sorted { "\($0)" < "\($1)" })"
            )
        } catch {
            Issue.record("\(row): threw \(error), not a BuildError")
        }
        #expect(servers.sockets.isEmpty, "\(row): refused, nothing asks for a socket")
    }

    @Test("A client refused once still opens the right URL, and its problems stay its own [4.1, 4.2]")
    func refusalChangesNothing() async throws {
        let servers = Servers()
        let client = makeClient(servers, settings: ["timeout": "90", "authToken": " "])
        let bad = try #require(URL(string: "ftp://chat.example.com"))
        await #expect(
            throws: BuildError(problems: [
                .unsupportedScheme("ftp"), .timeoutOutOfRange(.seconds(90)), .emptyAuthToken,
            ])
        ) {
            try await client.open(bad)
        }
        let error = await #expect(
            throws: BuildError.self, "The settings are still wrong for a right URL"
        ) {
            try await client.open(chatURL)
        }
        #expect(
            Set(error?.problems ?? []) == [.timeoutOutOfRange(.seconds(90)), .emptyAuthToken],
            "Both problems of the settings, and no problem of the URL before it")
        #expect(servers.sockets.isEmpty, "Nothing connects while a problem remains")

        let right = makeClient(servers, settings: ["timeout": "5"])
        let chat = try await right.open(chatURL)
        try servers.socket(to: chatURL).accept()
        try chat.send(event("hello"))
        #expect(
            try servers.socket(to: chatURL).receivedNames == ["hello"], "Right settings connect")
    }

    @Test(
        "Chats on one URL share one socket, whenever they open; other URLs and other clients get their own [4.3, 4.6]"
    )
    func oneSocketPerURL() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let first = try await client.open(chatURL)
        let second = try await client.open(chatURL)
        #expect(
            servers.sockets(to: chatURL).count == 1,
            "Two chats opened before the server accepts share one socket")
        let socket = try servers.socket(to: chatURL)
        try socket.accept()
        let third = try await client.open(chatURL)
        #expect(
            servers.sockets(to: chatURL).count == 1, "A chat opened once connected shares it too")
        try socket.drop()
        let fourth = try await client.open(chatURL)
        #expect(
            servers.sockets(to: chatURL).count == 1, "A chat opened while it is dropped shares it")
        try? socket.restore()
        try? socket.accept()

        for (chat, name) in [(first, "one"), (second, "two"), (third, "three"), (fourth, "four")] {
            try chat.send(event(name))
        }
        #expect(
            socket.receivedNames == ["one", "two", "three", "four"],
            "Every chat sends over the one socket, in the order they sent")

        _ = try await client.open(supportURL)
        #expect(servers.sockets(to: supportURL).count == 1, "Another URL gets its own socket")
        #expect(servers.sockets.count == 2, "Two URLs, two sockets")
        let upper = try #require(URL(string: "wss://chat.example.com/Socket"))
        let upperChat = try await client.open(upper)
        #expect(
            servers.sockets(to: upper).count == 1 && upperChat.url == upper,
            "A path differs in case: another URL, another socket")

        let other = Servers()
        let someoneElse = makeClient(other)
        _ = try await someoneElse.open(chatURL)
        #expect(
            other.sockets(to: chatURL).count == 1 && servers.sockets(to: chatURL).count == 1,
            "Another client (another person) shares nothing with this one: a socket of its own")
    }

    @Test(
        "Every chat on a shared socket hears what it subscribed to; a closed one stops, the others go on [4.4]"
    )
    func everyChatHears() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let chat = try await client.open(chatURL)
        let badge = try await client.open(chatURL)
        let socket = try servers.socket(to: chatURL)
        try socket.accept()
        let chatHeard = Recorder<Event>()
        let badgeHeard = Recorder<Event>()
        chat.onEvent(Message.eventName, perform: chatHeard.record)
        badge.onEvent(Message.eventName, perform: badgeHeard.record)
        badge.onEvent(try EventName("unread"), perform: badgeHeard.record)
        let hi = Message(room: "general", text: "hi").event
        try socket.deliver(hi)
        try socket.deliver(event("unread"))
        #expect(chatHeard.all == [hi], "Each chat hears its own subscriptions")
        #expect(badgeHeard.all == [hi, event("unread")], "The other too, once each")
        chat.close()
        let later = Message(room: "general", text: "later").event
        try socket.deliver(later)
        #expect(chatHeard.all == [hi], "A closed chat hears nothing more")
        #expect(badgeHeard.all == [hi, event("unread"), later], "The chat still open still hears")

        // What a chat subscribes to goes through its own handle: a subscription made after it
        // closed, or by a screen that went away without closing, hears nothing.
        chat.onEvent(Message.eventName, perform: chatHeard.record)
        let letGoHeard = Recorder<Event>()
        do {
            let screen = try await client.open(chatURL)
            screen.onEvent(Message.eventName, perform: letGoHeard.record)
        }
        let last = Message(room: "general", text: "last").event
        try socket.deliver(last)
        #expect(chatHeard.all == [hi], "Subscribing after close hears nothing")
        #expect(letGoHeard.all.isEmpty, "A chat nobody holds hears nothing: its handle went with it")
        #expect(badgeHeard.all.last == last, "The chat still open still hears")
    }

    @Test("A closed chat sends nothing more, even when its socket comes back; the others still send [4.5]")
    func closedChatSendsNothing() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let (chat, socket) = try await openAccepted(on: client, servers)
        try chat.send(event("before"))
        chat.close()
        #expect(throws: (any Error).self, "Send on a closed chat is refused") {
            try chat.send(event("after close"))
        }
        #expect(
            socket.receivedNames == ["before"], "Nothing a closed chat was asked to send goes out")

        let keeper = await Keeper(client)
        let other = try await client.open(chatURL)
        try? socket.drop()
        #expect(throws: (any Error).self, "Still refused while dropped") {
            try chat.send(event("while dropped"))
        }
        await keeper.poll()
        try? socket.accept()
        try? socket.restore()
        try other.send(event("other"))
        #expect(
            !socket.receivedNames.contains { $0 != "before" && $0 != "other" },
            "Back again, the closed chat's sends never reach the server: \(socket.receivedNames)")
        #expect(socket.receivedNames.last == "other", "The chat still open sends")
        await keeper.stop()
    }
}

/// A URL and settings with several problems, and every problem they have.
struct SeveralProblems: Sendable, CustomTestStringConvertible {
    let url: String
    let settings: [String: String]
    let problems: Set<BuildProblem>

    var testDescription: String { "\(url) with \(settings.sorted { $0.key < $1.key })" }

    static let table: [SeveralProblems] = [
        SeveralProblems(
            url: "http://chat.example.com", settings: ["reconnectAttempts": "0", "timeout": "0"],
            problems: [
                .unsupportedScheme("http"), .reconnectAttemptsOutOfRange(0), .timeoutOutOfRange(.zero),
            ]),
        SeveralProblems(
            url: "wss://chat.example.com",
            settings: ["reconnectAttempts": "99", "timeout": "61", "authToken": ""],
            problems: [.reconnectAttemptsOutOfRange(99), .timeoutOutOfRange(.seconds(61)), .emptyAuthToken]),
        SeveralProblems(
            url: "wss:///no-host",
            settings: ["reconnectAttempts": "many", "timeout": "forever", "authToken": "\u{2003}"],
            problems: [
                .invalidURL("wss:///no-host"), .reconnectAttemptsOutOfRange(0), .timeoutOutOfRange(.zero),
                .emptyAuthToken,
            ]),
        SeveralProblems(
            url: "wss://chat.example.com", settings: ["timeout": "0", "authToken": "\n"],
            problems: [.timeoutOutOfRange(.zero), .emptyAuthToken]),
        SeveralProblems(
            url: "memory://chat.example.com", settings: ["reconnectAttempts": "11"],
            problems: [.unsupportedScheme("memory"), .reconnectAttemptsOutOfRange(11)]),
    ]
}
