import Foundation
import MessagingCapstone
import MessagingKit
import Testing

// Bug test: a configuration with three problems reports one.

@Suite("Step 1 — the settings go to the builder")
struct Step1Configuration {
    @Test(
        "Every problem of the URL and the settings is reported at once, and nothing connects [1.1, 1.2]",
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

    @Test("A client refused once still opens the right URL, and its problems stay its own [1.1, 1.2]")
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
