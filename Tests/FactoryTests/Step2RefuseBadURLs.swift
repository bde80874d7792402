import Factory
import KataTestSupport
import MessagingKit
import Testing

@Suite(
    "Factory · Step 2 — Refuse a URL no connection can serve", .tags(.messaging),
    .noEscapeHatches("Factory", rule: "1.6"))
struct Step2RefuseBadURLs {
    let recorder = TransportRecorder()

    @Test(
        "An unsupported scheme is refused with an error naming the URL, and nothing is made [2.2, 2.3]",
        arguments: [
            "ftp://files.example.com", "http://chat.example.com", "https://chat.example.com/socket",
            "//chat.example.com/socket", "wsx://chat.example.com/socket", "memoryx://chat.test",
        ]
    )
    func unsupportedScheme(text: String) throws {
        let address = try url(text)
        #expect(
            throws: ConnectionFactoryError.unsupportedScheme(address),
            "\(text): no connection speaks this scheme"
        ) {
            try recorder.factory.makeConnection(for: address)
        }
        #expect(recorder.transports.isEmpty, "A refused URL gets no transport: nothing half-built")
    }

    @Test(
        "A URL without a host is refused as missingHost, whatever its scheme or with none, and nothing is made [2.1, 2.3]",
        arguments: [
            "wss:///socket", "ws://", "wss://:443/socket", "memory:chat", "ftp:///files", "http://",
            "/socket",
            "chat.example.com/socket",
        ]
    )
    func missingHost(text: String) throws {
        let address = try url(text)
        #expect(
            throws: ConnectionFactoryError.missingHost(address),
            "\(text) names no server: a missing host is reported first, even for a scheme no connection speaks or no scheme at all"
        ) {
            try recorder.factory.makeConnection(for: address)
        }
        #expect(recorder.transports.isEmpty, "A refused URL gets no transport: nothing half-built")
    }
}
