import Command
import Foundation
import KataTestSupport
import MessagingKit
import Testing

@Suite(
    "Command · Step 3 — Cancel what hasn't run", .tags(.messaging), .noEscapeHatches("Command", rule: "1.7"))
struct Step3Cancel {
    @Test(
        "A waiting command taken back never runs, the others keep their order, and its ticket says cancelled [3.1]"
    )
    func cancelWaiting() throws {
        let (line, outbox) = try offlineOutbox(capacity: 3)
        let tickets = try ["a", "b", "c"].map { try outbox.send($0) }
        #expect(outbox.cancel(tickets[1]) == .cancelled)
        #expect(outbox.pendingCount == 2)
        try outbox.send("d")
        line.report(.connected)
        #expect(line.sentNames == ["a", "c", "d"], "b never runs; its place is free again")
        #expect(tickets.map(\.outcome) == [.sent, .cancelled, .sent])
    }

    @Test(
        "The command is told, once, after the outbox let go of its lock: its cancel() may call back in [3.2]")
    func toldOutsideTheLock() throws {
        let (line, outbox) = try offlineOutbox()
        let log = Recorder<String>()
        let box = Received<OfflineOutbox>()
        box.set(outbox)
        let ticket = try outbox.enqueue(
            LoggedCommand(
                "draft", log: log,
                onCancel: {
                    log.record("pending \(box.current?.pendingCount ?? -1)")
                    _ = try? box.current?.send("discarded draft")
                }))
        let done = onAnotherThread { _ = outbox.cancel(ticket) }
        guard done.wait(timeout: .now() + 2) == .success else {
            Issue.record(
                "cancel(_:) never returned: the command's cancel() called back in while the outbox held its lock"
            )
            return
        }
        #expect(log.all == ["told draft", "pending 0"], "Told once, after it left the buffer")
        #expect(outbox.cancel(ticket) == .notPending)
        #expect(log.all.count == 2, "A second cancel tells it nothing more")
        line.report(.connected)
        #expect(line.sentNames == ["discarded draft"])
    }

    @Test("Ran, running, cancelled already, or another outbox's: notPending, and nothing changes [3.3]")
    func notPending() throws {
        let (line, outbox) = try offlineOutbox()
        let log = Recorder<String>()
        let box = Received<OfflineOutbox>()
        box.set(outbox)
        let ownTicket = Received<CommandTicket>()
        let running = try outbox.enqueue(
            LoggedCommand(
                "self-cancelling", log: log,
                onExecute: {
                    guard let ticket = ownTicket.current else { return }
                    log.record("\(box.current!.cancel(ticket))")
                }))
        ownTicket.set(running)
        let after = try outbox.send("after")
        line.report(.connected)
        #expect(
            log.all == ["ran self-cancelling", "notPending"], "A running command is on its way: notPending")
        #expect(running.outcome == .sent, "…and its run goes on")
        #expect(line.sentNames == ["after"])
        #expect(outbox.cancel(after) == .notPending, "It ran")
        #expect(outbox.cancel(CommandTicket(number: after.number)) == .notPending, "Not this outbox's ticket")

        line.report(.disconnected)
        let waiting = try outbox.send("waiting")
        #expect(outbox.cancel(waiting) == .cancelled)
        #expect(outbox.cancel(waiting) == .notPending, "Cancelled already")
        #expect(!log.all.contains { $0.hasPrefix("told") }, "Nobody was told who wasn't taken back")

        let stays = try outbox.send("stays")
        let (_, other) = try offlineOutbox()
        let strangers = try (0...stays.number + 1).map { try other.send("stranger \($0)") }
        #expect(
            strangers.map { outbox.cancel($0) }.allSatisfy { $0 == .notPending },
            "Another outbox's tickets, one with the same number as a waiting command: notPending")
        #expect(
            outbox.cancel(CommandTicket(number: stays.number)) == .notPending,
            "A ticket this outbox didn't hand out, with a waiting command's number: notPending")
        line.report(.connected)
        #expect(line.sentNames == ["after", "stays"], "The waiting command was not taken back: it goes")
        #expect(stays.outcome == .sent)
    }

    @Test("A command cancelled during another's run is the one taken back, whichever waits where [3.1, 3.3]")
    func cancelDuringARun() throws {
        let (line, outbox) = try offlineOutbox()
        let log = Recorder<String>()
        let box = Received<OfflineOutbox>()
        box.set(outbox)
        let later = Received<[CommandTicket]>()
        let runner = try outbox.enqueue(
            LoggedCommand(
                "runner", log: log,
                onExecute: {
                    guard let outbox = box.current, let tickets = later.current else { return }
                    log.record("cancel c: \(outbox.cancel(tickets[1]))")
                    log.record("cancel a: \(outbox.cancel(tickets[0]))")
                }))
        let tickets = try ["a", "b", "c", "d"].map { try outbox.send($0) }
        later.set([tickets[2], tickets[0]])
        line.report(.connected)
        #expect(log.all == ["ran runner", "cancel c: cancelled", "cancel a: cancelled"])
        #expect(
            line.sentNames == ["b", "d"], "Exactly the two cancelled ones are gone; the rest go in order")
        #expect(tickets.map(\.outcome) == [.cancelled, .sent, .cancelled, .sent])
        #expect(runner.outcome == .sent, "The running command runs on")
    }

    @Test(
        "A freed outbox cancels every command it holds; its connection, which lives on, doesn't keep it alive [3.4]"
    )
    func freedOutbox() throws {
        let line = Line()
        line.report(.disconnected)
        let log = Recorder<String>()
        var outbox: OfflineOutbox? = try OfflineOutbox(connection: line)
        weak let watched = outbox
        let tickets = [
            try outbox!.enqueue(LoggedCommand("a", log: log)),
            try outbox!.send("b"),
        ]
        outbox = nil
        #expect(watched == nil, "Nobody holds the outbox: it is freed, though its connection lives on")
        #expect(line.handlerCount == 0, "…and it leaves no handler on its connection")
        #expect(log.all == ["told a"])
        #expect(tickets.map(\.outcome) == [.cancelled, .cancelled])
        line.report(.connected)
        line.deliver(try event("b"))
        #expect(line.attempts.isEmpty)
    }

    @Test(
        "Random lives of sends, drops, returns, refusals and cancels agree with the rules [1.2, 1.4, 2.1, 2.2, 2.4, 3.1, 3.3]"
    )
    func randomLives() async throws {
        let check = ModelCheck<OutboxModel.Step>(
            sequences: 150, length: 1...20
        ) { random in OutboxModel.Step.random(using: &random) }
        let failure = try await check.run { life in try OutboxModel.disagreement(living: life) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}
