import Flyweight
import Foundation
import KataTestSupport
import MessagingKit
import Testing

@Suite("Flyweight · Step 3 — Each handle hears its own events", .tags(.messaging))
struct Step3HandleEvents {
    let factory = CountingFactory()
    let pool: ConnectionPool
    let message: Event
    let typing: Event

    init() throws {
        pool = ConnectionPool(factory: factory)
        message = try Event("message", payload: ["text": "hello"])
        typing = try Event("typing", payload: ["user": "ana"])
    }

    @Test(
        "Handles opened, subscribed and closed from many tasks at once hear what they should, with no escape hatch [3.2, 3.3, 2.9, 1.7]"
    )
    func handlesFromManyTasks() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let pool = self.pool
        let heard = Recorder<Event>()
        let name = message.name
        let kept = try await withThrowingTaskGroup(of: ConnectionHandle?.self) { group in
            for index in 0..<400 {
                group.addTask {
                    let handle = try await pool.makeHandle(for: chat)
                    handle.onEvent(name, perform: heard.record)
                    guard index.isMultiple(of: 2) else {
                        handle.close()
                        return nil
                    }
                    return handle
                }
            }
            return try await group.reduce(into: [ConnectionHandle]()) { kept, handle in
                if let handle { kept.append(handle) }
            }
        }
        try accept(try factory.transport(for: chat))
        try factory.transport(for: chat).deliver(message)

        #expect(
            kept.count == 200 && kept.allSatisfy(\.isOpen),
            "Every handle opened from its own task is open until it is closed (rule 2.9)")
        #expect(
            heard.all.count == 200,
            "Each of the 200 handles still open hears the event once; the 200 closed ones don't (rules 3.2, 3.3)"
        )
        #expect(await pool.isInUse(chat), "Open handles keep the connection in use (rule 2.9)")
        for handle in kept { handle.close() }
        #expect(await !pool.isInUse(chat), "…until the last is closed (rule 2.9)")
        let hatches = try EscapeHatches.findings(inPattern: "Flyweight")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 3))")
    }

    @Test(
        "A subscription may send through its own handle while hearing an event [3.5]",
        .timeLimit(.minutes(1)))
    func sendFromInsideSubscription() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let seen = try Event("seen", payload: ["by": "ana"])
        screen.onEvent(message.name) { [screen] _ in
            try? screen.send(seen)
        }
        let transport = try factory.transport(for: chat)
        try accept(transport)

        try transport.deliver(message)

        #expect(
            transport.sentEvents == [seen],
            "A subscription that replies through its handle while hearing an event is sent (rule 3.5)")
    }

    @Test("Each handle hears only the events it subscribed to, every name it subscribed to [3.1, 3.2]")
    func handleHearsItsOwnSubscriptions() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let badge = try await pool.makeHandle(for: chat)
        let tracker = try await pool.makeHandle(for: chat)
        let screenHeard = Recorder<Event>()
        let badgeHeard = Recorder<Event>()
        let trackerHeard = Recorder<String>()
        screen.onEvent(message.name, perform: screenHeard.record)
        badge.onEvent(typing.name, perform: badgeHeard.record)
        tracker.onEvent(message.name) { trackerHeard.record("message: \($0.name.rawValue)") }
        tracker.onEvent(typing.name) { trackerHeard.record("typing: \($0.name.rawValue)") }

        let transport = try factory.transport(for: chat)
        try accept(transport)
        try transport.deliver(message)
        try transport.deliver(typing)

        #expect(screenHeard.all == [message], "The screen subscribed to messages only (rule 3.1)")
        #expect(badgeHeard.all == [typing], "The badge subscribed to typing only (rule 3.1)")
        #expect(
            trackerHeard.all == ["message: message", "typing: typing"],
            "A handle subscribed to two names hears both: a second name adds to the first, it doesn't replace it (rule 3.2)"
        )
    }

    @Test("A closed handle hears nothing more; the other handles still do [3.3, 2.8]")
    func closedHandleHearsNothing() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let badge = try await pool.makeHandle(for: chat)
        let screenHeard = Recorder<Event>()
        let badgeHeard = Recorder<Event>()
        screen.onEvent(message.name, perform: screenHeard.record)
        badge.onEvent(message.name, perform: badgeHeard.record)
        let transport = try factory.transport(for: chat)
        try accept(transport)

        screen.close()
        try transport.deliver(message)

        #expect(screenHeard.all.isEmpty, "A closed handle's subscriptions hear nothing (rule 3.3)")
        #expect(badgeHeard.all == [message], "Closing one handle leaves the others working (rule 2.8)")
        #expect(!screen.isOpen, "close() closes the handle (rule 2.8)")
        #expect(badge.isOpen, "…and only that handle (rule 2.8)")
    }

    // Why the time limit: a handle that calls subscriptions while holding its own lock deadlocks
    // here with most locks (Mutex stops the run with "Recursive call to lock Mutex"). The run
    // can't be freed, but after a minute the log names this test.
    @Test("Every subscription hears, even two to one name; none made after close() does [3.2]")
    func subscriptionsAddUp() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let list = Recorder<Event>()
        let banner = Recorder<Event>()
        screen.onEvent(message.name, perform: list.record)
        screen.onEvent(message.name, perform: banner.record)
        let transport = try factory.transport(for: chat)
        try accept(transport)
        try transport.deliver(message)
        #expect(list.all == [message], "A second subscription doesn't replace the first (rule 3.2)")
        #expect(banner.all == [message], "…both hear the event (rule 3.2)")

        screen.close()
        let late = Recorder<Event>()
        screen.onEvent(message.name, perform: late.record)
        try transport.deliver(message)
        #expect(late.all.isEmpty, "A subscription made after close() hears nothing (rule 3.2)")
    }

    @Test(
        "A subscription may close its own handle while hearing an event [3.5, 2.10]", .timeLimit(.minutes(1))
    )
    func closeFromInsideSubscription() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let heard = Recorder<Event>()
        screen.onEvent(message.name) { [screen] event in
            heard.record(event)
            screen.close()
        }
        let transport = try factory.transport(for: chat)
        try accept(transport)

        try transport.deliver(message)
        try transport.deliver(message)

        #expect(
            heard.all == [message], "The first event is heard; once closed, the second is not (rule 3.5)")
        #expect(!screen.isOpen, "Closing from inside a subscription closes the handle (rule 3.5)")
        #expect(await !pool.isInUse(chat), "…and the pool sees it closed (rule 2.10)")
    }

    @Test(
        "A subscription that closes its own handle: the handle's other subscriptions hear nothing more of that event [3.3, 3.5]",
        .timeLimit(.minutes(1)))
    func closeFromInsideSilencesTheRest() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let heard = Recorder<String>()
        // Each closes the handle, so whichever is called first, the other must not be.
        screen.onEvent(message.name) { [screen] _ in
            heard.record("list")
            screen.close()
        }
        screen.onEvent(message.name) { [screen] _ in
            heard.record("banner")
            screen.close()
        }
        let transport = try factory.transport(for: chat)
        try accept(transport)

        try transport.deliver(message)

        #expect(
            heard.all.count == 1,
            "Once a subscription has closed the handle, its other subscriptions hear nothing more, not even the rest of this event; heard \(heard.all) (rule 3.3)"
        )
        #expect(!screen.isOpen, "Closing from inside a subscription closes the handle (rule 3.5)")
    }

    @Test(
        "A subscription that closes another handle while an event is passed on: that handle hears nothing more of it [3.3, 3.5]",
        .timeLimit(.minutes(1)))
    func closeAnotherFromInsideSilencesIt() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let badge = try await pool.makeHandle(for: chat)
        let heard = Recorder<String>()
        // Each closes the other, so whichever handle hears first, the other must not.
        screen.onEvent(message.name) { [badge] _ in
            heard.record("screen")
            badge.close()
        }
        badge.onEvent(message.name) { [screen] _ in
            heard.record("badge")
            screen.close()
        }
        let transport = try factory.transport(for: chat)
        try accept(transport)

        try transport.deliver(message)

        #expect(
            heard.all.count == 1,
            "The handle heard first closes the other, whose subscriptions hear nothing more, not even this event; heard \(heard.all) (rule 3.3)"
        )
        #expect(
            screen.isOpen != badge.isOpen,
            "One handle closed the other; the one that heard stays open (rule 3.5)")
        screen.close()
        badge.close()
    }

    @Test(
        "A subscription may subscribe its own handle again while hearing an event [3.5]",
        .timeLimit(.minutes(1)))
    func subscribeFromInsideSubscription() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let screen = try await pool.makeHandle(for: chat)
        let later = Recorder<Event>()
        screen.onEvent(message.name) { [screen, typing] _ in
            screen.onEvent(typing.name, perform: later.record)
        }
        let transport = try factory.transport(for: chat)
        try accept(transport)

        try transport.deliver(message)
        try transport.deliver(typing)

        #expect(
            later.all == [typing],
            "A subscription made from inside a subscription is kept, and hears the next event (rule 3.5)")
    }

    @Test("A handle nobody holds any more no longer keeps its connection in use [2.1, 3.7]")
    func droppedHandleIsNotInUse() async throws {
        let chat = try url("wss://chat.example.com/socket")
        var screen: ConnectionHandle? = try await pool.makeHandle(for: chat)
        #expect(screen?.isOpen == true, "A new handle is open (rule 2.1)")
        #expect(await pool.isInUse(chat), "An open handle keeps the connection in use (rule 3.7)")
        // The screen goes away without calling close(): its handle is freed.
        screen = nil
        #expect(
            await !pool.isInUse(chat),
            "A dropped handle doesn't keep the connection in use: the pool must not hold handles alive (rule 3.7)"
        )
    }

    @Test("The pool listens to each connection once, however many handles it opens [3.6]")
    func oneListenerPerConnection() async throws {
        let chat = try url("wss://chat.example.com/socket")
        let earlier = Recorder<Event>()
        for _ in 0..<1_000 {
            let handle = try await pool.makeHandle(for: chat)
            handle.onEvent(message.name, perform: earlier.record)
            handle.close()
        }
        let screen = try await pool.makeHandle(for: chat)
        let heard = Recorder<Event>()
        screen.onEvent(message.name, perform: heard.record)
        try accept(try factory.transport(for: chat))
        try factory.transport(for: chat).deliver(message)

        #expect(heard.all == [message], "The open handle hears the event (rule 3.6)")
        #expect(earlier.all.isEmpty, "The 1,000 closed handles hear nothing (rule 3.6)")
        #expect(
            try factory.connection(for: chat).listenerCount == 1,
            """
            The connection can't unsubscribe, so the pool gives it one listener and passes events on \
            to the open handles: 1,001 handles must not leave 1,001 listeners on the socket (rule 3.6)
            """)
    }

    @Test("Closing a handle lets go of its subscriptions, and the pool keeps nothing of it [3.4, 3.7]")
    func closeLetsGo() async throws {
        let chat = try url("wss://chat.example.com/socket")
        var handle: ConnectionHandle? = try await pool.makeHandle(for: chat)
        var screen: Screen? = Screen()
        let watchedScreen = Watched(screen)
        let watchedHandle = Watched(handle)
        handle?.onEvent(message.name) { [screen] _ in _ = screen }
        screen = nil
        #expect(
            watchedScreen.object != nil,
            "An open handle keeps its subscriptions, and what they capture (rule 3.4)")

        handle?.close()
        #expect(
            watchedScreen.object == nil,
            "close() lets go of the subscriptions, even while the handle is still held: the screen is freed (rule 3.4)"
        )
        // A screen that subscribes after close() (say, it appears again): the closed handle keeps
        // nothing of it.
        var late: Screen? = Screen()
        let watchedLate = Watched(late)
        handle?.onEvent(message.name) { [late] _ in _ = late }
        late = nil
        #expect(
            watchedLate.object == nil,
            "A closed handle keeps no subscription made after close(), nor what it captures, even while the handle is held (rule 3.4)"
        )
        handle = nil
        #expect(
            watchedHandle.object == nil,
            "Once its caller lets go, a closed handle is freed: neither the pool nor the connection keeps it (rule 3.7)"
        )
        #expect(await !pool.isInUse(chat), "…and the connection is not in use (rule 3.7)")
    }
}

extension Step3HandleEvents {
    @Test(
        "Random sequences of opens, closes, let-gos, sends, drops and events agree with the brief's pool [1.1, 2.1, 2.2, 2.5, 2.6, 2.8, 2.10, 3.1, 3.3, 3.6, 3.7]"
    )
    func randomSequencesAgreeWithTheModel() async throws {
        let check = ModelCheck<PoolModel.Operation>(
            rule: "2.2, 2.6, 2.8, 2.10, 3.1–3.7 (handles over a connection that drops)", sequences: 150,
            length: 1...14
        ) { random in PoolModel.operation(.handles, using: &random) }
        let failure = try await check.run { operations in try await PoolRig.disagreement(operations) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
