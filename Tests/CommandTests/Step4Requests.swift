import Command
import MessagingKit
import Testing

@Suite("Command · Step 4 — Requests get their reply, exactly once", .tags(.messaging))
struct Step4Requests {
    @Test("A request while connected is sent at once; the next event of its name is its reply")
    func connectedRequest() async throws {
        let transport = try onlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let pending = try outbox.request("price", payload: ["sku": "7"])
        #expect(
            transport.sentEvents == [try event("price", ["sku": "7"])], "The request is sent at once (step 4)"
        )
        #expect(pending.result == nil, "No reply has come yet (step 4)")
        try transport.deliver(try event("typing"))
        #expect(pending.result == nil, "An event of another name is not the reply (step 4)")

        let reply = try event("price", ["amount": "9.99"])
        try transport.deliver(reply)
        try #require(pending.result == .success(reply), "The next event named price is the reply (step 4)")
        #expect(try await pending.response() == reply, "response() returns the reply (step 4)")
    }

    @Test("A caller already waiting with await gets the reply when it comes")
    func awaitingCallerIsResumed() async throws {
        let transport = try onlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let pending = try outbox.request("price")
        let received = Received<Event>()
        let waiting = Task { if let reply = try? await pending.response() { received.set(reply) } }
        // Give the waiting task turns to get into response() and suspend there, so the reply
        // comes while it waits. No sleep: a correct outbox passes in either order.
        for _ in 0..<1_000 { await Task.yield() }
        let reply = try event("price", ["amount": "1"])
        try transport.deliver(reply)
        let resumed = await eventually { received.current != nil }
        #expect(
            resumed && received.current == reply,
            "A caller that awaited before the reply came is resumed with it (step 4)")
        if !resumed { waiting.cancel() }
    }

    @Test("A request made offline is sent on reconnect, once, and gets its reply once, even across a drop")
    func offlineRequestAcrossDrops() async throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let pending = try outbox.request("price")
        transport.connect()
        try transport.accept()
        try transport.drop()
        try transport.restore()
        #expect(
            sentNames(transport) == ["price"], "The request was sent once, not again after the drop (step 4)")

        let first = try event("price", ["amount": "1"])
        try transport.deliver(first)
        try transport.deliver(try event("price", ["amount": "2"]))
        try #require(
            pending.result == .success(first),
            "The first reply is the reply; a second one changes nothing (step 4)")
        #expect(try await pending.response() == first, "response() returns the first reply (step 4)")
    }

    @Test("An event that came before the request was sent is not its reply")
    func replyOnlyAfterSending() throws {
        let transport = try CuttingTransport()
        transport.connect()
        try transport.inner.accept()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        transport.cut(after: 0)
        let pending = try outbox.request("price")
        #expect(outbox.pendingCount == 1, "The send failed, so the request waits in the buffer (step 4)")
        try transport.inner.deliver(try event("price", ["amount": "old"]))
        #expect(pending.result == nil, "An event before the request went out is not its reply (step 4)")

        try transport.reportDrop()
        try transport.restore()
        let reply = try event("price", ["amount": "new"])
        try transport.inner.deliver(reply)
        #expect(
            pending.result == .success(reply),
            "After it was sent, the next event of its name is the reply (step 4)")
    }

    @Test("The reply comes through the connection the outbox was given, whatever it is")
    func replyThroughAnyConnection() async throws {
        let inner = try recordingConnection()
        let wrapper = LoggingConnection(wrapping: inner)
        let outbox = try OfflineOutbox(connection: wrapper)
        let pending = try outbox.request("price", payload: ["sku": "7"])
        inner.connect()
        #expect(wrapper.log.all == ["send price"], "The request went out through the wrapper, once (step 4)")

        let reply = try event("price", ["amount": "4"])
        inner.receive(reply)
        try #require(
            pending.result == .success(reply),
            "The event the connection passes on (onEvent) is the reply (step 4)")
        #expect(try await pending.response() == reply, "response() returns it (step 4)")
    }

    @Test("Two requests of one name get their replies in the order they were sent")
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
        #expect(first.result == .success(one), "The first reply goes to the first request (step 4)")
        #expect(second.result == nil, "The second request still waits (step 4)")
        try transport.deliver(two)
        #expect(second.result == .success(two), "The second reply goes to the second request (step 4)")
        #expect(first.result == .success(one), "The first request keeps its own reply (step 4)")
    }

    @Test("A reply that comes while the request is still being sent is its reply, not lost")
    func replyDuringSend() throws {
        let reply = try event("price", ["amount": "3"])
        let transport = try InstantReplyTransport(reply: reply)
        transport.connect()
        try transport.inner.accept()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let atOnce = try outbox.request("price")
        #expect(
            atOnce.result == .success(reply),
            "A reply delivered from inside send, before it returns, reaches the request (step 4)")

        try transport.inner.drop()
        let replayed = try outbox.request("price")
        try transport.inner.restore()
        #expect(
            replayed.result == .success(reply),
            "The same holds when the request goes out in a replay (step 4)")
    }

    @Test("Every caller awaiting the same reply is resumed with it")
    func everyCallerIsResumed() async throws {
        let transport = try onlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let pending = try outbox.request("price")
        let callers = (0..<3).map { _ in Caller(awaiting: pending) }
        await giveTurns()
        let reply = try event("price", ["amount": "5"])
        try transport.deliver(reply)
        let resumed = await eventually { callers.allSatisfy { $0.outcome.current != nil } }
        #expect(
            resumed && callers.allSatisfy { $0.outcome.current == .success(reply) },
            "Three callers awaited response(): each one is resumed with the reply (step 4)")
        for caller in callers { caller.task.cancel() }
    }

    @Test("A cancelled caller stops waiting with waitCancelled; the request and the other callers go on")
    func cancelledCallerEndsOnlyItsWait() async throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let pending = try outbox.request("price")
        let waiting = Caller(awaiting: pending)
        let staying = Caller(awaiting: pending)
        await giveTurns()
        waiting.task.cancel()
        let cancelledEarly = Caller(awaiting: pending)
        cancelledEarly.task.cancel()

        let ended = await eventually {
            waiting.outcome.current != nil && cancelledEarly.outcome.current != nil
        }
        #expect(
            ended && waiting.outcome.current == .failure(.waitCancelled),
            "A caller whose task is cancelled while it waits gets OutboxError.waitCancelled (step 4)")
        #expect(
            ended && cancelledEarly.outcome.current == .failure(.waitCancelled),
            "So does a caller whose task was cancelled before the reply came (step 4)")
        #expect(pending.result == nil, "Cancelling a caller's task doesn't settle the request (step 4)")
        #expect(outbox.pendingCount == 1, "The request still waits in the buffer (step 4)")
        #expect(staying.outcome.current == nil, "The other caller still waits (step 4)")

        transport.connect()
        try transport.accept()
        #expect(sentNames(transport) == ["price"], "The request is still sent on connect (step 4)")
        let reply = try event("price", ["amount": "8"])
        try transport.deliver(reply)
        let resumed = await eventually { staying.outcome.current != nil }
        #expect(
            resumed && staying.outcome.current == .success(reply),
            "The caller that stayed gets the reply (step 4)")
        #expect(pending.result == .success(reply), "The request is settled by its reply (step 4)")
        for caller in [waiting, staying, cancelledEarly] { caller.task.cancel() }
    }

    @Test("A request the connection refuses for good ends its callers' wait with refused; the replay goes on")
    func refusedRequestIsTold() async throws {
        let line = try ScriptedConnection()
        let outbox = try OfflineOutbox(connection: line)
        let forbidden = SendForbidden(event: try EventName("price"), user: "guest")
        line.refuse("price", with: forbidden)
        try outbox.send("a")
        let pending = try outbox.request("price")
        try outbox.send("b")
        let caller = Caller(awaiting: pending)
        await giveTurns()
        line.inner.connect()
        #expect(
            sentNames(line) == ["a", "b"], "The refused request leaves; the replay goes on with b (step 4)")
        let refused = OutboxError.refused(reason: String(describing: forbidden))
        #expect(
            pending.result == .failure(refused),
            "Its result is OutboxError.refused, carrying the description of the connection's error (step 4)")
        let ended = await eventually { caller.outcome.current != nil }
        #expect(
            ended && caller.outcome.current == .failure(refused),
            "A caller awaiting response() is resumed with the refusal, not left waiting (step 4)")
        line.inner.receive(try event("price"))
        #expect(
            pending.result == .failure(refused),
            "A refused request is settled: a later event of its name is not its reply (step 4)")
        caller.task.cancel()
    }

    @Test("A request cancelled while it is being sent, whose send fails, is told cancelled and never sent")
    func requestCancelledWhileRunning() throws {
        let line = try ScriptedConnection()
        let outbox = try OfflineOutbox(connection: line)
        let pending = try outbox.request("price")
        line.onNextSend(of: "price") {
            _ = outbox.cancel(pending.ticket)
            line.inner.disconnect()
            throw TransportError.notConnected(.disconnected)
        }
        line.inner.connect()
        #expect(
            pending.result == .failure(.cancelled),
            "Cancelled while it ran, and that run failed: the caller is told cancelled (step 4)")
        line.inner.connect()
        #expect(line.sentEvents.isEmpty, "It is never sent (step 4)")
        #expect(outbox.pendingCount == 0, "Nothing waits (step 4)")
    }

    @Test("An outbox that is freed ends every wait: its requests' callers get cancelled")
    func freedOutboxEndsEveryWait() async throws {
        let line = try recordingConnection()
        line.connect()
        var outbox: OfflineOutbox? = try OfflineOutbox(connection: line)
        let sent = try #require(outbox).request("price")
        line.disconnect()
        let waiting = try #require(outbox).request("stock")
        let callers = [Caller(awaiting: sent), Caller(awaiting: waiting)]
        await giveTurns()
        #expect(
            sent.result == nil && waiting.result == nil, "While the outbox lives, both requests wait (step 4)"
        )
        outbox = nil
        #expect(
            sent.result == .failure(.cancelled),
            "A request sent and waiting for its reply is settled cancelled when its outbox is freed: no reply can reach it now (step 4)"
        )
        #expect(
            waiting.result == .failure(.cancelled),
            "So is a request still in the buffer: it will never be sent (step 4)")
        let ended = await eventually { callers.allSatisfy { $0.outcome.current != nil } }
        #expect(
            ended && callers.allSatisfy { $0.outcome.current == .failure(.cancelled) },
            "Callers awaiting response() are resumed with OutboxError.cancelled, not left waiting forever (step 4)"
        )
        for caller in callers { caller.task.cancel() }
    }
}
