import Command
import KataTestSupport
import MessagingKit
import Testing

@Suite("Command · Step 3 — Cancel what hasn't run", .tags(.messaging))
struct Step3Cancel {
    @Test("A waiting command can be cancelled: it leaves the buffer and never runs [3.1, 3.2]")
    func cancelWaiting() throws {
        let hatches = try EscapeHatches.findings(inPattern: "Command")
        #expect(hatches.isEmpty, "\(EscapeHatches.report(hatches, step: 3))")
        let line = try recordingConnection()
        let outbox = try OfflineOutbox(connection: line, capacity: 3)
        try outbox.send("a")
        let b = try outbox.send("b")
        try outbox.send("c")
        #expect(
            outbox.cancel(b) == .cancelled, "Cancelling a waiting command says it was cancelled (rule 3.1)")
        #expect(outbox.pendingCount == 2, "It left the buffer (rule 3.1)")
        try outbox.send("d")
        #expect(outbox.pendingCount == 3, "Its place is free again (rule 3.2)")
        line.connect()
        #expect(
            sentNames(line) == ["a", "c", "d"],
            "A cancelled command never runs; the others keep their order (rules 3.1, 3.2)")
    }

    @Test("Cancelling a command that has run, or cancelling twice, changes nothing and says so [3.4]")
    func cancelTooLate() throws {
        let line = try recordingConnection()
        line.connect()
        let outbox = try OfflineOutbox(connection: line)
        let sent = try outbox.send("a")
        #expect(outbox.cancel(sent) == .notPending, "A command that has run can't be cancelled (rule 3.4)")

        line.disconnect()
        let replayed = try outbox.send("b")
        let twice = try outbox.send("c")
        #expect(outbox.cancel(twice) == .cancelled, "A waiting command is cancelled (rule 3.1)")
        #expect(outbox.cancel(twice) == .notPending, "The second cancel finds nothing waiting (rule 3.4)")
        line.connect()
        #expect(
            outbox.cancel(replayed) == .notPending,
            "A command the replay has run can't be cancelled (rule 3.4)"
        )
        #expect(sentNames(line) == ["a", "b"], "Nothing was sent twice or lost (rule 3.4)")
    }

    @Test(
        "A command cancelled while it runs never runs again: if that run fails, it leaves the buffer [3.5, 3.6]"
    )
    func cancelWhileRunning() throws {
        let line = try ScriptedConnection()
        let outbox = try OfflineOutbox(connection: line)
        let a = try outbox.send("a")
        try outbox.send("b")
        let answer = Received<CancelResult>()
        line.onNextSend(of: "a") {
            answer.set(outbox.cancel(a))  // the app takes a back while it is being sent…
            line.inner.disconnect()  // …and that send fails: the network went
            throw TransportError.notConnected(.disconnected)
        }
        line.inner.connect()
        #expect(
            answer.current == .notPending,
            "A command that is running may already be on its way: cancel can't promise it never ran (rule 3.5)"
        )
        #expect(
            outbox.pendingCount == 1,
            "Its run failed after it was cancelled: it leaves the buffer instead of waiting for the next connect (rule 3.6)"
        )
        line.inner.connect()
        #expect(
            sentNames(line) == ["b"],
            "A command cancelled while it ran never runs again; b goes out (rule 3.6)"
        )
    }

    @Test(
        "A command cancelled while it runs, whose run succeeds, was sent: the commands after it still run, and stay if a drop fails them [3.5, 2.1]"
    )
    func cancelWhileRunningThatSucceeds() throws {
        let line = try ScriptedConnection()
        let outbox = try OfflineOutbox(connection: line)
        let a = try outbox.send("a")
        try outbox.send("b")
        try outbox.send("c")
        let answer = Received<CancelResult>()
        line.onNextSend(of: "a") {
            answer.set(outbox.cancel(a))  // the app takes a back while it is being sent, and a goes out
        }
        line.onNextSend(of: "b") {
            line.inner.disconnect()  // then the network goes while b is being sent
            throw TransportError.notConnected(.disconnected)
        }
        line.inner.connect()
        #expect(
            answer.current == .notPending,
            "A command that is running may already be on its way: cancel answers notPending (rule 3.5)")
        #expect(
            sentNames(line) == ["a"], "Its run succeeded: a was sent; b's send failed by a drop (rule 3.5)")
        #expect(
            outbox.pendingCount == 2,
            "The cancel was a's alone: b, failed by a drop, stays with c for the next connection (rules 3.5, 2.1)"
        )
        line.inner.connect()
        #expect(
            sentNames(line) == ["a", "b", "c"],
            "The commands after a all still run, none dropped, in order (rules 3.5, 2.2)")
        #expect(outbox.pendingCount == 0, "a left the buffer as any command that ran does (rule 3.5)")
        #expect(outbox.cancel(a) == .notPending, "Once it has run, it can't be cancelled (rules 3.4, 3.5)")
    }

    @Test("A command the outbox takes back is told so, once; one that ran is not [3.3, 3.6]")
    func cancelledCommandIsTold() throws {
        let line = try ScriptedConnection()
        let outbox = try OfflineOutbox(connection: line)
        let log = RunLog()
        let waiting = try outbox.enqueue(CancelAwareCommand(name: "waiting", log: log))
        let running = try outbox.enqueue(CancelAwareCommand(name: "running", log: log))
        try outbox.enqueue(CancelAwareCommand(name: "sent", log: log))
        #expect(outbox.cancel(waiting) == .cancelled, "A waiting command is cancelled (rule 3.1)")
        #expect(
            log.all == ["waiting cancelled"],
            "The outbox calls cancel() on the command it took out of the buffer (rule 3.3)")
        _ = outbox.cancel(waiting)
        #expect(log.all == ["waiting cancelled"], "A second cancel doesn't tell it again (rules 3.3, 3.4)")

        line.onNextSend(of: "running") {
            _ = outbox.cancel(running)  // cancelled while it is being sent…
            line.inner.disconnect()  // …and that send fails: the network went
            throw TransportError.notConnected(.disconnected)
        }
        line.inner.connect()
        #expect(
            log.all == ["waiting cancelled", "running cancelled"],
            "Cancelled while it ran, and that run failed: it leaves the buffer and is told, once (rule 3.6)")
        #expect(outbox.pendingCount == 1, "Only the command after it still waits (rule 3.6)")
        line.inner.connect()
        #expect(
            sentNames(line) == ["sent"],
            "The command that ran is sent, and not told it was cancelled (rule 3.3)")
        #expect(log.all.count == 2, "Nothing else was told (rule 3.3)")
    }
}

/// A command declared by the tests whose `cancel()` calls back into the outbox: it reads
/// `pendingCount` and sends a follow-up, as a screen may when told its message won't go.
private struct CallsBackOnCancel: OutboxCommand {
    let event: Event
    let onCancel: @Sendable () -> Void

    func execute(on connection: any Connection) throws { try connection.send(event) }
    func cancel() { onCancel() }
}

extension Step3Cancel {
    @Test("A command told it is cancelled may call back into the outbox from its cancel() [3.3]")
    func cancelledCommandCallsBack() throws {
        let line = try recordingConnection()
        let outbox = try OfflineOutbox(connection: line)
        try outbox.send("a")
        let seen = Received<Int>()
        let typing = try outbox.enqueue(
            CallsBackOnCancel(event: try event("typing")) { [weak outbox] in
                guard let outbox else { return }
                seen.set(outbox.pendingCount)
                _ = try? outbox.send("stopped typing")
            })
        #expect(outbox.cancel(typing) == .cancelled, "A waiting command is cancelled (rule 3.1)")
        #expect(
            seen.current != nil,
            "Its cancel() was called, and could read the outbox: it is told outside the outbox's lock (rule 3.3)"
        )
        #expect(outbox.pendingCount == 2, "The follow-up its cancel() sent joined the buffer (rule 3.3)")
        line.connect()
        #expect(
            sentNames(line) == ["a", "stopped typing"],
            "The cancelled command never runs; the follow-up goes out after a (rules 3.1, 3.3)")
    }
}

extension Step3Cancel {
    @Test(
        "Random sequences with cancels at any moment, the running command's own included, agree with the brief's outbox [2.1, 2.5, 3.1, 3.2, 3.3, 3.4, 3.5, 3.6]"
    )
    func randomSequencesWithCancelsAgreeWithTheModel() async throws {
        let check = ModelCheck<OutboxModel.Operation>(
            rule: "3.1–3.6 (cancels at any moment)", sequences: 200, length: 1...16
        ) { random in OutboxModel.operation(.withCancels, using: &random) }
        let failure = try await check.run { operations in try OutboxRig.disagreement(operations) }
        #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
    }
}

extension Step3Cancel {
    @Test(
        "A command cancelled while it runs, whose run then fails, may call back into the outbox from its cancel() [3.3, 3.6]"
    )
    func cancelledWhileRunningCallsBack() throws {
        let line = try ScriptedConnection()
        let outbox = try OfflineOutbox(connection: line)
        let seen = Received<Int>()
        let typing = try outbox.enqueue(
            CallsBackOnCancel(event: try event("typing")) { [weak outbox] in
                guard let outbox else { return }
                seen.set(outbox.pendingCount)
                _ = try? outbox.send("stopped typing")
            })
        try outbox.send("b")
        line.onNextSend(of: "typing") { [weak outbox] in
            _ = outbox?.cancel(typing)  // the app takes it back while it is being sent…
            line.inner.disconnect()  // …and that send fails: the network went
            throw TransportError.notConnected(.disconnected)
        }
        line.inner.connect()
        #expect(
            seen.current != nil,
            "Its cancel() was called, and could read the outbox: a command cancelled while it ran is told outside the outbox's lock too (rules 3.3, 3.6)"
        )
        #expect(
            outbox.pendingCount == 2,
            "It left the buffer; b waits, and the follow-up its cancel() sent joined it (rules 3.3, 3.6)")
        line.inner.connect()
        #expect(
            sentNames(line) == ["b", "stopped typing"],
            "The cancelled command never runs again; b and the follow-up go out, in order (rules 3.3, 3.6)")
    }
}
