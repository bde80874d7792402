import Builder
import KataTestSupport
import MessagingKit
import Testing

/// One wrong setting, and the problem it must give.
struct WrongSetting: Sendable, CustomTestStringConvertible {
    let label: String
    let url: String
    let configure: @Sendable (ConnectionBuilder) -> ConnectionBuilder
    let problem: BuildProblem
    var testDescription: String { label }
}

let wrongSettings: [WrongSetting] = [
    WrongSetting(
        label: "no scheme", url: "chat.example.com", configure: { $0 },
        problem: .invalidURL("chat.example.com")),
    WrongSetting(label: "empty URL", url: "", configure: { $0 }, problem: .invalidURL("")),
    WrongSetting(
        label: "https", url: "https://chat.example.com", configure: { $0 },
        problem: .unsupportedScheme("https")),
    WrongSetting(
        label: "0 attempts", url: chatURL, configure: { $0.reconnectAttempts(0) },
        problem: .reconnectAttemptsOutOfRange(0)),
    WrongSetting(
        label: "-1 attempts", url: chatURL, configure: { $0.reconnectAttempts(-1) },
        problem: .reconnectAttemptsOutOfRange(-1)),
    WrongSetting(
        label: "11 attempts", url: chatURL, configure: { $0.reconnectAttempts(11) },
        problem: .reconnectAttemptsOutOfRange(11)),
    WrongSetting(
        label: "timeout 0", url: chatURL, configure: { $0.timeout(.zero) }, problem: .timeoutOutOfRange(.zero)
    ),
    WrongSetting(
        label: "timeout -1 s", url: chatURL, configure: { $0.timeout(.seconds(-1)) },
        problem: .timeoutOutOfRange(.seconds(-1))),
    WrongSetting(
        label: "timeout 60 s + 1 ms", url: chatURL, configure: { $0.timeout(.milliseconds(60_001)) },
        problem: .timeoutOutOfRange(.milliseconds(60_001))),
    WrongSetting(
        label: "empty token", url: chatURL, configure: { $0.authToken("") }, problem: .emptyAuthToken),
    WrongSetting(
        label: "blank token", url: chatURL, configure: { $0.authToken("  ") }, problem: .emptyAuthToken),
    WrongSetting(
        label: "empty header name", url: chatURL, configure: { $0.header("", "1") },
        problem: .invalidHeaderName("")),
    WrongSetting(
        label: "header name with a space", url: chatURL, configure: { $0.header("x trace", "1") },
        problem: .invalidHeaderName("x trace")),
    WrongSetting(
        label: "header name with a colon", url: chatURL, configure: { $0.header("x:trace", "1") },
        problem: .invalidHeaderName("x:trace")),
]

@Suite("Builder · Step 2 — Every problem, at once", .tags(.messaging))
struct Step2EveryProblem {
    @Test("Each wrong setting gives its problem, and only that one", arguments: wrongSettings)
    func eachProblem(setting: WrongSetting) {
        #expect(
            problems { () throws(BuildError) in try setting.configure(builder()).build(url: setting.url) }
                == [setting.problem],
            "\(setting.label): build(url:) throws BuildError with \(setting.problem) (step 2)")
    }

    @Test("The limits themselves are allowed: 1 and 10 attempts, 1 ms and 60 s, any case of wss")
    func limitsAreAllowed() throws {
        let hatches = try EscapeHatches.findings(inPattern: "Builder")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 2))")
        let low = try builder().reconnectAttempts(1).timeout(.milliseconds(1)).build(url: chatURL)
        #expect(
            low.reconnectAttempts == 1 && low.timeout == .milliseconds(1),
            "1 attempt and 1 ms are allowed (step 2)")
        let high = try builder().reconnectAttempts(10).timeout(.seconds(60)).build(
            url: "WSS://chat.example.com")
        #expect(
            high.reconnectAttempts == 10 && high.timeout == .seconds(60),
            "10 attempts and 60 s are allowed (step 2)")
        let plain = try builder().build(url: "ws://localhost:8080")
        #expect(plain.url.scheme == "ws", "ws is allowed as well as wss (step 2)")
    }

    @Test("Several wrong settings are all reported at once, never only the first")
    func everyProblemAtOnce() {
        let found = problems { () throws(BuildError) in
            try builder()
                .reconnectAttempts(0)
                .timeout(.seconds(-5))
                .authToken(" ")
                .header("bad name", "1")
                .build(url: "ftp://chat.example.com")
        }
        #expect(
            found == [
                .unsupportedScheme("ftp"), .reconnectAttemptsOutOfRange(0), .timeoutOutOfRange(.seconds(-5)),
                .emptyAuthToken, .invalidHeaderName("bad name"),
            ],
            "One BuildError lists all five problems (step 2)")
    }
}
