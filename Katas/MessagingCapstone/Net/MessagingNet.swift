import Foundation
import MessagingCapstoneSubjects
import MessagingKit
import Testing

// Step 0: your safety net. Write characterization tests here: each one records what the legacy
// client does right (read Katas/MessagingCapstone/ChatSocket.swift, and rules 0.1 to 0.6 of the
// brief), not what you think it should do. Don't pin a legacy bug: a later step fixes it.
//
// Make every client with `makeClient(settings:user:network:)`, over servers your test plays
// (`Servers()`: pass its `network`, then play the server on each of its `sockets`).
// The suite's `.plantedChanges` runs each test on your client, on the legacy client, and on 10
// programs that each change one behaviour a refactoring could plausibly change. A test must
// pass on the first two. Your net is done when, together, your tests fail on all 10:
// `swift run kata test messaging-capstone` says which ones they miss. (In `swift test`'s own
// output, a "known issue" is one of your tests failing on a planted change: a catch.)

@Suite(.plantedChanges)
struct MessagingNet {
    // TODO: Step 0 — finish this test, then write the others. What has the server received?
    @Test func aConnectedChatSends() async throws {
        let servers = Servers()
        let client = makeClient(user: ChatUser(name: "ada", mayPost: true), network: servers.network)
        let chat = try await client.open(try #require(URL(string: "wss://chat.example.com/socket")))
        let socket = try #require(servers.sockets.first)
        try socket.accept()

        try chat.send(Event("hello"))

        #expect(socket.sentEvents.map(\.name.rawValue) == [], "Write what the legacy client sent here.")
    }
}
