import Command
import MessagingKit
import Testing

@Suite("Command · Step 3 — Cancel what hasn't run", .tags(.messaging))
struct Step3Cancel {
    @Test("A waiting command can be cancelled: it leaves the buffer and never runs")
    func cancelWaiting() throws {
        let line = try recordingConnection()
        let outbox = try OfflineOutbox(connection: line, capacity: 3)
        try outbox.send("a")
        let b = try outbox.send("b")
        try outbox.send("c")
        #expect(outbox.cancel(b) == .cancelled, "Cancelling a waiting command says it was cancelled (step 3)")
        #expect(outbox.pendingCount == 2, "It left the buffer (step 3)")
        try outbox.send("d")
        #expect(outbox.pendingCount == 3, "Its place is free again (step 3)")
        line.connect()
        #expect(
            sentNames(line) == ["a", "c", "d"],
            "A cancelled command never runs; the others keep their order (step 3)")
    }

    @Test("Cancelling a command that has run, or cancelling twice, changes nothing and says so")
    func cancelTooLate() throws {
        let line = try recordingConnection()
        line.connect()
        let outbox = try OfflineOutbox(connection: line)
        let sent = try outbox.send("a")
        #expect(outbox.cancel(sent) == .notPending, "A command that has run can't be cancelled (step 3)")

        line.disconnect()
        let replayed = try outbox.send("b")
        let twice = try outbox.send("c")
        #expect(outbox.cancel(twice) == .cancelled, "A waiting command is cancelled (step 3)")
        #expect(outbox.cancel(twice) == .notPending, "The second cancel finds nothing waiting (step 3)")
        line.connect()
        #expect(
            outbox.cancel(replayed) == .notPending, "A command the replay has run can't be cancelled (step 3)"
        )
        #expect(sentNames(line) == ["a", "b"], "Nothing was sent twice or lost (step 3)")
    }

    @Test("A command cancelled while it runs never runs again: if that run fails, it leaves the buffer")
    func cancelWhileRunning() throws {
        let line = try ScriptedConnection()
        let outbox = try OfflineOutbox(connection: line)
        let a = try outbox.send("a")
        try outbox.send("b")
        let answer = Received<CancelResult>()
        line.onNextSend(of: "a") {
            answer.set(outbox.cancel(a))  // the app takes a back while it is being sent…
            line.inner.disconnect()  // …and that send fails: the network went
            throw TransportError.notConnected(.disconnected)
        }
        line.inner.connect()
        #expect(
            answer.current == .notPending,
            "A command that is running may already be on its way: cancel can't promise it never ran (step 3)")
        #expect(
            outbox.pendingCount == 1,
            "Its run failed after it was cancelled: it leaves the buffer instead of waiting for the next connect (step 3)"
        )
        line.inner.connect()
        #expect(
            sentNames(line) == ["b"], "A command cancelled while it ran never runs again; b goes out (step 3)"
        )
    }

    @Test("A cancelled request's caller is told, never left waiting; the request is never sent")
    func cancelledRequestIsTold() async throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let pending = try outbox.request("price", payload: ["sku": "7"])
        #expect(pending.result == nil, "A request that waits has no result yet (step 3)")
        #expect(
            outbox.cancel(pending.ticket) == .cancelled, "The request is cancelled with its ticket (step 3)")
        try #require(
            pending.result == .failure(.cancelled),
            "The caller is told at once: its result is OutboxError.cancelled (step 3)")
        await #expect(
            throws: OutboxError.cancelled, "Awaiting the response throws OutboxError.cancelled (step 3)"
        ) {
            _ = try await pending.response()
        }
        transport.connect()
        try transport.accept()
        #expect(transport.sentEvents.isEmpty, "A cancelled request is never sent (step 3)")
    }
}
