import Foundation
import KataTestSupport
import MessagingCapstone
import MessagingKit
import Testing

// Step 0: what the legacy client gets right. Green on the legacy code, and after every step.

@Suite("Safety net — what the legacy client gets right, pinned")
struct Characterization {
    @Test("A connected chat sends each event to the server at once, in order [0.1]")
    func sendsWhileConnected() async throws {
        let servers = Servers()
        let chat = try await makeClient(servers).open(chatURL)
        let socket = try servers.socket(to: chatURL)
        #expect(socket.status == .connecting, "Opening a chat starts connecting")
        try socket.accept()
        for name in ["hello", "how are you", "bye"] {
            try chat.send(event(name))
            #expect(socket.receivedNames.last == name, "A connected chat sends \(name) at once")
        }
        #expect(socket.receivedNames == ["hello", "how are you", "bye"], "In order, each once")
    }

    @Test(
        "A send the socket refuses throws the socket's own error, and the next send still goes out [0.1]"
    )
    func refusedSendThrows() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let (chat, socket) = try await openAccepted(on: client, servers)
        socket.refuse("photo", with: TooLarge(bytes: 12_000_000))
        #expect(throws: TooLarge(bytes: 12_000_000), "The screen must learn this message didn't go") {
            try chat.send(event("photo"))
        }
        try chat.send(event("hello"))
        #expect(socket.receivedNames == ["hello"], "Refused, not kept: \(socket.receivedNames)")
    }

    @Test("A chat opened on a server it can't reach asks the network to connect once, not twice [0.1]")
    func unreachableServer() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        servers.becomeUnreachable()
        _ = try await client.open(chatURL)
        let socket = try servers.socket(to: chatURL)
        #expect(socket.connectAttempts == 1, "One open, one attempt: \(socket.connectAttempts)")
    }

    @Test("A chat hears the events it subscribed to, by name, until it is closed [0.2]")
    func receives() async throws {
        let servers = Servers()
        let chat = try await makeClient(servers).open(chatURL)
        let socket = try servers.socket(to: chatURL)
        let messages = Recorder<Event>()
        let typing = Recorder<Event>()
        let alsoMessages = Recorder<Event>()
        chat.onEvent(Message.eventName, perform: messages.record)
        chat.onEvent(try EventName("typing"), perform: typing.record)
        chat.onEvent(Message.eventName, perform: alsoMessages.record)
        try socket.accept()
        let hi = Message(room: "general", text: "hi").event
        try socket.deliver(hi)
        try socket.deliver(event("typing"))
        try socket.deliver(event("presence"))
        #expect(messages.all == [hi], "The message handler hears the message, and only it")
        #expect(names(typing.all) == ["typing"], "The typing handler hears typing, and only it")
        #expect(alsoMessages.all == [hi], "A second handler for one name hears it too, once")
        chat.close()
        try socket.deliver(Message(room: "general", text: "after").event)
        #expect(messages.all == [hi], "A closed chat hears nothing more")
    }

    @Test("What a chat sends before the server accepts waits, and goes out in order when it does [0.3]")
    func sendsBeforeAccepting() async throws {
        let servers = Servers()
        let chat = try await makeClient(servers).open(chatURL)
        let socket = try servers.socket(to: chatURL)
        try chat.send(event("first"))
        try chat.send(event("second"))
        #expect(socket.received.isEmpty, "Nothing goes out before the server accepts")
        try socket.accept()
        try chat.send(event("third"))
        #expect(
            socket.receivedNames == ["first", "second", "third"], "Kept sends go first, in order")
    }

    @Test(
        "What waited goes out once the connection is back: the chat reads connected as it goes [0.3]"
    )
    func connectedWhileWhatWaitedGoesOut() async throws {
        let servers = Servers()
        let chat = try await makeClient(servers).open(chatURL)
        let socket = try servers.socket(to: chatURL)
        let states = Recorder<ConnectionState>()
        // The server answers "waited" at once: the chat hears it in the middle of the replay.
        chat.onEvent(try EventName("seen")) { _ in states.record(chat.state) }
        socket.answer("waited", with: event("seen"))
        try chat.send(event("waited"))
        try socket.accept()
        try socket.drop()
        try chat.send(event("waited"))
        try socket.restore()
        #expect(states.all == [.connected, .connected], "What the chat read as each replay went out")
    }

    @Test("After a drop, what a chat sends waits until the network is back by itself [0.3]")
    func sendsAcrossARestore() async throws {
        let servers = Servers()
        let chat = try await makeClient(servers).open(chatURL)
        let socket = try servers.socket(to: chatURL)
        try socket.accept()
        try chat.send(event("before"))
        try socket.drop()
        try chat.send(event("offline 1"))
        try chat.send(event("offline 2"))
        #expect(socket.receivedNames == ["before"], "Nothing goes out while dropped")
        try socket.restore()
        try chat.send(event("after"))
        #expect(
            socket.receivedNames == ["before", "offline 1", "offline 2", "after"],
            "Back by itself, the socket sends what waited, in order, then the rest")
    }

    @Test("After a drop, the keeper's poll reconnects a chat in use, and what waited goes out [0.3]")
    func reconnectsAfterADrop() async throws {
        let scene = try await Scene()
        await scene.keeper.poll()
        #expect(scene.socket.connectAttempts == 1, "A connected chat in use is left alone")
        try scene.socket.drop()
        try scene.chat.send(event("offline"))
        await scene.keeper.poll()
        #expect(scene.socket.status == .connecting, "The poll reconnects a dropped chat in use")
        #expect(scene.socket.connectAttempts == 2, "Once")
        try scene.socket.accept()
        try scene.chat.send(event("online"))
        #expect(scene.socket.receivedNames == ["offline", "online"], "What waited goes out first")
        #expect(scene.servers.sockets.count == 1, "Reconnected, not replaced")
        await scene.keeper.stop()
    }

    @Test("The keeper polls at its interval, on its clock, and stops when cancelled, with no pass more [0.6]")
    func keeperTiming() async throws {
        let servers = Servers()
        let client = makeClient(servers)
        let (chat, socket) = try await openAccepted(on: client, servers)
        let keeper = await Keeper(client, every: .seconds(10))
        try socket.drop()
        await keeper.advance(by: .seconds(9))
        #expect(socket.connectAttempts == 1, "9 seconds into a 10-second interval, no poll yet")
        await keeper.advance(by: .seconds(1))
        #expect(socket.connectAttempts == 2, "At 10 seconds, the poll reconnects the dropped chat")
        try socket.accept()
        try socket.drop()
        await keeper.stop()
        #expect(socket.connectAttempts == 2, "Cancelled, the keeper makes no pass on its way out")
        #expect(keeper.clock.sleeperCount == 0, "Nothing sleeps on the clock any more")
        try chat.send(event("kept"))
        #expect(socket.received.isEmpty, "")
    }

    @Test("A chat's state at rest: created, connected, disconnected after a drop, connected again [0.4]")
    func stateAtRest() async throws {
        let servers = Servers()
        let chat = try await makeClient(servers).open(chatURL)
        let socket = try servers.socket(to: chatURL)
        #expect(chat.state == .created, "Until the server accepts")
        try socket.accept()
        #expect(chat.state == .connected, "Accepted")
        try socket.drop()
        #expect(chat.state == .disconnected, "Dropped")
        try socket.restore()
        #expect(chat.state == .connected, "Back")
        #expect(chat.url == chatURL, "A chat knows its server")
    }

    @Test(
        "A chat knows the URL it opened, as written, and its socket goes there [0.4]", arguments: writtenURLs)
    func urlAsWritten(_ text: String) async throws {
        let servers = Servers()
        let url = try #require(URL(string: text))
        let chat = try await makeClient(servers).open(url)
        #expect(chat.url == url, "\(chat.url)")
        #expect(servers.sockets.map(\.url.url) == [url], "")
    }

    @Test(
        "A URL or settings with one problem are refused with a BuildError naming it, and nothing connects [0.5]",
        arguments: OneProblem.table)
    func oneProblem(_ row: OneProblem) async throws {
        let servers = Servers()
        let client = makeClient(servers, settings: row.settings)
        let url = try #require(URL(string: row.url))
        await #expect(throws: BuildError(problems: [row.problem]), "\(row)") {
            try await client.open(url)
        }
        #expect(servers.sockets.isEmpty, "Refused, nothing asks for a socket: \(row)")
    }

    @Test("Right settings, or none, open a chat [0.5]", arguments: RightSettings.table)
    func rightSettings(_ settings: RightSettings) async throws {
        let servers = Servers()
        let chat = try await makeClient(servers, settings: settings.values).open(chatURL)
        let socket = try servers.socket(to: chatURL)
        try socket.accept()
        try chat.send(event("hello"))
        #expect(socket.receivedNames == ["hello"], "\(settings)")
    }
}

/// Server URLs that open, each to be kept as written.
let writtenURLs = [
    "ws://chat.example.com/socket", "wss://chat.example.com/Room", "wss://chat.example.com:8443/room?id=7",
    "WSS://chat.example.com/socket",
]

/// A URL and settings with exactly one problem.
struct OneProblem: Sendable, CustomTestStringConvertible {
    let url: String
    let settings: [String: String]
    let problem: BuildProblem

    var testDescription: String { "\(url) with \(settings.sorted { $0.key < $1.key })" }

    static let table: [OneProblem] = [
        OneProblem(url: "http://chat.example.com", settings: [:], problem: .unsupportedScheme("http")),
        OneProblem(url: "HTTPS://chat.example.com/x", settings: [:], problem: .unsupportedScheme("https")),
        OneProblem(url: "memory://chat.example.com", settings: [:], problem: .unsupportedScheme("memory")),
        OneProblem(url: "wss:///no-host", settings: [:], problem: .invalidURL("wss:///no-host")),
        OneProblem(url: "chat.example.com", settings: [:], problem: .invalidURL("chat.example.com")),
        OneProblem(
            url: "wss://chat.example.com", settings: ["reconnectAttempts": "0"],
            problem: .reconnectAttemptsOutOfRange(0)),
        OneProblem(
            url: "wss://chat.example.com", settings: ["reconnectAttempts": "11"],
            problem: .reconnectAttemptsOutOfRange(11)),
        OneProblem(
            url: "wss://chat.example.com", settings: ["reconnectAttempts": "-3"],
            problem: .reconnectAttemptsOutOfRange(-3)),
        OneProblem(
            url: "wss://chat.example.com", settings: ["reconnectAttempts": "three"],
            problem: .reconnectAttemptsOutOfRange(0)),
        OneProblem(
            url: "wss://chat.example.com", settings: ["reconnectAttempts": " 3"],
            problem: .reconnectAttemptsOutOfRange(0)),
        OneProblem(
            url: "wss://chat.example.com", settings: ["timeout": "0"], problem: .timeoutOutOfRange(.zero)),
        OneProblem(
            url: "wss://chat.example.com", settings: ["timeout": "61"],
            problem: .timeoutOutOfRange(.seconds(61))),
        OneProblem(
            url: "wss://chat.example.com", settings: ["timeout": "1.5"], problem: .timeoutOutOfRange(.zero)),
        OneProblem(
            url: "wss://chat.example.com", settings: ["timeout": "-60"],
            problem: .timeoutOutOfRange(.seconds(-60))),
        OneProblem(
            url: "wss://chat.example.com", settings: ["reconnectAttempts": ""],
            problem: .reconnectAttemptsOutOfRange(0)),
        OneProblem(
            url: "wss://chat.example.com", settings: ["timeout": ""], problem: .timeoutOutOfRange(.zero)),
        OneProblem(url: "wss://chat.example.com", settings: ["authToken": ""], problem: .emptyAuthToken),
        OneProblem(url: "wss://chat.example.com", settings: ["authToken": " \t\n"], problem: .emptyAuthToken),
    ]
}

/// Settings with no problem.
struct RightSettings: Sendable, CustomTestStringConvertible {
    let values: [String: String]

    var testDescription: String { "\(values.sorted { $0.key < $1.key })" }

    static let table: [RightSettings] = [
        RightSettings(values: [:]),
        RightSettings(values: ["reconnectAttempts": "1", "timeout": "1", "authToken": "t"]),
        RightSettings(values: ["reconnectAttempts": "10", "timeout": "60", "authToken": " token "]),
        RightSettings(values: ["reconnectAttempts": "+5", "timeout": "030"]),
        RightSettings(values: ["ReconnectAttempts": "0", "TIMEOUT": "0", "colour": "red", "": ""]),
        RightSettings(values: ["retry after": "5", "a:b": "x", "header.X-App": "ios", " ": " "]),
        RightSettings(values: [" timeout": "0", "authToken ": "", "reconnectAttempts\n": "99"]),
    ]
}

/// A socket library's refusal of its own: a message too large to send.
struct TooLarge: Error, Equatable {
    let bytes: Int
}
