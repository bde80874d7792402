import Builder
import KataTestSupport
import MessagingKit
import Testing

@Suite("Builder · Step 1 — Fluent settings, a required URL", .tags(.messaging), .noEscapeHatches("Builder"))
struct Step1FluentSettings {
    @Test("With no settings, build(url:) gives the defaults [1.1, 1.4]")
    func defaults() throws {
        let configuration = try builder().build(url: chatURL)
        #expect(configuration.url == (try ServerURL(chatURL)), "The URL is the one given to build")
        #expect(configuration.reconnectAttempts == 3, "3 reconnect attempts by default")
        #expect(configuration.timeout == .seconds(10), "A 10-second timeout by default")
        #expect(configuration.authToken == nil, "No auth token by default")
        #expect(configuration.headers.isEmpty, "No extra headers by default")
    }

    @Test("Each fluent setting reaches the configuration [1.2, 1.3, 1.4]")
    func settingsApply() throws {
        let configuration = try builder()
            .reconnectAttempts(5)
            .timeout(.seconds(30))
            .authToken("t-123")
            .header("X-App-Version", "4.2")
            .header("Accept-Language", "de")
            .build(url: chatURL)
        #expect(configuration.reconnectAttempts == 5, "reconnectAttempts(_:) is kept")
        #expect(configuration.timeout == .seconds(30), "timeout(_:) is kept")
        #expect(configuration.authToken == "t-123", "authToken(_:) is kept")
        #expect(
            configuration.headers == ["x-app-version": "4.2", "accept-language": "de"],
            "Every header is kept, by lowercased name")
    }

    @Test("A setting given again replaces the earlier one [1.2]")
    func laterSettingWins() throws {
        let configuration = try builder()
            .reconnectAttempts(5).timeout(.seconds(30)).authToken("first")
            .reconnectAttempts(2).timeout(.seconds(7)).authToken("second")
            .build(url: chatURL)
        #expect(configuration.reconnectAttempts == 2, "The last reconnectAttempts(_:) wins")
        #expect(configuration.timeout == .seconds(7), "The last timeout(_:) wins")
        #expect(configuration.authToken == "second", "The last authToken(_:) wins")
    }

    @Test("Header names are case-insensitive: setting one again replaces its value [1.3]")
    func headersReplace() throws {
        let configuration = try builder().header("X-Trace", "1").header("x-trace", "2").build(url: chatURL)
        #expect(configuration.headers == ["x-trace": "2"], "The later value wins, under one name")
        let shouted = try builder().header("x-trace", "1").header("X-TRACE", "2").header("X-Trace", "3")
            .header("x-b3-sampled", "0").build(url: chatURL)
        #expect(
            shouted.headers == ["x-trace": "3", "x-b3-sampled": "0"],
            "Any mix of case names the same header; the last value wins, and other headers stay")
        // Lowercased by the user's language, ΟΔΟΣ ends in a final sigma (ς) while οδοσ keeps its σ:
        // two names that differ only in case would become two headers.
        let greek = try builder().header("X-ΟΔΟΣ", "1").header("x-οδοσ", "2").header("X-Σ-Id", "3")
            .header("x-σ-id", "4").build(url: chatURL)
        #expect(
            greek.headers == ["x-οδοσ": "2", "x-σ-id": "4"],
            """
            Names that differ only in case are one header in any alphabet, on every device whatever its \
            language: X-ΟΔΟΣ and x-οδοσ are one, under the name lowercased
            """)
    }

    @Test("Values are kept exactly as given, whitespace included [1.4]")
    func valuesKeptAsGiven() throws {
        let configuration = try builder().authToken(" t-1\n").header("X-Note", "\tfirst line\nsecond ")
            .header("X-Empty", "1").header("x-empty", "").build(url: chatURL)
        #expect(
            configuration.authToken == " t-1\n",
            "The token is kept as given: the builder trims nothing")
        #expect(
            configuration.headers == ["x-note": "\tfirst line\nsecond ", "x-empty": ""],
            "A header's value is kept as given, an empty one too; only its name is lowercased")
        let mixed = try builder().build(url: "wSs://Chat.Example.com:8443/Socket?Room=General")
        #expect(
            mixed.url.description.hasSuffix(":8443/Socket?Room=General"),
            "The URL's path and query keep their case as given; only its scheme and host are case-insensitive"
        )
    }

    @Test("A builder is a value: configurations from one partly configured builder are independent [1.5]")
    func builderIsAValue() throws {
        let base = builder().timeout(.seconds(5))
        let withToken = base.authToken("a")
        let withHeader = base.header("X-Trace", "1").reconnectAttempts(7)
        let plain = try base.build(url: chatURL)
        let tokened = try withToken.build(url: chatURL)
        let headed = try withHeader.build(url: chatURL)
        #expect(
            plain.authToken == nil && plain.headers.isEmpty && plain.reconnectAttempts == 3,
            "Settings made on copies never reach the builder they came from")
        #expect(
            tokened.authToken == "a" && tokened.headers.isEmpty,
            "One copy's header isn't the other's")
        #expect(
            headed.authToken == nil && headed.headers == ["x-trace": "1"] && headed.reconnectAttempts == 7,
            "One copy's token isn't the other's")
        #expect(
            [plain.timeout, tokened.timeout, headed.timeout] == [.seconds(5), .seconds(5), .seconds(5)],
            "What the base had, every copy has")
    }
}
