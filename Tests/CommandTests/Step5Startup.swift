import Command
import KataTestSupport
import LaunchKit
import Testing

/// A start-up job declared by the tests: it writes its name to a log, or throws.
struct ScriptedJob: StartupCommand {
    let name: String
    let log: LaunchLog
    var failure: (any Error)?

    func execute() throws {
        if let failure {
            log.record("\(name) failed")
            throw failure
        }
        log.record(name)
    }
}

/// Why a scripted job failed.
struct JobFailure: Error, Equatable {
    let reason: String
}

@Suite(
    "Command · Step 5 — App start-up, one command per job", .tags(.startup),
    .noEscapeHatches("Command", rule: "1.7"))
struct Step5Startup {
    @Test("Launch runs every command once, in the order given [5.1, 5.3]")
    func runsInOrder() throws {
        let log = LaunchLog()
        let window = AppWindow()
        let failures = StartupSequence([
            ScriptedJob(name: "crash reports", log: log),
            OpenStorageCommand(log: log),
            ApplyAppearanceCommand(tint: "teal", window: window),
            ShowRootScreenCommand(screen: "Home", window: window),
        ]).launch()
        #expect(log.entries == ["crash reports", "storage opened"], "Each job ran once, in order")
        #expect(window.tint == "teal" && window.rootScreen == "Home", "The window jobs ran too")
        #expect(failures.isEmpty, "Nothing failed, so nothing is reported")

        let later = LaunchLog()
        let sequence = StartupSequence([ScriptedJob(name: "sync", log: later)])
        #expect(later.entries.isEmpty, "Making the sequence runs nothing: launch() does")
        _ = sequence.launch()
        #expect(later.entries == ["sync"])

        let twice = LaunchLog()
        let again = StartupSequence([
            ScriptedJob(name: "warm cache", log: twice), ScriptedJob(name: "sync", log: twice),
            ScriptedJob(name: "warm cache", log: twice),
        ]).launch()
        #expect(
            twice.entries == ["warm cache", "sync", "warm cache"],
            "Two commands of one name are two commands: each runs, in its place")
        #expect(again.isEmpty)
    }

    @Test(
        "A failing command is reported by name with its own error, whatever it is, and the ones after it still run [5.1, 5.2, 5.3]",
        arguments: [
            JobFailure(reason: "no network"), CancellationError(),
            StartupFailure(commandName: "an inner job", error: JobFailure(reason: "disk full")),
        ] as [any Error]
    )
    func failuresDontStopTheRest(first: any Error) {
        let log = LaunchLog()
        let failures = StartupSequence([
            ScriptedJob(name: "analytics", log: log, failure: first),
            ScriptedJob(name: "storage", log: log),
            ScriptedJob(name: "push", log: log, failure: JobFailure(reason: "denied")),
            ScriptedJob(name: "root screen", log: log),
        ]).launch()
        #expect(
            log.entries == ["analytics failed", "storage", "push failed", "root screen"],
            "Every job runs once, in order, a failing one too, and the jobs after a failure still run"
        )
        #expect(
            failures.map(\.commandName) == ["analytics", "push"],
            "Each failure names its command, in order")
        #expect(
            failures.first.map { String(reflecting: $0.error) } == String(reflecting: first),
            "The first failure carries the analytics command's own error, \(first), as it threw it"
        )
        #expect(
            failures.last.map { $0.error as? JobFailure } == JobFailure(reason: "denied"),
            "Each failure carries the command's own error")
    }
}
