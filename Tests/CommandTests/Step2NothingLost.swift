import Command
import MessagingKit
import Testing

@Suite("Command · Step 2 — Nothing is lost, nothing overflows", .tags(.messaging))
struct Step2NothingLost {
    @Test(
        "If the connection drops during the replay, what wasn't delivered stays, in order, for the next one")
    func dropDuringReplayLosesNothing() throws {
        let transport = try CuttingTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        for name in ["a", "b", "c", "d"] { try outbox.send(name) }
        transport.cut(after: 2)
        transport.connect()
        try transport.inner.accept()
        #expect(
            sentNames(transport) == ["a", "b"], "The replay got two out before the network went (step 2)")
        #expect(outbox.pendingCount == 2, "The two not delivered still wait: nothing is wiped (step 2)")

        try transport.reportDrop()
        try outbox.send("e")
        try transport.restore()
        #expect(
            sentNames(transport) == ["a", "b", "c", "d", "e"],
            "On the next connection, the rest go out in their order, then the newer ones (step 2)")
        #expect(outbox.pendingCount == 0, "Everything was delivered once (step 2)")
    }

    @Test(
        "If the connection drops and comes back while a command runs, the outbox looks again: nothing stalls")
    func backWhileRunningDoesNotStall() throws {
        let line = try ScriptedConnection()
        let outbox = try OfflineOutbox(connection: line)
        for name in ["a", "b", "c"] { try outbox.send(name) }
        line.onNextSend(of: "b") {
            line.inner.disconnect()  // the network goes, and everyone hears it…
            line.inner.connect()  // …it comes back, and says connected while b still runs…
            throw TransportError.notConnected(.disconnected)  // …and b's send had failed
        }
        line.inner.connect()
        #expect(
            sentNames(line) == ["a", "b", "c"],
            "A connected report that comes while a command runs is not lost: the runner looks again, so b and c go out now (step 2)"
        )
        #expect(
            outbox.pendingCount == 0, "Connected, with nothing left waiting for the next connect (step 2)")

        line.onNextSend(of: "d") {
            line.inner.disconnect()
            line.inner.connect()
            throw TransportError.notConnected(.disconnected)
        }
        try outbox.send("d")
        #expect(
            sentNames(line) == ["a", "b", "c", "d"],
            "The same holds for a send run at once, outside a replay (step 2)")
        #expect(outbox.pendingCount == 0, "Nothing waits while connected (step 2)")
    }

    @Test(
        "A send that throws while still connected is refused for good and the rest go on; one that throws when not connected stays"
    )
    func refusedForGoodOrNotNow() throws {
        let line = try ScriptedConnection()
        let outbox = try OfflineOutbox(connection: line)
        line.refuse("b", with: SendForbidden(event: try EventName("b"), user: "guest"))
        for name in ["a", "b", "c"] { try outbox.send(name) }
        line.inner.connect()
        #expect(
            sentNames(line) == ["a", "c"],
            "A send that throws while the connection still says connected is refused for good: it leaves, and the replay goes on with the next (step 2)"
        )
        #expect(outbox.pendingCount == 0, "A refused command doesn't stay at the head of the buffer (step 2)")
        try outbox.send("b")
        try outbox.send("d")
        #expect(
            sentNames(line) == ["a", "c", "d"],
            "While connected, a refused send doesn't hold up the next one (step 2)")

        line.onNextSend(of: "e") {
            line.inner.disconnect()
            throw NetworkGone()
        }
        try outbox.send("e")
        try outbox.send("f")
        #expect(
            outbox.pendingCount == 2,
            "A send that throws when the connection no longer says connected is kept, whatever the error, and so is what comes after it (step 2)"
        )
        line.inner.connect()
        #expect(
            sentNames(line) == ["a", "c", "d", "e", "f"],
            "What was kept goes out on the next connect, in order (step 2)")
    }

    @Test("A command added while the buffer replays goes after the ones still waiting")
    func addedDuringReplayGoesLast() throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport))
        try outbox.send("a")
        try outbox.enqueue(FollowUpCommand(first: try event("b")) { _ = try? outbox.send("later") })
        try outbox.send("c")
        transport.connect()
        try transport.accept()
        #expect(
            sentNames(transport) == ["a", "b", "c", "later"],
            "While older commands wait, a new one queues behind them, even when connected (step 2)")
        #expect(outbox.pendingCount == 0, "Everything went out (step 2)")
    }

    @Test("Exactly at capacity is accepted; one past it is refused, and nothing is dropped")
    func capacityBoundary() throws {
        let transport = try offlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport), capacity: 3)
        for name in ["a", "b", "c"] { try outbox.send(name) }
        #expect(outbox.pendingCount == 3, "Three fit in a buffer of capacity 3 (step 2)")
        #expect(
            throws: OutboxError.full(capacity: 3),
            "The fourth is refused with an error, never dropped quietly (step 2)"
        ) {
            try outbox.send("d")
        }
        #expect(throws: OutboxError.full(capacity: 3), "A request is refused when full too (step 2)") {
            _ = try outbox.request("price")
        }
        transport.connect()
        try transport.accept()
        #expect(
            sentNames(transport) == ["a", "b", "c"],
            "What was accepted is delivered, and nothing else (step 2)")
    }

    @Test("Capacity counts only what waits: sends while connected don't fill it, and a replay makes room")
    func capacityCountsWaitingOnly() throws {
        let transport = try onlineTransport()
        let outbox = try OfflineOutbox(connection: connection(over: transport), capacity: 2)
        for name in ["a", "b", "c"] { try outbox.send(name) }
        #expect(
            sentNames(transport) == ["a", "b", "c"], "Three sends while connected, with capacity 2 (step 2)")

        try transport.drop()
        try outbox.send("d")
        try outbox.send("e")
        #expect(throws: OutboxError.full(capacity: 2), "Offline, the third is one past capacity 2 (step 2)") {
            try outbox.send("f")
        }
        try transport.restore()
        try transport.drop()
        try outbox.send("g")
        try outbox.send("h")
        #expect(outbox.pendingCount == 2, "After the replay the buffer has room for 2 again (step 2)")
    }

    @Test("An outbox holds at least one command: capacity 1 works, 0 and below are refused")
    func capacityMustBePositive() throws {
        #expect(throws: OutboxError.invalidCapacity(0), "Capacity 0 is refused (step 2)") {
            _ = try OfflineOutbox(connection: connection(over: try offlineTransport()), capacity: 0)
        }
        #expect(throws: OutboxError.invalidCapacity(-1), "A negative capacity is refused (step 2)") {
            _ = try OfflineOutbox(connection: connection(over: try offlineTransport()), capacity: -1)
        }
        let outbox = try OfflineOutbox(connection: connection(over: try offlineTransport()), capacity: 1)
        try outbox.send("a")
        #expect(throws: OutboxError.full(capacity: 1), "Capacity 1 holds one command (step 2)") {
            try outbox.send("b")
        }
    }
}
