import Command
import MessagingKit
import Testing

@Suite("Command · Step 1 — Run now, or keep until connected", .tags(.messaging))
struct Step1RunNowOrLater {
    @Test("While connected, a send goes out at once and nothing waits")
    func connectedSendsAtOnce() throws {
        let transport = try onlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        try outbox.send("typing", payload: ["chat": "42"])
        #expect(
            transport.sentEvents == [try event("typing", ["chat": "42"])],
            "While connected, send(_:) sends at once, with its payload (step 1)")
        #expect(outbox.pendingCount == 0, "Nothing waits in the buffer while connected (step 1)")
    }

    @Test(
        "While not connected, sends wait; on connect they go out first in, first out, and the buffer empties")
    func offlineSendsWaitThenGoInOrder() throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        for name in ["a", "b", "c"] { try outbox.send(name) }
        #expect(transport.sentEvents.isEmpty, "Nothing is sent while not connected (step 1)")
        #expect(outbox.pendingCount == 3, "Each send waits in the buffer (step 1)")

        transport.connect()
        try transport.accept()
        #expect(
            sentNames(transport) == ["a", "b", "c"],
            "On connect, the buffer runs first in, first out (step 1)")
        #expect(outbox.pendingCount == 0, "The buffer is empty once it has run (step 1)")

        try transport.drop()
        try outbox.send("d")
        try transport.restore()
        #expect(
            sentNames(transport) == ["a", "b", "c", "d"],
            "After a drop, a reconnect sends only what waited since: nothing runs twice (step 1)")
    }

    @Test("A command declared in the tests waits in the buffer and runs in its place")
    func anyCommandRunsInItsPlace() throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let log = RunLog()
        try outbox.send("a")
        try outbox.enqueue(MarkReadCommand(log: log))
        try outbox.send("b")
        #expect(log.all.isEmpty, "A command doesn't run while not connected (step 1)")
        transport.connect()
        try transport.accept()
        #expect(log.all == ["mark read"], "The outbox runs a command it has never heard of, once (step 1)")
        #expect(sentNames(transport) == ["a", "read", "b"], "It runs in its place in the order (step 1)")
    }

    @Test("Over any Connection, even a wrapper the tests declare, the outbox only sends and listens")
    func anyConnectionWillDo() throws {
        let inner = try recordingConnection()
        let wrapper = LoggingConnection(wrapping: inner)
        let outbox = try OfflineOutbox(connection: wrapper)
        let log = RunLog()
        try outbox.send("a")
        try outbox.enqueue(MarkReadCommand(log: log))
        #expect(
            inner.sentEvents.isEmpty, "Nothing is sent while the wrapped connection isn't connected (step 1)")
        #expect(outbox.pendingCount == 2, "Both wait in the buffer (step 1)")

        inner.connect()
        #expect(
            sentNames(inner) == ["a", "read"],
            "When the connection it was given says connected, the buffer runs, in order (step 1)")
        try outbox.send("b")
        #expect(
            wrapper.log.all == ["send a", "send read", "send b"],
            "Everything went through the connection it was given, which it never connected, closed or released (step 1)"
        )
        #expect(log.all == ["mark read"], "The test's own command ran once, over the wrapper (step 1)")
    }

    @Test("A blank event name is refused, and nothing is kept or sent")
    func blankNamesAreRefused() throws {
        let transport = try onlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        #expect(throws: OutboxError.emptyEventName, "send(\"\") is refused (step 1)") {
            try outbox.send("")
        }
        #expect(throws: OutboxError.emptyEventName, "A name of spaces is refused too (step 1)") {
            try outbox.send("   ")
        }
        #expect(throws: OutboxError.emptyEventName, "request(\"\") is refused (step 1)") {
            _ = try outbox.request("")
        }
        try outbox.send("x")
        #expect(sentNames(transport) == ["x"], "Only the valid event was sent (step 1)")
    }
}
