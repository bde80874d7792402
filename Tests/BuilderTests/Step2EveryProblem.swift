import Builder
import KataTestSupport
import MessagingKit
import Testing

/// One build: a URL and settings, and the problem it must give (`nil`: it must build).
struct BuildCase: Sendable, CustomTestStringConvertible {
    let label: String
    let url: String
    let configure: @Sendable (ConnectionBuilder) -> ConnectionBuilder
    let expected: BuildProblem?
    var testDescription: String { label }

    init(
        _ label: String, url: String = chatURL,
        configure: @escaping @Sendable (ConnectionBuilder) -> ConnectionBuilder = { $0 },
        _ expected: BuildProblem?
    ) {
        self.label = label
        self.url = url
        self.configure = configure
        self.expected = expected
    }

    /// Builds, and compares what it found with what was expected; the test's name cites the rule.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        let found = problems { () throws(BuildError) in try configure(builder()).build(url: url) }
        if let expected {
            #expect(
                found == [expected],
                "\(label): build(url:) throws one BuildError with \(expected), and only that",
                sourceLocation: sourceLocation)
        } else {
            #expect(
                found == nil, "\(label): this is allowed, so build(url:) succeeds",
                sourceLocation: sourceLocation)
        }
    }
}

/// What the table of rule 2.2 refuses, one part at a time, hostile text included.
let tableRefuses: [BuildCase] = [
    BuildCase("no scheme", url: "chat.example.com", .invalidURL("chat.example.com")),
    BuildCase("empty URL", url: "", .invalidURL("")),
    BuildCase("blank URL", url: " \t\n", .invalidURL(" \t\n")),
    BuildCase("no host", url: "wss://", .invalidURL("wss://")),
    BuildCase("https", url: "https://chat.example.com", .unsupportedScheme("https")),
    BuildCase("HTTPS, reported lowercased", url: "HTTPS://chat.example.com", .unsupportedScheme("https")),
    BuildCase("-1 attempts", configure: { $0.reconnectAttempts(-1) }, .reconnectAttemptsOutOfRange(-1)),
    BuildCase("timeout -1 s", configure: { $0.timeout(.seconds(-1)) }, .timeoutOutOfRange(.seconds(-1))),
    BuildCase("empty token", configure: { $0.authToken("") }, .emptyAuthToken),
    BuildCase("token of spaces", configure: { $0.authToken("  ") }, .emptyAuthToken),
    BuildCase("token of a tab", configure: { $0.authToken("\t") }, .emptyAuthToken),
    BuildCase("token of a newline", configure: { $0.authToken("\n") }, .emptyAuthToken),
    BuildCase("token of mixed whitespace", configure: { $0.authToken(" \r\n\t ") }, .emptyAuthToken),
    BuildCase("token of a no-break space", configure: { $0.authToken("\u{00A0}") }, .emptyAuthToken),
    BuildCase(
        "header name with a no-break space inside", configure: { $0.header("X\u{00A0}Trace", "1") },
        .invalidHeaderName("x\u{00A0}trace")),
    BuildCase(
        "header name with a line separator inside", configure: { $0.header("X\u{2028}Trace", "1") },
        .invalidHeaderName("x\u{2028}trace")),
    BuildCase(
        "header name with a colon at its end", configure: { $0.header("X-Trace:", "1") },
        .invalidHeaderName("x-trace:")),
    BuildCase("empty header name", configure: { $0.header("", "1") }, .invalidHeaderName("")),
    BuildCase(
        "header name with a space", configure: { $0.header("x trace", "1") }, .invalidHeaderName("x trace")),
    BuildCase(
        "header name with a colon", configure: { $0.header("x:trace", "1") }, .invalidHeaderName("x:trace")),
    BuildCase("header name that is a colon", configure: { $0.header(":", "1") }, .invalidHeaderName(":")),
    BuildCase(
        "header name with a tab inside", configure: { $0.header("X\tTrace", "1") },
        .invalidHeaderName("x\ttrace")),
    BuildCase(
        "header name ending in a newline", configure: { $0.header("X-Trace\n", "1") },
        .invalidHeaderName("x-trace\n")),
    BuildCase(
        "header name ending in a carriage return", configure: { $0.header("X-Trace\r", "1") },
        .invalidHeaderName("x-trace\r")),
    BuildCase(
        "header name ending in a CRLF", configure: { $0.header("X-Trace\r\n", "1") },
        .invalidHeaderName("x-trace\r\n")),
    BuildCase(
        "header name with a space before", configure: { $0.header(" X-Trace", "1") },
        .invalidHeaderName(" x-trace")),
    BuildCase("header name of a tab", configure: { $0.header("\t", "1") }, .invalidHeaderName("\t")),
    BuildCase(
        "header name in mixed case, reported lowercased", configure: { $0.header("X Trace", "1") },
        .invalidHeaderName("x trace")),
]

/// What the table of rule 2.2 allows, hostile text included: each of these builds.
let tableAllows: [BuildCase] = [
    BuildCase("wss", url: "wss://chat.example.com/socket", nil),
    BuildCase("ws, with a port", url: "ws://localhost:8080", nil),
    BuildCase("WSS", url: "WSS://chat.example.com", nil),
    BuildCase("Ws", url: "Ws://chat.example.com", nil),
    BuildCase("wSs, with a port, a path and a query", url: "wSs://Chat.Example.com:8443/socket?room=1", nil),
    BuildCase("a one-character token", configure: { $0.authToken("t") }, nil),
    BuildCase("a token with whitespace around it", configure: { $0.authToken(" \tt-1\n") }, nil),
    BuildCase("a one-character header name", configure: { $0.header("x", "1") }, nil),
    BuildCase("a header name in mixed case", configure: { $0.header("X-B3-TraceId", "1") }, nil),
    BuildCase("a header name with an underscore", configure: { $0.header("X_Trace", "1") }, nil),
    BuildCase("a header name with a dot", configure: { $0.header("x.trace", "1") }, nil),
    BuildCase("a header name with a plus", configure: { $0.header("x-b3+id", "1") }, nil),
    BuildCase("a header value with whitespace", configure: { $0.header("x-note", " a b\t\n") }, nil),
    BuildCase("an empty header value", configure: { $0.header("x-empty", "") }, nil),
]

/// Rule 2.3: each limit, and the smallest step past it.
let limits: [BuildCase] = [
    BuildCase("0 attempts", configure: { $0.reconnectAttempts(0) }, .reconnectAttemptsOutOfRange(0)),
    BuildCase("1 attempt", configure: { $0.reconnectAttempts(1) }, nil),
    BuildCase("10 attempts", configure: { $0.reconnectAttempts(10) }, nil),
    BuildCase("11 attempts", configure: { $0.reconnectAttempts(11) }, .reconnectAttemptsOutOfRange(11)),
    BuildCase("timeout 0", configure: { $0.timeout(.zero) }, .timeoutOutOfRange(.zero)),
    BuildCase("timeout 1 attosecond", configure: { $0.timeout(attosecond) }, nil),
    BuildCase("timeout 1 ms", configure: { $0.timeout(.milliseconds(1)) }, nil),
    BuildCase("timeout 60 s", configure: { $0.timeout(.seconds(60)) }, nil),
    BuildCase(
        "timeout 60 s + 1 attosecond", configure: { $0.timeout(.seconds(60) + attosecond) },
        .timeoutOutOfRange(.seconds(60) + attosecond)),
    BuildCase(
        "timeout 60.001 s", configure: { $0.timeout(.milliseconds(60_001)) },
        .timeoutOutOfRange(.milliseconds(60_001))),
]

/// Rule 2.4: whitespace around the URL makes it invalid; the problem carries the text as given.
let urlsWithWhitespace: [BuildCase] = [
    BuildCase("a space before", url: " " + chatURL, .invalidURL(" " + chatURL)),
    BuildCase("a space after", url: chatURL + " ", .invalidURL(chatURL + " ")),
    BuildCase("a tab before", url: "\t" + chatURL, .invalidURL("\t" + chatURL)),
    BuildCase("a newline after", url: chatURL + "\n", .invalidURL(chatURL + "\n")),
    BuildCase("a CRLF after", url: chatURL + "\r\n", .invalidURL(chatURL + "\r\n")),
    BuildCase(
        "a space inside the scheme", url: "w ss://chat.example.com", .invalidURL("w ss://chat.example.com")),
    BuildCase("a space before ://", url: "wss ://chat.example.com", .invalidURL("wss ://chat.example.com")),
]

/// Rule 2.5: no host, so no scheme check.
let urlsWithoutHost: [BuildCase] = [
    BuildCase("https:/x", url: "https:/x", .invalidURL("https:/x")),
    BuildCase("wsx:/chat", url: "WSX:/chat", .invalidURL("WSX:/chat")),
    BuildCase("ftp:", url: "ftp:", .invalidURL("ftp:")),
    BuildCase("HTTPS:/x", url: "HTTPS:/x", .invalidURL("HTTPS:/x")),
    BuildCase("wss.chat.example.com", url: "wss.chat.example.com", .invalidURL("wss.chat.example.com")),
    BuildCase("wss:chat.example.com", url: "wss:chat.example.com", .invalidURL("wss:chat.example.com")),
    BuildCase("ws:/chat", url: "ws:/chat", .invalidURL("ws:/chat")),
    BuildCase("wss//chat.example.com", url: "wss//chat.example.com", .invalidURL("wss//chat.example.com")),
]

/// Rule 2.6: schemes one letter off.
let nearMissSchemes: [BuildCase] = [
    BuildCase("wsx", url: "wsx://chat.example.com", .unsupportedScheme("wsx")),
    BuildCase("WSX", url: "WSX://chat.example.com", .unsupportedScheme("wsx")),
    BuildCase("w", url: "w://chat.example.com", .unsupportedScheme("w")),
    BuildCase("s", url: "s://chat.example.com", .unsupportedScheme("s")),
    BuildCase("WSS2", url: "WSS2://chat.example.com", .unsupportedScheme("wss2")),
    BuildCase("wsss", url: "wsss://chat.example.com", .unsupportedScheme("wsss")),
    BuildCase("xws", url: "xws://chat.example.com", .unsupportedScheme("xws")),
    BuildCase("wss-x", url: "wss-x://chat.example.com", .unsupportedScheme("wss-x")),
    BuildCase("wsS.x, mixed case", url: "wsS.x://chat.example.com", .unsupportedScheme("wss.x")),
    BuildCase("httpbin", url: "httpbin://chat.example.com", .unsupportedScheme("httpbin")),
    BuildCase("ws+tls", url: "ws+tls://chat.example.com", .unsupportedScheme("ws+tls")),
    BuildCase("memory", url: "memory://chat", .unsupportedScheme("memory")),
]

/// Rule 2.7: the extremes of each type.
let extremes: [BuildCase] = [
    BuildCase(
        "Int.min attempts", configure: { $0.reconnectAttempts(.min) }, .reconnectAttemptsOutOfRange(.min)),
    BuildCase(
        "Int.max attempts", configure: { $0.reconnectAttempts(.max) }, .reconnectAttemptsOutOfRange(.max)),
    BuildCase(
        "timeout -1 attosecond", configure: { $0.timeout(.zero - attosecond) },
        .timeoutOutOfRange(.zero - attosecond)),
    BuildCase(
        "the most negative timeout", configure: { $0.timeout(.seconds(Int64.min)) },
        .timeoutOutOfRange(.seconds(Int64.min))),
    BuildCase(
        "the longest timeout", configure: { $0.timeout(.seconds(Int64.max)) },
        .timeoutOutOfRange(.seconds(Int64.max))),
]

@Suite("Builder · Step 2 — Every problem, at once", .tags(.messaging), .noEscapeHatches("Builder"))
struct Step2EveryProblem {
    @Test("Each wrong part gives its problem, and only that one [2.2]", arguments: tableRefuses)
    func eachProblem(wrong: BuildCase) {
        wrong.check()
    }

    @Test("What the table allows builds, in any case of ws and wss [2.2]", arguments: tableAllows)
    func allowed(right: BuildCase) {
        right.check()
    }

    @Test("Each limit builds, and the smallest step past it doesn't [2.3]", arguments: limits)
    func limitsAndOnePast(limit: BuildCase) {
        limit.check()
    }

    @Test("The limits reach the configuration unchanged [2.3]")
    func limitsAreKept() throws {
        let low = try builder().reconnectAttempts(1).timeout(attosecond).build(url: chatURL)
        #expect(
            low.reconnectAttempts == 1 && low.timeout == attosecond,
            "1 attempt and the shortest timeout are allowed, and kept")
        let high = try builder().reconnectAttempts(10).timeout(.seconds(60)).build(
            url: "WSS://chat.example.com")
        #expect(
            high.reconnectAttempts == 10 && high.timeout == .seconds(60),
            "10 attempts and 60 s are allowed, and kept")
    }

    @Test(
        "Whitespace around the URL makes it invalid, reported as given [2.4]", arguments: urlsWithWhitespace)
    func urlAsGiven(url: BuildCase) {
        url.check()
    }

    @Test("Text without a host is an invalid URL, whatever its scheme [2.5]", arguments: urlsWithoutHost)
    func noHostNoSchemeCheck(url: BuildCase) {
        url.check()
    }

    @Test("Only ws and wss pass: a scheme one letter off doesn't [2.6]", arguments: nearMissSchemes)
    func nearMissScheme(url: BuildCase) {
        url.check()
    }

    @Test("The extremes of each setting give their problem, never a crash [2.7]", arguments: extremes)
    func extreme(setting: BuildCase) {
        setting.check()
    }

    @Test(
        "A wrong setting given again with a right value builds; a right one given again with a wrong value doesn't [1.2, 2.1]"
    )
    func onlyTheLastValueIsChecked() {
        let corrected = builder()
            .reconnectAttempts(0).timeout(.zero).authToken(" ")
            .reconnectAttempts(11).timeout(.seconds(61)).authToken("\n")
            .reconnectAttempts(4).timeout(.seconds(20)).authToken("t-1")
        #expect(
            problems { () throws(BuildError) in try corrected.build(url: chatURL) } == nil,
            "Each wrong value was replaced by a right one before build(url:): only what the builder holds then is checked"
        )
        let configuration = try? corrected.build(url: chatURL)
        #expect(
            configuration?.reconnectAttempts == 4 && configuration?.timeout == .seconds(20)
                && configuration?.authToken == "t-1",
            "…and the last value of each setting is the one built")
        let spoiled = builder()
            .reconnectAttempts(4).timeout(.seconds(20)).authToken("t-1")
            .reconnectAttempts(0).timeout(.zero).authToken(" ")
        #expect(
            problems { () throws(BuildError) in try spoiled.build(url: chatURL) }
                == inAnyOrder([.reconnectAttemptsOutOfRange(0), .timeoutOutOfRange(.zero), .emptyAuthToken]),
            "A right value replaced by a wrong one is wrong: the last value is checked")
    }

    @Test(
        "Several wrong parts are all reported at once, never only the first, a bad URL included [2.1]",
        arguments: [
            ("ftp://chat.example.com", BuildProblem.unsupportedScheme("ftp")),
            ("chat.example.com", .invalidURL("chat.example.com")),
            ("\twss://chat.example.com\n", .invalidURL("\twss://chat.example.com\n")),
            (chatURL, nil),
        ] as [(String, BuildProblem?)])
    func everyProblemAtOnce(url: String, urlProblem: BuildProblem?) {
        let found = problems { () throws(BuildError) in
            try builder()
                .reconnectAttempts(0)
                .timeout(.seconds(-5))
                .authToken(" ")
                .header("bad name", "1")
                .header("X-Good", "1")
                .header("BAD NAME", "3")  // the same bad name again: one problem, not two
                .header("worse:name", "2")
                .build(url: url)
        }
        let settings: [BuildProblem] = [
            .reconnectAttemptsOutOfRange(0), .timeoutOutOfRange(.seconds(-5)), .emptyAuthToken,
            .invalidHeaderName("bad name"), .invalidHeaderName("worse:name"),
        ]
        #expect(
            found == inAnyOrder(settings + [urlProblem].compactMap { $0 }),
            "URL \(url.debugDescription): one BuildError lists every problem, each once")
    }
}
