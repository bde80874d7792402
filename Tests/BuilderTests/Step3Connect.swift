import Builder
import Foundation
import KataTestSupport
import MessagingKit
import Testing

/// Whatever can send an event.
///
/// The tests make ``ConnectionConfiguration`` conform to find out whether it has a `send(_:)` of
/// its own: if it had one, that one would answer the call; without one, the fallback in the
/// extension answers, and throws ``NoSendOfItsOwn``.
protocol EventSending {
    func send(_ event: Event) throws
}

/// What the fallback `send(_:)` throws: the type has no `send` of its own.
struct NoSendOfItsOwn: Error, Equatable {}

extension EventSending {
    func send(_ event: Event) throws { throw NoSendOfItsOwn() }
}

extension ConnectionConfiguration: EventSending {}

@Suite("Builder · Step 3 — Only a connection can send", .tags(.messaging), .noEscapeHatches("Builder"))
struct Step3Connect {
    @Test("The maker receives exactly the settings of the configuration that connects [3.1]")
    func makerReceivesTheSettings() throws {
        let maker = Maker()
        let base = builder(maker).reconnectAttempts(5).timeout(.seconds(30)).authToken("t-1").header(
            "X-Trace", "1")
        let chat = try base.build(url: chatURL)
        let local = try base.header("Accept-Language", "de").reconnectAttempts(2).build(
            url: "ws://localhost:8080")

        _ = try chat.connect()
        _ = try local.connect()
        let received = maker.received
        try #require(received.count == 2, "Each connect() asks the maker once")
        #expect(
            received[0].url == (try ServerURL(chatURL)) && received[0].reconnectAttempts == 5
                && received[0].timeout == .seconds(30) && received[0].authToken == "t-1"
                && received[0].headers == ["x-trace": "1"],
            "The maker gets the URL and every setting of the configuration that connects")
        #expect(
            received[1].url == (try ServerURL("ws://localhost:8080")) && received[1].reconnectAttempts == 2
                && received[1].timeout == .seconds(30) && received[1].authToken == "t-1"
                && received[1].headers == ["x-trace": "1", "accept-language": "de"],
            "Another configuration from the same builder hands the maker its own settings")
    }

    @Test("connect() connects the connection the maker made, and returns that one [3.1, 3.5]")
    func connectConnectsWhatWasMade() throws {
        let maker = Maker()
        let connection = try builder(maker).build(url: chatURL).connect()
        let made = try #require(maker.made.first, "connect() asks the maker for the connection")
        #expect(
            connection === made,
            "connect() returns the connection the maker made, not one of its own")
        #expect(
            made.calls == ["connect"], "connect() connects it, once, and does nothing else to it")
        #expect(connection.status == .connected, "What connect() returns is connected")
        try connection.send(try Event("hello"))
        #expect(made.calls == ["connect", "send"], "What connect() returns can send")
    }

    @Test("Each connect() makes a new connection; the configuration can be used again [3.2]")
    func eachConnectMakesANewConnection() throws {
        let maker = Maker()
        let configuration = try builder(maker).build(url: chatURL)
        let connections = try (1...3).map { _ in try configuration.connect() }
        let made = maker.made
        #expect(maker.received.count == 3, "Three connect() calls ask the maker three times")
        try #require(made.count == 3, "Each connect() makes a connection of its own")
        #expect(
            zip(connections, made).allSatisfy { $0 === $1 },
            "Each connect() returns the connection made for it")
        #expect(Set(connections.map(\.id)).count == 3, "No two connect() calls share a connection")
        #expect(
            made.map(\.calls) == [["connect"], ["connect"], ["connect"]],
            "Each new connection is connected once")
    }

    @Test(
        "Send before connect can't be written: a configuration has no send, a connection comes connected [3.3, 3.5]"
    )
    func sendBeforeConnectCannotBeWritten() throws {
        let maker = Maker()
        let configuration = try builder(maker).build(url: chatURL)
        #expect(
            maker.received.isEmpty, "Building makes no connection: only connect() asks the maker")
        #expect(
            throws: NoSendOfItsOwn(),
            "ConnectionConfiguration has no send(_:) of its own, so sending from it doesn't compile"
        ) { try configuration.send(try Event("hello")) }

        let connection = try configuration.connect()
        let made = try #require(maker.made.first, "connect() asks the maker for the connection")
        #expect(
            connection === made && made.calls.first == "connect",
            "The connection is connected before anyone holds it: nobody can send first")
    }

    @Test(
        "The maker's error, whatever it is, passes on unchanged, after one ask, and nothing is connected [3.4]",
        arguments: [
            ConnectionFactoryError.unsupportedScheme(URL(filePath: "/chat")),
            ConnectionFactoryError.missingHost(URL(filePath: "/chat")),
            BuildError(problems: [.emptyAuthToken]),
            HandshakeFailed(reason: "the server wants a newer client"),
        ] as [any Error])
    func makerErrorPassesOn(refusal: any Error) throws {
        let maker = Maker(error: refusal)
        let configuration = try builder(maker).build(url: chatURL)
        let thrown = #expect(throws: (any Error).self, "connect() throws when the maker throws") {
            try configuration.connect()
        }
        #expect(
            thrown.map { isSame($0, as: refusal) } == true,
            "connect() throws what the maker threw, unchanged: \(refusal), not \(thrown.map { "\($0)" } ?? "nothing")"
        )
        #expect(maker.received.count == 1, "The maker is asked exactly once")
    }

    @Test(
        "The connection's connect error, whatever it is, passes on unchanged, after one try [3.4]",
        arguments: [
            LifecycleError.operationRefused(.connect, in: .released),
            LifecycleError.transitionRefused(from: .released, to: .connected),
            TransportError.notConnected(.disconnected),
            TransportError.notAllowed(action: "connect", status: .idle),
            HandshakeFailed(reason: "token expired"),
        ] as [any Error])
    func connectErrorPassesOn(refusal: any Error) throws {
        let maker = Maker(connectError: refusal)
        let configuration = try builder(maker).build(url: chatURL)
        let thrown = #expect(
            throws: (any Error).self, "connect() throws when the connection's connect() throws"
        ) {
            try configuration.connect()
        }
        #expect(
            thrown.map { isSame($0, as: refusal) } == true,
            "connect() throws what the connection's connect() threw, unchanged: \(refusal), not \(thrown.map { "\($0)" } ?? "nothing")"
        )
        #expect(
            maker.received.count == 1 && maker.made.map(\.calls) == [["connect"]],
            "One connection made, asked to connect exactly once, and nothing else")
    }

    @Test(
        "make() asks the maker once per call and returns what it made, not connected; its errors pass on unchanged [3.7]"
    )
    func makeDoesNotConnect() throws {
        let maker = Maker()
        let configuration = try builder(maker).authToken("t-1").build(url: chatURL)
        let first = try configuration.make()
        let second = try configuration.make()
        let made = maker.made
        try #require(made.count == 2, "Each make() asks the maker once")
        #expect(first === made[0] && second === made[1], "make() returns the connection the maker made")
        #expect(
            made.map(\.calls) == [[], []], "make() connects nothing: the caller connects once it listens")
        #expect(
            maker.received.map(\.authToken) == ["t-1", "t-1"],
            "The maker gets the configuration itself, with its settings")

        let refusal = HandshakeFailed(reason: "the server wants a newer client")
        let failing = Maker(error: refusal)
        let thrown = #expect(throws: (any Error).self, "make() throws when the maker throws") {
            try builder(failing).build(url: chatURL).make()
        }
        #expect(
            thrown.map { isSame($0, as: refusal) } == true,
            "make() throws what the maker threw, unchanged, not \(thrown.map { "\($0)" } ?? "nothing")")
        #expect(failing.received.count == 1, "The maker is asked exactly once")

        let socket = try ConnectionBuilder().build(url: chatURL).make()
        #expect(socket.status == .idle, "The default maker's socket, made, is idle until someone connects it")
    }

    @Test("Without a maker, connect() opens a SocketConnection to the configured server [3.6]")
    func defaultMaker() throws {
        let configuration = try ConnectionBuilder().authToken("t").build(url: chatURL)
        let connection = try configuration.connect()
        #expect(
            connection is SocketConnection,
            "The default maker makes a SocketConnection over an in-memory transport")
        #expect(connection.url == configuration.url.url, "It goes to the configured server")
        #expect(
            connection.status == .connecting,
            "connect() starts it connecting; the server has not accepted yet")
        let second = try configuration.connect()
        #expect(second.id != connection.id, "Each connect() opens a new socket connection")
        try connection.disconnect()
        #expect(
            second.status == .connecting,
            "Each over a socket of its own: disconnecting the first leaves the second connecting")
    }

    @Test("A configuration keeps nothing it made: a connection its caller drops is freed [3.2]")
    func keepsNothingItMade() throws {
        // A maker that keeps nothing either: only the configuration could still hold them.
        let configuration = try ConnectionBuilder(makeConnection: { SpyConnection(url: $0.url.url) })
            .authToken("t").build(url: chatURL)
        weak var connected: (any Connection)?
        weak var made: (any Connection)?
        do {
            let (first, second) = (try configuration.connect(), try configuration.make())
            (connected, made) = (first, second)
            #expect(connected != nil && made != nil, "While their caller holds them, they live")
            withExtendedLifetime((first, second)) {}
        }
        #expect(connected == nil, "connect() keeps no reference to what it returned")
        #expect(made == nil, "make() keeps no reference to what it returned")
    }
}
