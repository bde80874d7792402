import Builder
import MessagingKit
import Testing

@Suite("Builder · Step 3 — Only a connection can send", .tags(.messaging))
struct Step3Connect {
    @Test("connect() opens a connection to the configured server; it sends once the server accepts")
    func connectOpensAConnection() throws {
        let transports = Transports()
        let configuration = try builder(transports).authToken("t").build(url: chatURL)
        #expect(transports.all.isEmpty, "Building connects nothing: no transport yet (step 3)")

        let connection = configuration.connect()
        let transport = try #require(transports.all.first, "connect() makes a transport (step 3)")
        #expect(transports.all.count == 1, "One transport per connect() (step 3)")
        #expect(transport.url == configuration.url, "The transport goes to the configured server (step 3)")
        #expect(connection.status == .connecting, "connect() starts connecting (step 3)")
        #expect(connection.configuration.authToken == "t", "The connection keeps its settings (step 3)")

        try transport.accept()
        let hello = try Event("hello")
        try connection.send(hello)
        #expect(transport.sentEvents == [hello], "Once accepted, the connection sends (step 3)")
    }

    @Test("One configuration opens as many independent connections as asked")
    func configurationIsReusable() throws {
        let transports = Transports()
        let configuration = try builder(transports).build(url: chatURL)
        _ = configuration.connect()
        _ = configuration.connect()
        #expect(transports.all.count == 2, "Each connect() opens its own connection (step 3)")
        #expect(
            transports.all.map(\.connectAttempts) == [1, 1],
            "Each transport was asked to connect once (step 3)")
    }
}
