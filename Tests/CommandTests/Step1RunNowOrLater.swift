import Command
import Foundation
import KataTestSupport
import MessagingKit
import Testing

@Suite(
    "Command · Step 1 — Run now, or keep until connected", .tags(.messaging),
    .noEscapeHatches("Command", rule: "1.7"))
struct Step1RunNowOrLater {
    @Test(
        "Connected, a command runs at once and its ticket says sent; offline it waits, counted, with no outcome yet; nothing under Katas/Command switches a check off [1.2, 1.3]"
    )
    func runNowOrKeep() throws {
        let (line, outbox) = try connectedOutbox()
        let now = try outbox.send("now")
        #expect(line.sentNames == ["now"], "Connected and nothing waiting: it runs at once")
        #expect(now.outcome == .sent)
        #expect(outbox.pendingCount == 0)

        line.report(.disconnected)
        let later = try outbox.send("later")
        let last = try outbox.send("last")
        #expect(line.attempts == ["now"], "Offline, nothing runs")
        #expect(outbox.pendingCount == 2)
        #expect(later.outcome == nil && last.outcome == nil, "A waiting command has no outcome yet")
        #expect(later != last, "Every command has a ticket of its own")
    }

    @Test("When the connection says connected, the buffer runs first in, first out, each command once [1.4]")
    func replayInOrder() throws {
        let (line, outbox) = try offlineOutbox()
        let tickets = try ["a", "b", "c"].map { try outbox.send($0) }
        line.report(.connecting)
        #expect(line.attempts.isEmpty, "Connecting is not connected")
        line.report(.connected)
        #expect(line.sentNames == ["a", "b", "c"])
        #expect(tickets.map(\.outcome) == [.sent, .sent, .sent])
        #expect(outbox.pendingCount == 0)
        line.report(.disconnected)
        line.report(.connected)
        #expect(
            line.attempts == ["a", "b", "c"], "A command runs once: the next connection runs nothing again")

        line.report(.disconnected)
        let twice = try ["typing", "typing"].map { try outbox.send($0) }
        #expect(twice[0] !== twice[1], "Two identical sends are two commands, with a ticket each")
        #expect(outbox.pendingCount == 2)
        line.report(.connected)
        #expect(line.sentNames == ["a", "b", "c", "typing", "typing"], "Both go, in order")
    }

    @Test("send makes a SendCommand of the event, payload included [1.5]")
    func sendMakesTheEvent() throws {
        let (line, outbox) = try connectedOutbox()
        try outbox.send("typing", payload: ["room": "general", "user": "ana"])
        #expect(line.sent == [try event("typing", ["room": "general", "user": "ana"])])
        let command = SendCommand(event: try event("direct"))
        try outbox.enqueue(command)
        #expect(line.sentNames.last == "direct")
    }

    @Test(
        "A blank name is refused by send, and nothing is kept [1.5]",
        arguments: ["", " ", "\t\n", "\u{00A0}"])
    func blankNames(name: String) throws {
        let (line, outbox) = try offlineOutbox()
        try outbox.send("kept")
        #expect(throws: OutboxError.emptyEventName) { try outbox.send(name) }
        #expect(outbox.pendingCount == 1)
        line.report(.connected)
        #expect(line.attempts == ["kept"])
    }

    @Test(
        "The outbox runs a command it has never heard of, in its place in the order, and never asks a command's type [1.6]"
    )
    func anyCommand() throws {
        for source in try EscapeHatches.sources(inPattern: "Command")
        where source.file.hasSuffix("/OfflineOutbox.swift") {
            for type in ["SendCommand", "RequestCommand"] {
                for asked in [" is \(type)", "as? \(type)", "as! \(type)", " as \(type)"] {
                    #expect(
                        !source.text.contains(asked),
                        "\(source.file) asks whether a command is a \(type) (`\(asked.trimmingCharacters(in: .whitespaces))`): the invoker runs every command the same way, through execute(on:)"
                    )
                }
            }
        }
        let (line, outbox) = try offlineOutbox()
        let log = Recorder<String>()
        try outbox.send("a")
        let own = try outbox.enqueue(
            LoggedCommand("mark read", log: log, onExecute: { log.record("sent so far: \(line.sentNames)") }))
        try outbox.send("b")
        line.report(.connected)
        #expect(log.all == ["ran mark read", "sent so far: [\"a\"]"])
        #expect(line.sentNames == ["a", "b"])
        #expect(own.outcome == .sent)
    }

    @Test(
        "The outbox only sends and listens: it never connects, disconnects or releases its connection, not even when freed [1.1]"
    )
    func onlySendsAndListens() throws {
        let line = Line()
        var outbox: OfflineOutbox? = try OfflineOutbox(connection: line)
        try outbox?.send("a")
        line.report(.connected)
        line.report(.disconnected)
        try outbox?.send("b")
        outbox = nil
        #expect(line.ownerCalls.isEmpty)
        #expect(line.sentNames == ["a"])
    }
}
