import Command
import Foundation
import KataTestSupport
import MessagingKit
import Testing

@Suite(
    "Command · Step 4 — A request is sent once, and settled once", .tags(.messaging),
    .noEscapeHatches("Command", rule: "1.7"))
struct Step4Requests {
    @Test(
        "request returns its pending reply at once, holding the request's own ticket; nothing is settled yet [4.1]"
    )
    func pendingAtOnce() throws {
        let (line, outbox) = try offlineOutbox()
        let reply = try outbox.request("history", payload: ["room": "general"])
        #expect(reply.result == nil)
        #expect(reply.name.rawValue == "history")
        #expect(outbox.pendingCount == 1, "Enqueued like a send")
        line.report(.connected)
        #expect(line.sent == [try event("history", ["room": "general"])])
        #expect(reply.ticket.outcome == .sent, "Its ticket is the one the outbox settles")
        #expect(reply.result == nil, "Sent, and waiting for its reply")
    }

    @Test(
        "A blank name is refused by request as by send, and nothing is kept [4.1]",
        arguments: ["", " ", "\t\n"])
    func blankRequests(name: String) throws {
        let (line, outbox) = try offlineOutbox()
        #expect(throws: OutboxError.emptyEventName) { _ = try outbox.request(name) }
        #expect(outbox.pendingCount == 0)
        line.report(.connected)
        #expect(line.attempts.isEmpty)
    }

    @Test(
        "The reply is the next event of its name after the send, in the order sent, one during the send too; every caller gets it [4.2]"
    )
    func replies() async throws {
        let (line, outbox) = try offlineOutbox()
        let first = try outbox.request("ping")
        let other = try outbox.request("pong")
        let second = try outbox.request("ping")
        line.deliver(try event("ping", ["n": "early"]))
        #expect(first.result == nil, "An event from before the request was sent is not its reply")
        line.report(.connected)
        line.deliver(try event("message"))
        line.deliver(try event("ping", ["n": "1"]))
        line.deliver(try event("ping", ["n": "2"]))
        #expect(try first.result?.get().payload["n"] == "1")
        #expect(try second.result?.get().payload["n"] == "2", "Two requests of one name, answered in order")
        #expect(other.result == nil, "Another name's events are not its reply")

        line.onNextSend(of: "quick") { line in line.deliver(try event("quick")) }
        let quick = try outbox.request("quick")
        #expect(quick.result != nil, "A reply during the send is the reply all the same")

        try #require(first.result != nil, "Settled, so awaiting it returns at once")
        async let a = first.response()
        async let b = first.response()
        #expect(try await [a, b].map { $0.payload["n"] } == ["1", "1"])
    }

    @Test(
        "A request is sent once and settled once: a drop while it waits, a second event, a reply before its send failed [4.3]"
    )
    func sentOnceSettledOnce() throws {
        let (line, outbox) = try connectedOutbox()
        let waiting = try outbox.request("history")
        line.report(.disconnected)
        line.report(.connected)
        #expect(line.attempts == ["history"], "Sent once: a reconnect doesn't send it again")
        line.deliver(try event("history", ["n": "1"]))
        line.deliver(try event("history", ["n": "2"]))
        #expect(try waiting.result?.get().payload["n"] == "1", "Settled once")

        line.onNextSend(of: "ping") { line in
            line.deliver(try event("ping"))
            line.report(.disconnected)
            throw TransportError.notConnected(.disconnected)
        }
        let answered = try outbox.request("ping")
        line.report(.connected)
        #expect(answered.result != nil, "The server answered: it had the request")
        #expect(answered.ticket.outcome == .sent, "…so it counts as sent")
        #expect(line.attempts.filter { $0 == "ping" }.count == 1, "…and is not sent again")
        #expect(outbox.pendingCount == 0)

        line.onNextSend(of: "sync") { line in
            line.report(.disconnected)
            throw TransportError.notConnected(.disconnected)
        }
        let kept = try outbox.request("sync")
        #expect(
            kept.result == nil && kept.ticket.outcome == nil, "Not sent, not answered: it waits, unsettled")
        line.report(.connected)
        line.deliver(try event("sync", ["n": "real"]))
        #expect(
            try kept.result?.get().payload["n"] == "real",
            "Sent on the next connection, it is settled with its real reply")
        #expect(kept.ticket.outcome == .sent)
    }

    @Test("A request that will get no reply is settled at once: cancelled, or refused for good [4.4]")
    func noReplyComes() async throws {
        let (line, outbox) = try offlineOutbox()
        let cancelled = try outbox.request("a")
        outbox.cancel(cancelled.ticket)
        try #require(cancelled.result == .failure(.cancelled))
        await #expect(throws: OutboxError.cancelled) { try await cancelled.response() }

        line.refuseNext("b", with: Forbidden())
        let refused = try outbox.request("b")
        line.report(.connected)
        #expect(refused.result == .failure(.refused(reason: "not allowed here")))
        line.deliver(try event("b"))
        #expect(
            refused.result == .failure(.refused(reason: "not allowed here")), "A later event is not its reply"
        )

    }

    @Test(
        "A freed outbox leaves no caller waiting: sent and waiting for a reply, or still in the buffer [4.4]")
    func freedOutboxSettlesEveryRequest() async throws {
        let line = Line()
        line.report(.connected)
        var outbox: OfflineOutbox? = try OfflineOutbox(connection: line)
        let sent = try outbox!.request("history")
        line.report(.disconnected)
        let kept = try outbox!.request("typing")
        let waiter = Task { try await sent.response() }
        outbox = nil
        #expect(sent.result == .failure(.cancelled))
        #expect(kept.result == .failure(.cancelled))
        guard sent.result != nil else {
            waiter.cancel()
            return
        }
        await #expect(throws: OutboxError.cancelled) { try await waiter.value }
        line.deliver(try event("history"))
        #expect(sent.result == .failure(.cancelled))
    }
}
