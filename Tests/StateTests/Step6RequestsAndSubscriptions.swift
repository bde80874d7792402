import KataTestSupport
import MessagingKit
import State
import Testing

@Suite("State · Step 6 — Requests and subscriptions", .tags(.messaging))
struct Step6RequestsAndSubscriptions {
    @Test("A request gets the server's next event of its name, once [6.1, 1.3]")
    func requestGetsOneReply() throws {
        let hatches = try EscapeHatches.findings(inPattern: "State")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 6)) (rule 1.3)")
        let harness = try Harness.lived(.connected)
        let question = try Event("price", payload: ["sku": "42"])
        let answer = try Event("price", payload: ["eur": "9.90"])
        let later = try Event("price", payload: ["eur": "8.90"])
        let replies = Recorder<Event>()
        try harness.connection.request(question, onReply: replies.record)
        #expect(
            harness.transport.sentEvents == [question],
            "A request is sent through the connection it owns (rule 6.1)")
        try harness.transport.deliver(try Event("typing", payload: ["user": "ana"]))
        try harness.transport.deliver(answer)
        try harness.transport.deliver(later)
        #expect(
            replies.all == [answer], "The reply is the next event of the same name, delivered once (rule 6.1)"
        )

        let first = Recorder<Event>()
        let second = Recorder<Event>()
        try harness.connection.request(question, onReply: first.record)
        try harness.connection.request(question, onReply: second.record)
        try harness.transport.deliver(answer)
        try harness.transport.deliver(later)
        #expect(
            first.all == [answer] && second.all == [later],
            "Two requests of one name: the first sent gets the first reply, the second the next (rule 6.1)")
    }

    @Test(
        "A request whose send fails takes back only its own wait: the others of its name still get theirs [5.3, 6.1, 6.3]"
    )
    func failedRequestLeavesTheOthersWaiting() throws {
        // Fails the second send only, as a network that hiccups once.
        let sends = Recorder<Event>()
        let owned = try ScriptedConnection { event, transport in
            sends.record(event)
            if sends.all.count == 2 { throw SocketClosedByTest() }
            try transport.send(event)
        }
        let connection = ManagedConnection(connection: owned)
        try connection.connect()
        try owned.transport.accept()
        let question = try Event("price", payload: ["sku": "42"])
        let answer = try Event("price", payload: ["eur": "9.90"])
        let later = try Event("price", payload: ["eur": "8.90"])
        let first = Recorder<Event>()
        let failed = Recorder<Event>()
        let third = Recorder<Event>()
        try connection.request(question, onReply: first.record)
        #expect(
            throws: SocketClosedByTest(),
            "The second request's send fails, and its error comes through (rule 5.3)"
        ) {
            try connection.request(question, onReply: failed.record)
        }
        try connection.request(question, onReply: third.record)
        try owned.transport.deliver(answer)
        try owned.transport.deliver(later)
        #expect(
            first.all == [answer],
            "The request sent before the failed one still waits, and gets the first reply (rules 6.1, 6.3)")
        #expect(failed.all.isEmpty, "The request whose send failed waits for nothing (rule 6.3)")
        #expect(third.all == [later], "The request sent after it gets the next reply (rule 6.1)")
    }

    @Test(
        "A request made while another's send is under way keeps its wait when that send fails: each takes back its own [6.3, 5.3, 6.1]"
    )
    func failedRequestTakesBackItsOwnWaitOnly() throws {
        let errors: [any Error] = [
            SocketClosedByTest(), TransportError.notConnected(.disconnected),
            TransportError.notAllowed(action: "send", status: .connected),
        ]
        for error in errors {
            let managed = Received<ManagedConnection>()
            let meanwhile = Recorder<Event>()
            let sends = Recorder<Event>()
            // The first send makes another request of the same name from inside itself (as a
            // callback, or another thread, might just then), which goes out; then it fails.
            let owned = try ScriptedConnection { event, transport in
                sends.record(event)
                if sends.all.count == 1 {
                    try managed.current?.request(event, onReply: meanwhile.record)
                    throw error
                }
                try transport.send(event)
            }
            let connection = ManagedConnection(connection: owned)
            managed.set(connection)
            try connection.connect()
            try owned.transport.accept()
            let question = try Event("price", payload: ["sku": "42"])
            let answer = try Event("price", payload: ["eur": "9.90"])
            let later = try Event("price", payload: ["eur": "8.90"])
            let failed = Recorder<Event>()
            var thrown: (any Error)?
            do {
                try connection.request(question, onReply: failed.record)
            } catch let caught {
                thrown = caught
            }
            #expect(
                thrown.map { isSame($0, as: error) } == true,
                "The failed send's \(error) reaches the caller unchanged, got \(String(describing: thrown)) (rule 5.3)"
            )
            #expect(
                sends.all == [question, question] && owned.transport.sentEvents == [question],
                "Two sends reached the owned connection: the failed one, and the request made meanwhile, which went out (rule 6.1)"
            )
            try owned.transport.deliver(answer)
            try owned.transport.deliver(later)
            #expect(
                meanwhile.all == [answer],
                "The request made while the failed send was under way still waits, and gets the reply (rule 6.3)"
            )
            #expect(
                failed.all.isEmpty,
                "The request whose send failed took back its own wait, not the newest one: it hears nothing (rule 6.3)"
            )
        }
    }

    @Test("A server that answers before the send returns: the request still gets its reply [6.2]")
    func immediateAnswer() throws {
        let answer = try Event("price", payload: ["eur": "9.90"])
        let owned = try ScriptedConnection { event, transport in
            try transport.send(event)
            try transport.deliver(answer)
        }
        let connection = ManagedConnection(connection: owned)
        try connection.connect()
        try owned.transport.accept()
        let replies = Recorder<Event>()
        try connection.request(try Event("price", payload: ["sku": "42"]), onReply: replies.record)
        #expect(
            replies.all == [answer],
            "A request waits for its reply from before it sends, so an immediate answer is heard (rule 6.2)")
    }

    @Test(
        "A subscription made before connecting hears only its event's name once connected, and after every reconnect [6.4]"
    )
    func subscriptionHearsItsName() throws {
        let harness = try Harness()
        let heard = Recorder<Event>()
        let message = Message(room: "general", text: "hi").event
        try harness.connection.onEvent(message.name, perform: heard.record)
        try harness.connection.connect()
        try harness.transport.accept()
        try harness.transport.deliver(try Event("typing", payload: ["user": "ana"]))
        try harness.transport.deliver(message)
        #expect(
            heard.all == [message],
            "A subscription made before connecting hears its own event name only, once connected (rule 6.4)")

        let afterDrop = Message(room: "general", text: "back").event
        try harness.transport.drop()
        try harness.transport.restore()
        try #require(harness.connection.state == .connected, "The network came back: connected (rule 2.6)")
        try harness.transport.deliver(afterDrop)
        #expect(
            heard.all == [message, afterDrop],
            "A drop doesn't end a subscription: once the network is back, it still hears (rule 6.4)")

        let afterReconnect = Message(room: "general", text: "again").event
        try harness.connection.disconnect()
        try harness.connection.connect()
        try harness.transport.accept()
        try harness.transport.deliver(afterReconnect)
        #expect(
            heard.all == [message, afterDrop, afterReconnect],
            "Nor does a disconnect(): after connect() it still hears, until released (rule 6.4)")
    }

    @Test(
        "release() releases the connection it owns and forgets subscriptions and waiting requests, without a call [4.5, 6.5]"
    )
    func releaseForgetsEverything() throws {
        let harness = try Harness.lived(.connected)
        let connection = harness.connection
        let transport = harness.transport
        let heard = Recorder<Event>()
        let replies = Recorder<Event>()
        var subscriber: Recorder<Event>? = Recorder<Event>()
        var waiter: Recorder<Event>? = Recorder<Event>()
        let subscriberGone = Watched(subscriber)
        let waiterGone = Watched(waiter)
        try connection.onEvent(try EventName("price")) { [subscriber] event in
            heard.record(event)
            subscriber?.record(event)
        }
        try connection.request(try Event("price", payload: ["sku": "42"])) { [waiter] event in
            replies.record(event)
            waiter?.record(event)
        }
        subscriber = nil
        waiter = nil
        try #require(
            subscriberGone.object != nil && waiterGone.object != nil,
            "Until the release, the connection keeps its subscription and its waiting request (rule 6.5)")
        try releaseWhileTheLibraryRetries(harness)

        transport.connect()
        try transport.accept()
        try transport.deliver(try Event("price", payload: ["eur": "9.90"]))
        #expect(connection.state == .released, "A released connection ignores the socket (rule 6.5)")
        #expect(heard.all.isEmpty, "A released connection forgot its subscriptions (rule 6.5)")
        #expect(
            subscriberGone.object == nil,
            "A released connection lets go of its subscriptions, and of what they capture (rule 6.5)")
        #expect(
            waiterGone.object == nil,
            "A released connection lets go of its waiting requests, and of what they capture (rule 6.5)")
        #expect(
            replies.all.isEmpty,
            "A released connection forgot its waiting request, and never calls it: no reply will come (rule 6.5)"
        )
    }

    @Test(
        "A subscription and a reply handler may call the connection from inside their callback [6.6]"
    )
    func callbacksCallBack() throws {
        let harness = try Harness.lived(.connected)
        let connection = harness.connection
        let transport = harness.transport
        let seen = Recorder<String>()
        let price = try EventName("price")
        let stock = try EventName("stock")
        try connection.onEvent(price) { [weak connection] event in
            guard let connection else { return }
            seen.record("subscription heard \(event.name.rawValue) in \(connection.state)")
            try? connection.send(Event(name: stock, payload: ["from": "subscription"]))
            try? connection.onEvent(stock) { _ in seen.record("late subscription heard stock") }
        }
        try connection.request(try Event("price", payload: ["sku": "7"])) { [weak connection] reply in
            guard let connection else { return }
            seen.record("reply \(reply.payload["eur"] ?? "?") in \(connection.state)")
            try? connection.request(Event(name: stock, payload: ["sku": "7"])) { _ in
                seen.record("second reply")
            }
        }
        try transport.deliver(try Event("price", payload: ["eur": "9.90"]))
        #expect(
            Set(seen.all) == ["subscription heard price in connected", "reply 9.90 in connected"],
            "The subscription and the reply handler each read the state from inside their callback (rule 6.6)"
        )
        #expect(
            transport.sentEvents.map(\.name) == [price, stock, stock],
            "…and sent, and made a request, from inside it (rule 6.6)")
        try transport.deliver(try Event("stock", payload: [:]))
        #expect(
            Set(seen.all.dropFirst(2)) == ["late subscription heard stock", "second reply"]
                && seen.all.count == 4,
            "A subscription made and a request sent from inside a callback work like any other (rule 6.6)")
    }

    @Test(
        "A released one forgets its named subscriptions by itself, though its library goes on talking [6.5, 6.4]"
    )
    func releasedForgetsNamedSubscriptionsByItself() throws {
        let leaky = try LeakyConnection()
        let connection = ManagedConnection(connection: leaky)
        let heard = Recorder<Event>()
        let hello = Message(room: "general", text: "hello").event
        try connection.onEvent(hello.name, perform: heard.record)
        try connection.connect()
        try leaky.transport.accept()
        try connection.disconnect()
        try connection.release()
        // A faulty library: released, it connects and delivers all the same.
        leaky.transport.connect()
        try leaky.transport.accept()
        try leaky.transport.deliver(hello)
        #expect(
            heard.all.isEmpty,
            "A released lifecycle ignores its owned connection and has forgotten its subscriptions (rule 6.5)"
        )
    }

}
