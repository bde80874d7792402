import Builder
import KataTestSupport
import MessagingKit
import Testing

@Suite("Builder · Step 1 — Fluent settings, a required URL", .tags(.messaging))
struct Step1FluentSettings {
    @Test("With no settings, build(url:) gives the defaults")
    func defaults() throws {
        let hatches = try EscapeHatches.findings(inPattern: "Builder")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 1))")
        let configuration = try builder().build(url: chatURL)
        #expect(configuration.url == (try ServerURL(chatURL)), "The URL is the one given to build (step 1)")
        #expect(configuration.reconnectAttempts == 3, "3 reconnect attempts by default (step 1)")
        #expect(configuration.timeout == .seconds(10), "A 10-second timeout by default (step 1)")
        #expect(configuration.authToken == nil, "No auth token by default (step 1)")
        #expect(configuration.headers.isEmpty, "No extra headers by default (step 1)")
    }

    @Test("Each fluent setting reaches the configuration")
    func settingsApply() throws {
        let configuration = try builder()
            .reconnectAttempts(5)
            .timeout(.seconds(30))
            .authToken("t-123")
            .header("X-App-Version", "4.2")
            .header("Accept-Language", "de")
            .build(url: chatURL)
        #expect(configuration.reconnectAttempts == 5, "reconnectAttempts(_:) is kept (step 1)")
        #expect(configuration.timeout == .seconds(30), "timeout(_:) is kept (step 1)")
        #expect(configuration.authToken == "t-123", "authToken(_:) is kept (step 1)")
        #expect(
            configuration.headers == ["x-app-version": "4.2", "accept-language": "de"],
            "Every header is kept, by lowercased name (step 1)")
    }

    @Test("Header names are case-insensitive: setting one again replaces its value")
    func headersReplace() throws {
        let configuration = try builder().header("X-Trace", "1").header("x-trace", "2").build(url: chatURL)
        #expect(configuration.headers == ["x-trace": "2"], "The later value wins, under one name (step 1)")
    }

    @Test("A builder is a value: configurations from one partly configured builder are independent")
    func builderIsAValue() throws {
        let base = builder().timeout(.seconds(5))
        let withToken = base.authToken("a")
        let withHeader = base.header("X-Trace", "1").reconnectAttempts(7)
        let plain = try base.build(url: chatURL)
        let tokened = try withToken.build(url: chatURL)
        let headed = try withHeader.build(url: chatURL)
        #expect(
            plain.authToken == nil && plain.headers.isEmpty && plain.reconnectAttempts == 3,
            "Settings made on copies never reach the builder they came from (step 1)")
        #expect(
            tokened.authToken == "a" && tokened.headers.isEmpty,
            "One copy's header isn't the other's (step 1)")
        #expect(
            headed.authToken == nil && headed.headers == ["x-trace": "1"] && headed.reconnectAttempts == 7,
            "One copy's token isn't the other's (step 1)")
        #expect(
            [plain.timeout, tokened.timeout, headed.timeout] == [.seconds(5), .seconds(5), .seconds(5)],
            "What the base had, every copy has (step 1)")
    }
}
