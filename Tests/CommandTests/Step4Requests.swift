import Command
import KataTestSupport
import MessagingKit
import Testing

@Suite("Command · Step 4 — A request gets its reply, exactly once", .tags(.messaging))
struct Step4Requests {
    @Test(
        "A request while connected is sent at once; the next event of its name is its reply [4.1, 4.2]")
    func connectedRequest() async throws {
        let hatches = try EscapeHatches.findings(inPattern: "Command")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 4))")
        let transport = try onlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let pending = try outbox.request("price", payload: ["sku": "7"])
        #expect(
            transport.sentEvents == [try event("price", ["sku": "7"])],
            "The request is sent at once (rule 4.1)"
        )
        #expect(pending.result == nil, "No reply has come yet (rule 4.1)")
        try transport.deliver(try event("typing"))
        #expect(pending.result == nil, "An event of another name is not the reply (rule 4.2)")

        let reply = try event("price", ["amount": "9.99"])
        try transport.deliver(reply)
        try #require(pending.result == .success(reply), "The next event named price is the reply (rule 4.2)")
    }

    @Test(
        "A request made offline is sent on reconnect, once, and gets its reply once, even across a drop [4.1, 4.5, 4.6]"
    )
    func offlineRequestAcrossDrops() async throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let pending = try outbox.request("price")
        transport.connect()
        try transport.accept()
        try transport.drop()
        try transport.restore()
        #expect(
            sentNames(transport) == ["price"],
            "The request was sent once, not again after the drop (rules 4.1, 4.5)")

        let first = try event("price", ["amount": "1"])
        try transport.deliver(first)
        try transport.deliver(try event("price", ["amount": "2"]))
        try #require(
            pending.result == .success(first),
            "The first reply is the reply; a second one changes nothing (rules 4.5, 4.6)")
    }

    @Test("An event that came before the request was sent is not its reply [4.2]")
    func replyOnlyAfterSending() throws {
        let transport = try CuttingTransport()
        transport.connect()
        try transport.inner.accept()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        transport.cut(after: 0)
        let pending = try outbox.request("price")
        #expect(outbox.pendingCount == 1, "The send failed, so the request waits in the buffer (rule 4.1)")
        try transport.inner.deliver(try event("price", ["amount": "old"]))
        #expect(pending.result == nil, "An event before the request went out is not its reply (rule 4.2)")

        try transport.reportDrop()
        try transport.restore()
        let reply = try event("price", ["amount": "new"])
        try transport.inner.deliver(reply)
        #expect(
            pending.result == .success(reply),
            "After it was sent, the next event of its name is the reply (rule 4.2)")
    }

    @Test("The reply comes through the connection the outbox was given, whatever it is [4.2]")
    func replyThroughAnyConnection() async throws {
        let inner = try recordingConnection()
        let wrapper = LoggingConnection(wrapping: inner)
        let outbox = try OfflineOutbox(connection: wrapper)
        let pending = try outbox.request("price", payload: ["sku": "7"])
        inner.connect()
        #expect(
            wrapper.log.all == ["send price"], "The request went out through the wrapper, once (rule 4.1)")

        let reply = try event("price", ["amount": "4"])
        inner.receive(reply)
        try #require(
            pending.result == .success(reply),
            "The event the connection passes on (onEvent) is the reply (rule 4.2)")
    }

    @Test("Two requests of one name get their replies in the order they were sent [4.4]")
    func repliesInOrder() throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let first = try outbox.request("price", payload: ["sku": "1"])
        let second = try outbox.request("price", payload: ["sku": "2"])
        transport.connect()
        try transport.accept()
        let one = try event("price", ["amount": "1"])
        let two = try event("price", ["amount": "2"])
        try transport.deliver(one)
        #expect(first.result == .success(one), "The first reply goes to the first request (rule 4.4)")
        #expect(second.result == nil, "The second request still waits (rule 4.4)")
        try transport.deliver(two)
        #expect(second.result == .success(two), "The second reply goes to the second request (rule 4.4)")
        #expect(first.result == .success(one), "The first request keeps its own reply (rules 4.4, 4.6)")
    }

    @Test("A reply that comes while the request is still being sent is its reply, not lost [4.3]")
    func replyDuringSend() throws {
        let reply = try event("price", ["amount": "3"])
        let transport = try InstantReplyTransport(reply: reply)
        transport.connect()
        try transport.inner.accept()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let atOnce = try outbox.request("price")
        #expect(
            atOnce.result == .success(reply),
            "A reply delivered from inside send, before it returns, reaches the request (rule 4.3)")

        try transport.inner.drop()
        let replayed = try outbox.request("price")
        try transport.inner.restore()
        #expect(
            replayed.result == .success(reply),
            "The same holds when the request goes out in a replay (rule 4.3)")
    }

    @Test("A request is refused when the buffer is full, as a send is [4.1]")
    func requestRefusedWhenFull() throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport), capacity: 2)
        try outbox.send("a")
        let price = try outbox.request("price")
        #expect(outbox.pendingCount == 2, "A request waits in the buffer like a send, and counts (rule 4.1)")
        #expect(throws: OutboxError.full(capacity: 2), "A request is refused when full too (rule 4.1)") {
            _ = try outbox.request("stock")
        }
        #expect(price.result == nil, "The request that was accepted still waits (rule 4.1)")
        transport.connect()
        try transport.accept()
        #expect(sentNames(transport) == ["a", "price"], "What was accepted goes out, in order (rule 4.1)")
    }
}
