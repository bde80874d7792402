import Foundation
import MessagingCapstoneSubjects
import MessagingKit
import Synchronization
import Testing

// The reference net for step 0: characterization tests of what the legacy client gets right.
//
// Each test pins behaviour the refactored client keeps too (rules 0.1 to 0.6 say which). A test
// of a legacy bug (two sockets for two chats to one server, a guest who posts, a closed chat
// that still sends) would pass on the legacy client and fail once a step fixes the bug: those
// are the steps' bug tests, not the net's. Each test says which planted change it is there for.

/// Events the chat heard, in order.
final class Heard: Sendable {
    private let events = Mutex<[String]>([])
    @Sendable func record(_ event: Event) { events.withLock { $0.append(event.name.rawValue) } }
    var names: [String] { events.withLock { $0 } }
}

let chatURL = URL(string: "wss://chat.example.com/socket") ?? URL(fileURLWithPath: "/")
let someone = ChatUser(name: "ada", mayPost: true)

/// The names of what `socket` received.
func received(_ socket: InMemoryTransport) -> [String] { socket.sentEvents.map(\.name.rawValue) }

@Suite(.plantedChanges)
struct MessagingNet {
    // MARK: Sends (rules 0.1, 0.3)

    @Test func aConnectedChatSendsAtOnceInOrder() async throws {
        let servers = Servers()
        let chat = try await makeClient(user: someone, network: servers.network).open(chatURL)
        let socket = try servers.last()
        try socket.accept()

        try chat.send(Event("hello"))
        try chat.send(Event("bye"))

        #expect(received(socket) == ["hello", "bye"])
    }

    /// Three, not one: a change that loses or reorders what waited shows only with several.
    @Test func whatIsSentBeforeTheServerAnswersGoesOutInOrderWhenItDoes() async throws {
        let servers = Servers()
        let chat = try await makeClient(user: someone, network: servers.network).open(chatURL)
        let socket = try servers.last()
        for name in ["one", "two", "three"] { try chat.send(Event(name)) }
        #expect(received(socket).isEmpty)

        try socket.accept()

        #expect(received(socket) == ["one", "two", "three"])
    }

    @Test func whatIsSentWhileTheNetworkIsAwayGoesOutInOrderWhenItIsBack() async throws {
        let servers = Servers()
        let chat = try await makeClient(user: someone, network: servers.network).open(chatURL)
        let socket = try servers.last()
        try socket.accept()
        try socket.drop()
        for name in ["a", "b", "c"] { try chat.send(Event(name)) }

        try socket.restore()

        #expect(received(socket) == ["a", "b", "c"])
    }

    // MARK: Hearing (rule 0.2)

    @Test func everyHandlerHearsTheEventsOfItsNameAndNoOthersUntilTheChatCloses() async throws {
        let servers = Servers()
        let chat = try await makeClient(user: someone, network: servers.network).open(chatURL)
        let socket = try servers.last()
        let first = Heard()
        let second = Heard()
        let typing = Heard()
        chat.onEvent(try EventName("message"), perform: first.record)
        chat.onEvent(try EventName("message"), perform: second.record)
        chat.onEvent(try EventName("typing"), perform: typing.record)
        try socket.accept()

        try socket.deliver(Event("message"))
        try socket.deliver(Event("typing"))
        try socket.deliver(Event("presence"))
        chat.close()
        // The socket may be gone once the chat closes: what matters is that nobody hears it.
        try? socket.deliver(Event("message"))

        #expect(first.names == ["message"])
        #expect(second.names == ["message"])
        #expect(typing.names == ["typing"])
    }

    // MARK: State and URL (rule 0.4)

    @Test func aChatsStateAtRestFollowsItsConnection() async throws {
        let servers = Servers()
        let chat = try await makeClient(user: someone, network: servers.network).open(chatURL)
        let socket = try servers.last()
        #expect(chat.state == .created)
        try socket.accept()
        #expect(chat.state == .connected)
        try socket.drop()
        #expect(chat.state == .disconnected)
        try socket.restore()
        #expect(chat.state == .connected)
    }

    @Test func aChatKeepsItsURLAsOpenedAndItsSocketGoesThere() async throws {
        let servers = Servers()
        let written = try #require(URL(string: "wss://Chat.Example.com/Socket"))

        let chat = try await makeClient(user: someone, network: servers.network).open(written)

        #expect(chat.url == written)
        #expect(try servers.last().url.url == written)
    }

    // MARK: Settings (rule 0.5)

    @Test(arguments: [
        ["reconnectAttempts": "10"], ["timeout": "60"], ["reconnectAttempts": "1", "timeout": "1"],
    ])
    func settingsAtTheEdgesOfTheirRangesOpen(settings: [String: String]) async throws {
        let servers = Servers()

        _ = try await makeClient(settings: settings, user: someone, network: servers.network).open(chatURL)

        #expect(servers.sockets.count == 1)
    }

    @Test(arguments: [
        (["reconnectAttempts": "11"], BuildProblem.reconnectAttemptsOutOfRange(11)),
        (["timeout": "61"], .timeoutOutOfRange(.seconds(61))),
        (["timeout": "ten"], .timeoutOutOfRange(.seconds(0))),
        (["authToken": "  "], .emptyAuthToken),
    ])
    func oneProblemIsNamedAndNothingIsAskedOfTheNetwork(settings: [String: String], problem: BuildProblem)
        async throws
    {
        let servers = Servers()
        let client = makeClient(settings: settings, user: someone, network: servers.network)

        await #expect(throws: BuildError(problems: [problem])) { _ = try await client.open(chatURL) }
        #expect(servers.sockets.isEmpty)
    }

    // MARK: The keeper (rules 0.3, 0.6)

    @Test func theKeeperReconnectsADroppedChatOneIntervalAfterItStartsAndNotBefore() async throws {
        let servers = Servers()
        let clock = ManualClock()
        let client = makeClient(user: someone, network: servers.network)
        let chat = try await client.open(chatURL)
        let socket = try servers.last()
        try socket.accept()
        try socket.drop()
        try chat.send(Event("waited"))
        let keeper = Task { await client.keepConnections(every: .seconds(10), on: clock) }
        try await clock.waitForSleepers()

        clock.advance(by: .seconds(9))
        #expect(socket.connectAttempts == 1, "No poll before one interval")
        clock.advance(by: .seconds(1))
        try await clock.waitForSleepers()
        #expect(socket.connectAttempts == 2, "The poll reconnects the dropped chat")
        try socket.accept()
        #expect(received(socket) == ["waited"])

        keeper.cancel()
        await keeper.value
    }
}
