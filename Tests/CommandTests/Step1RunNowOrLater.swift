import Command
import KataTestSupport
import MessagingKit
import Testing

@Suite("Command · Step 1 — Run now, or keep until connected", .tags(.messaging))
struct Step1RunNowOrLater {
    @Test("While connected, a send goes out at once and nothing waits [1.2, 1.6]")
    func connectedSendsAtOnce() throws {
        let hatches = try EscapeHatches.findings(inPattern: "Command")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 1))")
        let transport = try onlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        try outbox.send("typing", payload: ["chat": "42"])
        #expect(
            transport.sentEvents == [try event("typing", ["chat": "42"])],
            "While connected, send(_:) sends at once, with its payload (rules 1.2, 1.6)")
        #expect(outbox.pendingCount == 0, "Nothing waits in the buffer while connected (rule 1.2)")
    }

    @Test(
        "While not connected, sends wait; on connect they go out first in, first out, and the buffer empties [1.3, 1.4, 1.5]"
    )
    func offlineSendsWaitThenGoInOrder() throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        for name in ["a", "b", "c"] { try outbox.send(name) }
        #expect(transport.sentEvents.isEmpty, "Nothing is sent while not connected (rule 1.3)")
        #expect(outbox.pendingCount == 3, "Each send waits in the buffer (rule 1.3)")

        transport.connect()
        try transport.accept()
        #expect(
            sentNames(transport) == ["a", "b", "c"],
            "On connect, the buffer runs first in, first out (rule 1.4)")
        #expect(outbox.pendingCount == 0, "The buffer is empty once it has run (rule 1.4)")

        try transport.drop()
        try outbox.send("d")
        try transport.restore()
        #expect(
            sentNames(transport) == ["a", "b", "c", "d"],
            "After a drop, a reconnect sends only what waited since: nothing runs twice (rule 1.5)")
    }

    @Test("A command declared in the tests waits in the buffer and runs in its place [1.3, 1.8]")
    func anyCommandRunsInItsPlace() throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let log = RunLog()
        try outbox.send("a")
        try outbox.enqueue(MarkReadCommand(log: log))
        try outbox.send("b")
        #expect(log.all.isEmpty, "A command doesn't run while not connected (rule 1.3)")
        transport.connect()
        try transport.accept()
        #expect(log.all == ["mark read"], "The outbox runs a command it has never heard of, once (rule 1.8)")
        #expect(sentNames(transport) == ["a", "read", "b"], "It runs in its place in the order (rule 1.8)")
    }

    @Test(
        "Over any Connection, even a wrapper the tests declare, the outbox only sends and listens, freed too [1.1, 1.4]"
    )
    func anyConnectionWillDo() throws {
        let inner = try recordingConnection()
        let wrapper = LoggingConnection(wrapping: inner)
        var outbox: OfflineOutbox? = try OfflineOutbox(connection: wrapper)
        let log = RunLog()
        try outbox?.send("a")
        try outbox?.enqueue(MarkReadCommand(log: log))
        #expect(
            inner.sentEvents.isEmpty,
            "Nothing is sent while the wrapped connection isn't connected (rule 1.3)")
        #expect(outbox?.pendingCount == 2, "Both wait in the buffer (rule 1.3)")

        inner.connect()
        #expect(
            sentNames(inner) == ["a", "read"],
            "When the connection it was given says connected, the buffer runs, in order (rule 1.4)")
        try outbox?.send("b")
        #expect(
            wrapper.log.all == ["send a", "send read", "send b"],
            "Everything went through the connection it was given, which it never connected, closed or released (rule 1.1)"
        )
        #expect(
            log.all == ["mark read"], "The test's own command ran once, over the wrapper (rules 1.1, 1.8)")

        // The outbox goes away (once step 5 frees it; either way): the connection is its owner's,
        // and stays as it was.
        outbox = nil
        #expect(
            wrapper.log.all == ["send a", "send read", "send b"] && inner.status == .connected,
            "Freed, the outbox neither disconnects nor releases the connection it was given: it stays connected for its owner (rule 1.1)"
        )
    }

    @Test("A blank event name is refused, and nothing is kept or sent [1.7]")
    func blankNamesAreRefused() throws {
        let transport = try onlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        #expect(throws: OutboxError.emptyEventName, "send(\"\") is refused (rule 1.7)") {
            try outbox.send("")
        }
        #expect(throws: OutboxError.emptyEventName, "A name of spaces is refused too (rule 1.7)") {
            try outbox.send("   ")
        }
        #expect(throws: OutboxError.emptyEventName, "request(\"\") is refused (rule 1.7)") {
            _ = try outbox.request("")
        }
        try outbox.send("x")
        #expect(sentNames(transport) == ["x"], "Only the valid event was sent (rule 1.7)")
    }

    @Test(
        "A name of tabs, newlines or spaces is blank too: refused, and nothing is kept [1.7]",
        arguments: ["\t", "\n", " \t\n ", "\r\n", "   ", "\r", "\n\n\t"])
    func whitespaceNamesAreRefused(name: String) throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        #expect(
            throws: OutboxError.emptyEventName, "send refuses a name with no visible character (rule 1.7)"
        ) {
            try outbox.send(name)
        }
        #expect(
            throws: OutboxError.emptyEventName, "request refuses a name with no visible character (rule 1.7)"
        ) {
            _ = try outbox.request(name)
        }
        try outbox.send(" x ")
        #expect(
            outbox.pendingCount == 1,
            "Nothing refused was kept; a name with a visible character, spaces around it, waits (rule 1.7)")
        transport.connect()
        try transport.accept()
        #expect(sentNames(transport) == [" x "], "Only the valid event is sent, as written (rule 1.7)")
    }
}
