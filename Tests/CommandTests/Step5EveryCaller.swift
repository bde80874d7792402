import Command
import KataTestSupport
import MessagingKit
import Testing

@Suite("Command · Step 5 — Every caller, every ending", .tags(.messaging))
struct Step5EveryCaller {
    @Test("Every caller awaiting the same reply is resumed with it [5.2]")
    func everyCallerIsResumed() async throws {
        let hatches = try EscapeHatches.findings(inPattern: "Command")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 5))")
        let transport = try onlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let pending = try outbox.request("price")
        let executor = ManualExecutor()
        let callers = (0..<3).map { _ in Caller(awaiting: pending, on: executor) }
        executor.runUntilIdle()  // all three are in response(), waiting: the reply comes after
        let reply = try event("price", ["amount": "5"])
        try transport.deliver(reply)
        executor.runUntilIdle()
        #expect(
            callers.allSatisfy { $0.outcome.current == .success(reply) },
            "Three callers awaited response(): each one is resumed with the reply (rule 5.2)")
        for caller in callers { caller.task.cancel() }
        executor.runUntilIdle()
    }

    @Test(
        "A cancelled caller stops waiting with waitCancelled; the request and the other callers go on [5.3, 5.1]"
    )
    func cancelledCallerEndsOnlyItsWait() async throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let pending = try outbox.request("price")
        let executor = ManualExecutor()
        let waiting = Caller(awaiting: pending, on: executor)
        let staying = Caller(awaiting: pending, on: executor)
        executor.runUntilIdle()  // both are in response(), waiting
        waiting.task.cancel()
        let cancelledEarly = Caller(awaiting: pending, on: executor)
        cancelledEarly.task.cancel()  // cancelled before it has even called response()
        executor.runUntilIdle()

        #expect(
            waiting.outcome.current == .failure(.waitCancelled),
            "A caller whose task is cancelled while it waits gets OutboxError.waitCancelled (rule 5.3)")
        #expect(
            cancelledEarly.outcome.current == .failure(.waitCancelled),
            "So does a caller whose task was cancelled before the reply came (rule 5.3)")
        #expect(pending.result == nil, "Cancelling a caller's task doesn't settle the request (rule 5.3)")
        #expect(outbox.pendingCount == 1, "The request still waits in the buffer (rule 5.3)")
        #expect(staying.outcome.current == nil, "The other caller still waits (rule 5.3)")

        transport.connect()
        try transport.accept()
        #expect(sentNames(transport) == ["price"], "The request is still sent on connect (rule 5.3)")
        let reply = try event("price", ["amount": "8"])
        try transport.deliver(reply)
        executor.runUntilIdle()
        #expect(
            staying.outcome.current == .success(reply),
            "The caller that stayed gets the reply (rule 5.3)")
        #expect(pending.result == .success(reply), "The request is settled by its reply (rule 5.3)")
        let cancelledLate = Caller(awaiting: pending, on: executor)
        cancelledLate.task.cancel()  // cancelled before it asks, but the reply has already come
        executor.runUntilIdle()
        #expect(
            cancelledLate.outcome.current == .success(reply),
            "A caller whose task is cancelled, asking after the reply came, gets the reply: there is no wait to cancel (rules 5.3, 5.1)"
        )
        for caller in [waiting, staying, cancelledEarly, cancelledLate] { caller.task.cancel() }
        executor.runUntilIdle()
    }

    @Test(
        "A request cancelled while it is being sent, whose send fails, is told cancelled and never sent [5.6]"
    )
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
            "Cancelled while it ran, and that run failed: the caller is told cancelled (rule 5.6)")
        line.inner.connect()
        #expect(line.sentEvents.isEmpty, "It is never sent (rule 5.6)")
        #expect(outbox.pendingCount == 0, "Nothing waits (rule 5.6)")
    }

    @Test(
        "A request cancelled while it is being sent is settled by how that send ends: sent, its reply; refused, refused [5.6]"
    )
    func requestCancelledWhileRunningSentOrRefused() throws {
        let line = try ScriptedConnection()
        let outbox = try OfflineOutbox(connection: line)
        let sent = try outbox.request("price")
        let answer = Received<CancelResult>()
        line.onNextSend(of: "price") {
            answer.set(outbox.cancel(sent.ticket))  // taken back while it is being sent, and it goes out
        }
        line.inner.connect()
        #expect(answer.current == .notPending, "It was running: cancel answers notPending (rules 3.5, 5.6)")
        #expect(sentNames(line) == ["price"], "It went out (rule 5.6)")
        #expect(sent.result == nil, "It was sent: it waits for its reply, not cancelled (rule 5.6)")
        let reply = try event("price", ["amount": "6"])
        line.inner.receive(reply)
        #expect(sent.result == .success(reply), "A request sent though cancelled gets its reply (rule 5.6)")

        let forbidden = SendForbidden(event: try EventName("stock"), user: "guest")
        line.refuse("stock", with: forbidden)
        line.inner.disconnect()
        let refused = try outbox.request("stock")
        try outbox.send("after")
        line.onNextSend(of: "stock") {
            _ = outbox.cancel(refused.ticket)  // taken back while it is being sent, and refused
        }
        line.inner.connect()
        #expect(
            refused.result == .failure(.refused(reason: String(describing: forbidden))),
            "Cancelled while it ran, then refused while connected: a refusal stays a refusal (rule 5.6)")
        #expect(sentNames(line) == ["price", "after"], "The replay went on after it (rules 2.6, 5.6)")
        #expect(outbox.pendingCount == 0, "Nothing waits (rule 5.6)")
    }

    @Test("An outbox that is freed ends every wait: its requests' callers get cancelled [5.7]")
    func freedOutboxEndsEveryWait() async throws {
        let line = try recordingConnection()
        line.connect()
        var outbox: OfflineOutbox? = try OfflineOutbox(connection: line)
        let sent = try #require(outbox).request("price")
        line.disconnect()
        let waiting = try #require(outbox).request("stock")
        let log = RunLog()
        try #require(outbox).enqueue(CancelAwareCommand(name: "read", log: log))
        let executor = ManualExecutor()
        let callers = [Caller(awaiting: sent, on: executor), Caller(awaiting: waiting, on: executor)]
        executor.runUntilIdle()  // both callers are in response(), waiting: the outbox goes after
        #expect(
            sent.result == nil && waiting.result == nil,
            "While the outbox lives, both requests wait (rule 5.7)"
        )
        outbox = nil
        #expect(
            sent.result == .failure(.cancelled),
            "A request sent and waiting for its reply is settled cancelled when its outbox is freed: no reply can reach it now (rule 5.7)"
        )
        #expect(
            waiting.result == .failure(.cancelled),
            "So is a request still in the buffer: it will never be sent (rule 5.7)")
        #expect(
            log.all == ["read cancelled"],
            "A command still in the buffer is told it will never run (rule 5.7)")
        executor.runUntilIdle()
        #expect(
            callers.allSatisfy { $0.outcome.current == .failure(.cancelled) },
            "Callers awaiting response() are resumed with OutboxError.cancelled, not left waiting forever (rule 5.7)"
        )
        for caller in callers { caller.task.cancel() }
        executor.runUntilIdle()
    }

    @Test("A caller already waiting with await gets the reply when it comes [5.1]")
    func awaitingCallerIsResumed() async throws {
        let transport = try onlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let pending = try outbox.request("price")
        let executor = ManualExecutor()
        let waiting = Caller(awaiting: pending, on: executor)
        executor.runUntilIdle()  // the caller is in response(), waiting: the reply comes after
        let reply = try event("price", ["amount": "1"])
        try transport.deliver(reply)
        executor.runUntilIdle()
        #expect(
            waiting.outcome.current == .success(reply),
            "A caller that awaited before the reply came is resumed with it (rule 5.1)")
        waiting.task.cancel()
        executor.runUntilIdle()
    }

    @Test("A cancelled request's caller is told, never left waiting; the request is never sent [5.4]")
    func cancelledRequestIsTold() async throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        let pending = try outbox.request("price", payload: ["sku": "7"])
        #expect(pending.result == nil, "A request that waits has no result yet (rule 4.1)")
        #expect(
            outbox.cancel(pending.ticket) == .cancelled, "The request is cancelled with its ticket (rule 3.1)"
        )
        try #require(
            pending.result == .failure(.cancelled),
            "The caller is told at once: its result is OutboxError.cancelled (rule 5.4)")
        await #expect(
            throws: OutboxError.cancelled, "Awaiting the response throws OutboxError.cancelled (rule 5.4)"
        ) {
            _ = try await pending.response()
        }
        transport.connect()
        try transport.accept()
        #expect(transport.sentEvents.isEmpty, "A cancelled request is never sent (rule 3.1)")
    }

    @Test(
        "A request the connection refuses for good, whatever the error, ends its callers' wait with refused; the replay goes on [5.5]",
        arguments: [
            SendForbidden(event: try EventName("price"), user: "guest"),
            TransportError.notConnected(.connecting),
            TransportError.notAllowed(action: "send", status: .connected),
            LifecycleError.operationRefused(.request, in: .connected),
            LifecycleError.transitionRefused(from: .connected, to: .released),
            NetworkGone(),
        ] as [any Error]
    )
    func refusedRequestIsTold(forbidden: any Error) async throws {
        let line = try ScriptedConnection()
        let outbox = try OfflineOutbox(connection: line)
        line.refuse("price", with: forbidden)
        try outbox.send("a")
        let pending = try outbox.request("price")
        try outbox.send("b")
        let executor = ManualExecutor()
        let caller = Caller(awaiting: pending, on: executor)
        executor.runUntilIdle()  // the caller is in response(), waiting: the refusal comes after
        line.inner.connect()
        #expect(
            sentNames(line) == ["a", "b"],
            "The refused request leaves; the replay goes on with b (rules 2.6, 5.5)")
        #expect(
            line.attempts(of: "price") == 1, "The refused request was sent once, not again (rules 2.6, 5.5)")
        let refused = OutboxError.refused(reason: String(describing: forbidden))
        #expect(
            pending.result == .failure(refused),
            "Its result is OutboxError.refused, carrying String(describing:) of the connection's error, \(forbidden) (rule 5.5)"
        )
        executor.runUntilIdle()
        #expect(
            caller.outcome.current == .failure(refused),
            "A caller awaiting response() is resumed with the refusal, not left waiting (rule 5.5)")
        line.inner.receive(try event("price"))
        #expect(
            pending.result == .failure(refused),
            "A refused request is settled: a later event of its name is not its reply (rule 5.5)")
        caller.task.cancel()
        executor.runUntilIdle()
    }
}
