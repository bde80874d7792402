import Foundation
import KataTestSupport
import MessagingKit
import Testing

@Suite("Server URLs, events and messages", .tags(.messaging))
struct ValueTests {
    @Test("A server URL keeps its scheme and host, lowercased")
    func parsesURL() throws {
        let url = try ServerURL("WSS://Chat.Example.com/socket?room=1")
        #expect(url.scheme == "wss")
        #expect(url.host == "chat.example.com")
        #expect(url.description == "WSS://Chat.Example.com/socket?room=1")
    }

    @Test(
        "An unusable server URL is refused with the reason",
        arguments: [
            ("", "it is not a URL"),
            ("wss://exa mple.com", "it is not a URL"),
            ("chat.example.com/socket", "it has no scheme such as wss://"),
            ("wss:///socket", "it has no host"),
            ("mailto:someone@example.com", "it has no host"),
        ]
    )
    func refusesBadURL(text: String, reason: String) {
        #expect(throws: MessagingError.invalidURL(text, reason: reason)) {
            try ServerURL(text)
        }
    }

    @Test("Nowhere is a server URL like any other, that the checks accept")
    func nowhere() throws {
        #expect(ServerURL.nowhere == (try ServerURL("ws://nowhere.invalid")))
    }

    @Test("A Foundation URL is checked the same way")
    func checksFoundationURL() throws {
        let url = try #require(URL(string: "wss://Chat.Example.com/socket"))
        #expect(try ServerURL(url).url == url)
        #expect(try ServerURL(url).host == "chat.example.com")
        let noHost = try #require(URL(string: "memory:chat"))
        #expect(throws: MessagingError.invalidURL("memory:chat", reason: "it has no host")) {
            try ServerURL(noHost)
        }
    }

    @Test("The URL error names the URL")
    func urlErrorNamesURL() {
        let error = MessagingError.invalidURL("wss:///socket", reason: "it has no host")
        #expect(error.description == "\"wss:///socket\" is not a valid server URL: it has no host.")
    }

    @Test("A blank event name is refused", arguments: ["", " ", "\n\t"])
    func refusesBlankEventName(name: String) {
        #expect(throws: MessagingError.emptyEventName) { try EventName(name) }
        #expect(throws: MessagingError.emptyEventName) { try Event(name, payload: ["a": "b"]) }
    }

    @Test("Events compare by name and payload")
    func eventsCompare() throws {
        let typing = try Event("typing", payload: ["room": "general"])
        #expect(typing == (try Event("typing", payload: ["room": "general"])))
        #expect(typing != (try Event("typing", payload: ["room": "random"])))
        #expect(typing.name.rawValue == "typing")
    }

    @Test("A message travels as a \"message\" event and back")
    func messageRoundTrip() throws {
        let message = Message(room: "general", text: "Hello")
        let event = message.event
        #expect(event.name.rawValue == "message")
        #expect(Message(event) == message)
        #expect(Message(try Event("typing", payload: ["room": "general", "text": "x"])) == nil)
        #expect(Message(try Event("message", payload: ["room": "general"])) == nil)
    }

    @Test("A connection state names itself")
    func connectionStateNames() {
        #expect(
            ConnectionState.allCases.map(\.description) == [
                "created", "connected", "disconnected", "reconnecting", "released",
            ])
    }
}

@Suite("Lifecycle vocabulary", .tags(.messaging))
struct LifecycleVocabularyTests {
    @Test("Refusals name the state, and the operation or the target")
    func errorsNameTheStates() {
        #expect(
            LifecycleError.operationRefused(.release, in: .created).description
                == "A created connection refuses release.")
        #expect(
            LifecycleError.transitionRefused(from: .released, to: .connected).description
                == "A released connection can't become connected.")
        #expect(ConnectionStateChange(from: .created, to: .connected).description == "created → connected")
        #expect(ConnectionOperation.allCases.count == 6)
    }

    @Test("A token cancels once, however often it is cancelled")
    func tokenCancelsOnce() {
        let cancels = Recorder<Int>()
        let token = ObservationToken { cancels.record(1) }
        token.cancel()
        token.cancel()
        #expect(cancels.all == [1])
    }
}

@Suite("MessagingKit — the outbox's and the builder's errors")
struct OutboxAndBuildErrorTests {
    @Test("Every outbox error and build problem explains itself in a sentence")
    func descriptions() {
        let outbox: [OutboxError] = [
            .invalidCapacity(0), .emptyEventName, .full(capacity: 3), .cancelled, .waitCancelled,
            .refused(reason: "guest may not send price."), .refused(reason: "no"),
        ]
        #expect(outbox.allSatisfy { $0.description.hasSuffix(".") })
        #expect(
            Set(outbox.map(\.description)).count == outbox.count,
            "Each outbox error has a sentence of its own: a cancelled wait isn't a cancelled request")
        #expect(OutboxError.full(capacity: 3).description.contains("3"))
        #expect(
            OutboxError.refused(reason: "guest may not send price.").description
                == "The connection refused the request for good: guest may not send price.",
            "A refusal says why, in the connection's own words, once")
        let problems: [BuildProblem] = [
            .invalidURL("x"), .unsupportedScheme("ftp"), .reconnectAttemptsOutOfRange(0),
            .timeoutOutOfRange(.zero), .emptyAuthToken, .invalidHeaderName("a b"),
        ]
        #expect(problems.allSatisfy { $0.description.hasSuffix(".") })
        #expect(BuildError(problems: problems).description.split(separator: "\n").count == problems.count)
        #expect(
            BuildError(problems: []).description.contains("no problem in it"),
            "An empty error still says something: a learner reads it when build(url:) isn't written yet")
        #expect(CommandTicket(number: 4).description == "ticket 4")
    }
}

@Suite("MessagingKit — a transport log's entries")
struct TransportLogEntryTests {
    @Test("Each entry reads as one log line")
    func lines() throws {
        let typing = try Event("typing")
        #expect(TransportLogEntry.sent(typing).description == "sent typing")
        #expect(
            TransportLogEntry.refused(typing, error: TransportError.notConnected(.idle)).description
                == "refused typing: The transport is idle, not connected: it cannot send or receive.")
        #expect(TransportLogEntry.statusChanged(.connected).description == "status connected")
    }
}

@Suite("MessagingKit — users and forbidden sends")
struct ChatUserTests {
    @Test("A forbidden send names the user and the event")
    func forbiddenDescription() throws {
        let error = SendForbidden(event: try EventName("message"), user: "guest")
        #expect(error.description == "guest may not send message.")
        #expect(ChatUser(name: "guest", mayPost: false) != ChatUser(name: "guest", mayPost: true))
    }
}
