import Command
import Foundation
import KataTestSupport
import MessagingKit
import Testing

@Suite(
    "Command · Step 2 — Nothing is lost, nothing overflows", .tags(.messaging),
    .noEscapeHatches("Command", rule: "1.7"))
struct Step2NothingLost {
    /// How a send fails, and what the line says after it.
    struct Failure: CustomStringConvertible, Sendable {
        let error: any Error
        let statusAfter: TransportStatus
        /// Rule 2.1: "not now" is `notConnected`, or a line that no longer says connected.
        var keeps: Bool {
            if case .notConnected = error as? TransportError { return true }
            return statusAfter != .connected
        }
        var description: String { "\(error) with the line \(statusAfter) after it" }
    }

    static let failures = [
        Failure(error: TransportError.notConnected(.disconnected), statusAfter: .disconnected),
        Failure(error: TransportError.notConnected(.disconnected), statusAfter: .connected),
        Failure(error: TransportError.notConnected(.connecting), statusAfter: .connecting),
        Failure(
            error: TransportError.notAllowed(action: "send", status: .connected), statusAfter: .connected),
        Failure(
            error: TransportError.notAllowed(action: "send", status: .connected), statusAfter: .disconnected),
        Failure(error: Forbidden(), statusAfter: .disconnected),
        Failure(error: Forbidden(), statusAfter: .connecting),
        Failure(error: Forbidden(), statusAfter: .connected),
        Failure(error: SendForbidden(event: Message.eventName, user: "guest"), statusAfter: .connected),
        Failure(error: LifecycleError.operationRefused(.send, in: .released), statusAfter: .connected),
    ]

    @Test(
        "A command that couldn't go now stays first and stops the run; any other failure is refused for good, told on its ticket, and the run goes on [2.1, 2.2]",
        arguments: failures)
    func keepOrRefuse(failure: Failure) throws {
        let (line, outbox) = try offlineOutbox()
        let tickets = try ["a", "b", "c"].map { try outbox.send($0) }
        line.onNextSend(of: "b") { line in
            line.become(failure.statusAfter)
            throw failure.error
        }
        line.report(.connected)
        if failure.keeps {
            #expect(line.attempts == ["a", "b"], "The run stops at b: c isn't even tried")
            #expect(outbox.pendingCount == 2, "b and c wait, in order")
            #expect(tickets[1].outcome == nil, "b is kept, not ended")
            try outbox.send("d")
            line.report(.disconnected)
            line.report(.connected)
            #expect(
                line.sentNames == ["a", "b", "c", "d"],
                "What stayed goes first on the next connection, in order")
            #expect(tickets.map(\.outcome) == [.sent, .sent, .sent])
        } else {
            #expect(line.sentNames == ["a", "c"], "b is refused for good; the run goes on with c")
            #expect(tickets[1].outcome == .refused(reason: String(describing: failure.error)))
            #expect(outbox.pendingCount == 0)
            line.report(.disconnected)
            line.report(.connected)
            #expect(line.attempts == ["a", "b", "c"], "A refused command never runs again")
        }
    }

    @Test(
        "A drop and a return during a send lose nothing and stall nothing, inside a replay or not [2.1, 2.3]",
        arguments: [true, false])
    func dropAndBackDuringASend(duringReplay: Bool) throws {
        let (line, outbox) = duringReplay ? try offlineOutbox() : try connectedOutbox()
        line.onNextSend(of: "b") { line in
            line.report(.disconnected)
            line.report(.connected)
            throw TransportError.notConnected(.disconnected)
        }
        let tickets = try ["a", "b"].map { try outbox.send($0) }
        if duringReplay { line.report(.connected) }
        #expect(
            line.sentNames == ["a", "b"], "b failed, but the line was back by then: b goes again at once")
        #expect(tickets.map(\.outcome) == [.sent, .sent])
        #expect(outbox.pendingCount == 0, "Connected, nothing waits for a next connection")
    }

    @Test(
        "Only a connected report during a command's own run has it tried again, and only while the line says connected [2.3]"
    )
    func noteIsThatRunsOwn() throws {
        let (line, outbox) = try connectedOutbox()
        let box = Received<OfflineOutbox>()
        box.set(outbox)
        let log = Recorder<String>()
        // A run that ends normally, with a command enqueued from inside another.
        try outbox.enqueue(LoggedCommand("maker", log: log, onExecute: { _ = try box.current?.send("made") }))
        #expect(line.sentNames == ["made"])
        // A later command fails "not now" while the line says connected: no report came during its run.
        line.onNextSend(of: "late") { _ in throw TransportError.notConnected(.disconnected) }
        try outbox.send("late")
        #expect(
            line.attempts.filter { $0 == "late" }.count == 1,
            "Tried once: nothing said connected during its run")
        #expect(outbox.pendingCount == 1)
        // During the next try (a send while connected starts the run), the line drops, comes
        // back, and drops again, all before the send throws.
        line.onNextSend(of: "late") { line in
            line.report(.disconnected)
            line.report(.connected)
            line.report(.disconnected)
            throw TransportError.notConnected(.disconnected)
        }
        try outbox.send("kick")
        #expect(
            line.attempts.filter { $0 == "late" }.count == 2,
            "Down again by the end of its run: not tried a third time")
        #expect(outbox.pendingCount == 2)
        line.report(.connected)
        #expect(line.sentNames == ["made", "late", "kick"])

        // Within one run: what asked for a run during one command's run is not the next's.
        let (second, inOneRun) = try connectedOutbox()
        let outer = Received<OfflineOutbox>()
        outer.set(inOneRun)
        second.onNextSend(of: "then") { _ in throw TransportError.notConnected(.disconnected) }
        try inOneRun.enqueue(
            LoggedCommand(
                "first", log: Recorder<String>(), onExecute: { _ = try outer.current?.send("then") }))
        #expect(
            second.attempts == ["then"],
            "then, enqueued during first's run, is tried once: nothing said connected during its own run")
        #expect(inOneRun.pendingCount == 1, "then waits for the next connection")

        // A command that enqueues another during its own run, then can't go now while the line
        // still says connected: the run was asked for during its run, so nothing stalls.
        let (third, busy) = try connectedOutbox()
        let busyBox = Received<OfflineOutbox>()
        busyBox.set(busy)
        let runs = Recorder<String>()
        let flaky = try busy.enqueue(
            LoggedCommand(
                "flaky", log: runs,
                onExecute: {
                    guard runs.all.count == 1 else { return }
                    _ = try busyBox.current?.send("late")
                    throw TransportError.notConnected(.disconnected)
                }))
        #expect(runs.all == ["ran flaky", "ran flaky"], "Tried again at once: the line says connected")
        #expect(flaky.outcome == .sent)
        #expect(third.sentNames == ["late"], "…and the command it enqueued went too: nothing waits")
        #expect(busy.pendingCount == 0)
    }

    @Test(
        "A command enqueued during a run, from inside a running command, queues behind and goes in this run [2.3]"
    )
    func enqueueFromInside() throws {
        let (line, outbox) = try offlineOutbox()
        let log = Recorder<String>()
        try outbox.send("a")
        let box = Received<OfflineOutbox>()
        box.set(outbox)
        try outbox.enqueue(
            LoggedCommand(
                "follow-up maker", log: log,
                onExecute: {
                    _ = try box.current?.send("follow-up")
                    log.record("sent so far \(line.sentNames)")
                }))
        try outbox.send("b")
        line.report(.connected)
        #expect(log.all == ["ran follow-up maker", "sent so far [\"a\"]"], "The follow-up waits its turn")
        #expect(line.sentNames == ["a", "b", "follow-up"], "Behind the ones waiting, in this same run")
        #expect(outbox.pendingCount == 0)
    }

    @Test("Commands sent from many threads during a run all go out once, each thread's in its order [2.3]")
    func manyThreads() async throws {
        // Room for all 800: while one thread runs the buffer, the others' sends wait in it.
        let (line, outbox) = try connectedOutbox(capacity: 1_000)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for thread in 0..<8 {
                group.addTask {
                    for index in 0..<100 { try outbox.send("t\(thread)-\(index)") }
                }
            }
            try await group.waitForAll()
        }
        let sent = line.sentNames
        #expect(sent.count == 800, "Each command once: none lost, none twice")
        for thread in 0..<8 {
            #expect(sent.filter { $0.hasPrefix("t\(thread)-") } == (0..<100).map { "t\(thread)-\($0)" })
        }
        #expect(outbox.pendingCount == 0)
    }

    @Test(
        "The buffer holds exactly capacity commands; one more is refused, and nothing already kept is dropped [2.4]",
        arguments: [1, 3, 100])
    func capacity(capacity: Int) throws {
        let (line, outbox) = try offlineOutbox(capacity: capacity)
        for index in 0..<capacity { try outbox.send("m\(index)") }
        #expect(throws: OutboxError.full(capacity: capacity)) { try outbox.send("one too many") }
        #expect(throws: OutboxError.full(capacity: capacity)) { _ = try outbox.request("one too many") }
        #expect(outbox.pendingCount == capacity)
        line.report(.connected)
        #expect(line.sentNames == (0..<capacity).map { "m\($0)" })
        for index in 0..<(capacity + 5) { try outbox.send("live\(index)") }
        #expect(outbox.pendingCount == 0, "Sends while connected leave at once: they don't fill it")
    }

    @Test("The running command counts until it has run [2.4]")
    func runningCounts() throws {
        let (line, outbox) = try offlineOutbox(capacity: 1)
        let box = Received<OfflineOutbox>()
        box.set(outbox)
        let refusal = Received<String>()
        let pendingDuringRun = Received<Int>()
        line.onNextSend(of: "a") { _ in
            pendingDuringRun.set(box.current?.pendingCount ?? -1)
            do {
                try box.current?.send("b")
                refusal.set("accepted")
            } catch {
                refusal.set("\(error)")
            }
        }
        try outbox.send("a")
        line.report(.connected)
        #expect(pendingDuringRun.current == 1, "While a runs, it is still counted")
        #expect(refusal.current == "\(OutboxError.full(capacity: 1))", "a is running: the one place is taken")
        try outbox.send("c")
        #expect(line.sentNames == ["a", "c"])
    }

    @Test("A capacity below 1 is refused; 1 works [2.5]", arguments: [0, -1, Int.min])
    func invalidCapacity(capacity: Int) throws {
        #expect(throws: OutboxError.invalidCapacity(capacity)) {
            _ = try OfflineOutbox(connection: Line(), capacity: capacity)
        }
        let one = try OfflineOutbox(connection: Line(), capacity: 1)
        #expect(one.capacity == 1)
        #expect(try OfflineOutbox(connection: Line()).capacity == 100)
    }
}
