import KataTestSupport
import MessagingKit
import Testing

@Suite("A broadcast", .tags(.messaging))
struct BroadcastTests {
    let broadcast = Broadcast<Int>()

    @Test("Every handler hears every value once, in the order published")
    func deliversInOrder() {
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        broadcast.subscribe(first.record)
        broadcast.subscribe(second.record)
        for value in 1...3 { broadcast.publish(value) }
        #expect(first.all == [1, 2, 3])
        #expect(second.all == [1, 2, 3])
    }

    @Test("A value published from inside a handler is heard by every handler after the current one")
    func nestedPublishWaits() {
        let heard = Recorder<String>()
        broadcast.subscribe { [broadcast] value in
            heard.record("a\(value)")
            if value == 1 { broadcast.publish(2) }
            heard.record("a\(value) returns")
        }
        broadcast.subscribe { heard.record("b\($0)") }
        broadcast.publish(1)
        #expect(heard.all == ["a1", "a1 returns", "b1", "a2", "a2 returns", "b2"])
    }

    @Test("Cancelled during a delivery, by itself or another, a handler hears nothing more")
    func cancelDuringDelivery() {
        let heard = Recorder<String>()
        let tokens = Received<[ObservationToken]>()
        tokens.set([
            broadcast.subscribe { _ in
                heard.record("a")
                for token in (tokens.current ?? []).dropFirst() { token.cancel() }
            },
            broadcast.subscribe { _ in heard.record("b") },
            broadcast.subscribe { _ in heard.record("c") },
        ])
        broadcast.publish(1)
        broadcast.publish(2)
        #expect(heard.all == ["a", "a"])
        #expect(broadcast.handlerCount == 1)
    }

    @Test("Subscribed during a delivery, a handler hears from the next value on")
    func subscribeDuringDelivery() {
        let late = Recorder<Int>()
        let once = Received<Bool>()
        broadcast.subscribe { [broadcast] _ in
            if once.current == nil {
                once.set(true)
                broadcast.subscribe(late.record)
            }
        }
        broadcast.publish(1)
        broadcast.publish(2)
        #expect(late.all == [2])
    }

    @Test("Closed during a delivery, nobody hears the rest or anything after; a later handler is forgotten")
    func closeDuringDelivery() {
        let heard = Recorder<String>()
        broadcast.subscribe { [broadcast] value in
            heard.record("a\(value)")
            broadcast.publish(value + 1)
            broadcast.close()
        }
        broadcast.subscribe { heard.record("b\($0)") }
        broadcast.publish(1)
        broadcast.publish(5)
        broadcast.subscribe { heard.record("late\($0)") }
        broadcast.publish(6)
        #expect(heard.all == ["a1"])
        #expect(broadcast.isClosed)
        #expect(broadcast.handlerCount == 0)
    }

    @Test("A change that returns nothing publishes nothing; one that throws passes its error on")
    func publishAfterChange() {
        let heard = Recorder<Int>()
        broadcast.subscribe(heard.record)
        broadcast.publish { () -> Int? in nil }
        #expect(throws: TransportError.notConnected(.idle)) {
            try broadcast.publish { () throws(TransportError) -> Int? in throw .notConnected(.idle) }
        }
        broadcast.publish { () -> Int? in 7 }
        #expect(heard.all == [7])
    }

    @Test("Neither the broadcast nor a token keeps the other alive")
    func lifetimes() {
        var broadcast: Broadcast<Int>? = Broadcast()
        weak let watched = broadcast
        let token = broadcast?.subscribe { _ in }
        broadcast = nil
        #expect(watched == nil, "The token doesn't keep the broadcast")
        token?.cancel()
    }

    @Test("Values published from many tasks at once are each heard once")
    func concurrentPublishers() async {
        let heard = Recorder<Int>()
        broadcast.subscribe(heard.record)
        await withTaskGroup(of: Void.self) { group in
            for value in 0..<200 { group.addTask { [broadcast] in broadcast.publish(value) } }
        }
        #expect(heard.all.sorted() == Array(0..<200))
    }
}

@Suite("A reply book", .tags(.messaging))
struct ReplyBookTests {
    let book = ReplyBook()

    @Test("Waits of one name are answered in order, one event each; an event nobody waits for answers nobody")
    func answersInOrder() throws {
        let heard = Recorder<String>()
        let pong = try Event("pong", payload: ["n": "1"])
        let pong2 = try Event("pong", payload: ["n": "2"])
        book.expect(pong.name) { heard.record("first \($0?.payload["n"] ?? "nil")") }
        book.expect(pong.name) { heard.record("second \($0?.payload["n"] ?? "nil")") }
        #expect(!book.answer(try Event("other")))
        #expect(book.answer(pong))
        #expect(book.answer(pong2))
        #expect(!book.answer(pong))
        #expect(heard.all == ["first 1", "second 2"])
    }

    @Test(
        "A request waits before it sends: an answer during the send counts; a failed send takes back its own wait"
    )
    func requestWaitsFirst() throws {
        let heard = Recorder<Event?>()
        let ping = try Event("ping")
        try book.request(ping, send: { [book] in book.answer($0) }, onReply: heard.record)
        #expect(heard.all == [ping])

        book.expect(ping.name) { _ in heard.record(try! Event("earlier")) }
        #expect(throws: TransportError.notConnected(.disconnected)) {
            try book.request(
                ping, send: { _ in throw TransportError.notConnected(.disconnected) },
                onReply: { _ in Issue.record("A request whose send failed waits for nothing") })
        }
        #expect(book.waitCount == 1)
        book.answer(ping)
        #expect(heard.all.map { $0?.name.rawValue } == ["ping", "earlier"])
    }

    @Test("A send that fails after its reply came counts as sent: the server had the request")
    func answeredThenFailed() throws {
        let heard = Recorder<Event?>()
        let ping = try Event("ping")
        try book.request(
            ping,
            send: { [book] event in
                book.answer(event)
                throw TransportError.notConnected(.disconnected)
            }, onReply: heard.record)
        #expect(heard.all == [ping])
    }

    @Test("A cancelled wait hears nothing; closing tells every wait nil, now and later, and forgets it")
    func cancelAndClose() throws {
        let ping = try Event("ping")
        let token = book.expect(ping.name) { _ in Issue.record("cancelled") }
        token.cancel()
        #expect(!book.answer(ping))
        let heard = Recorder<Event?>()
        book.expect(ping.name, onReply: heard.record)
        book.close()
        book.expect(ping.name, onReply: heard.record)
        #expect(heard.all == [nil, nil])
        #expect(book.waitCount == 0)
        #expect(!book.answer(ping))
    }
}

@Suite("A settlement, a ticket and a pending reply", .tags(.messaging))
struct SettlementTests {
    @Test("Settled once: the first outcome wins; every waiter hears it, one that came early too")
    func settlesOnce() async throws {
        let settlement = Settlement<Int, OutboxError>()
        #expect(settlement.result == nil)
        let waiters = (0..<3).map { _ in Task { await settlement.wait() } }
        for _ in 0..<10 { await Task.yield() }
        #expect(settlement.settle(.success(1)))
        #expect(!settlement.settle(.success(2)))
        for waiter in waiters {
            let outcome = try #require(await waiter.value)
            #expect(try outcome.get() == 1)
        }
    }

    @Test("A cancelled waiter stops waiting; the others and the outcome are untouched")
    func cancelledWaiter() async throws {
        let settlement = Settlement<Int, OutboxError>()
        let gaveUp = Task { await settlement.wait() }
        gaveUp.cancel()
        #expect(await gaveUp.value == nil)
        settlement.settle(.success(3))
        let late = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await settlement.wait()
        }
        let outcome = try #require(await late.value, "Once settled, even a cancelled task hears it")
        #expect(try outcome.get() == 3)
    }

    @Test(
        "A request's reply follows its ticket: refused and cancelled reach the caller; sent waits for the reply"
    )
    func replyFollowsTicket() async throws {
        let refused = PendingReply(ticket: CommandTicket(number: 1), name: try EventName("ping"))
        refused.ticket.settle(.refused(reason: "forbidden"))
        #expect(refused.result == .failure(.refused(reason: "forbidden")))
        await #expect(throws: OutboxError.refused(reason: "forbidden")) { try await refused.response() }

        let sent = PendingReply(ticket: CommandTicket(number: 2), name: try EventName("ping"))
        sent.ticket.settle(.sent)
        #expect(sent.result == nil)
        sent.settle(.success(try Event("ping")))
        sent.ticket.settle(.cancelled)
        #expect(sent.ticket.outcome == .sent, "A ticket settles once")
        #expect(try await sent.response() == (try Event("ping")))

        let ticket = CommandTicket(number: 3)
        let cancelled = PendingReply(ticket: ticket, name: try EventName("ping"))
        ticket.settle(.cancelled)
        #expect(cancelled.result == .failure(.cancelled))
        #expect(try await ticket.ended() == .cancelled)
        #expect(ticket == ticket && ticket != CommandTicket(number: 3), "A ticket is equal to itself only")
    }
}

@Suite("A token bag", .tags(.messaging))
struct TokenBagTests {
    @Test("cancelAll cancels every token kept, once; a token kept afterwards is cancelled at once")
    func cancelsAll() {
        let bag = TokenBag()
        let cancelled = Recorder<Int>()
        for number in 0..<3 { bag.keep(ObservationToken { cancelled.record(number) }) }
        #expect(!bag.isCancelled)
        bag.cancelAll()
        bag.cancelAll()
        #expect(cancelled.all.sorted() == [0, 1, 2])
        bag.keep(ObservationToken { cancelled.record(9) })
        #expect(cancelled.all.last == 9)
        #expect(bag.isCancelled)
    }

    @Test("A bag freed without cancelAll cancels what it holds")
    func freedBagCancels() {
        let cancelled = Recorder<Int>()
        var bag: TokenBag? = TokenBag()
        bag?.keep(ObservationToken { cancelled.record(1) })
        bag = nil
        #expect(cancelled.all == [1])
    }
}
