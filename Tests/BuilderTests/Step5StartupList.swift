import Builder
import KataTestSupport
import LaunchKit
import Testing

/// A start-up command declared by the tests: it only has a name, and records it when it runs.
struct NamedCommand: StartupCommand {
    let name: String
    let log: LaunchLog

    init(_ name: String, log: LaunchLog) {
        self.name = name
        self.log = log
    }

    func execute() { log.record(name) }
}

/// The start-up that step 4's builder makes, written as a block: the same recipe, line for line.
func standardStartup(
    window: AppWindow, log: LaunchLog, analyticsKey: String?, tint: String, rootScreen: String
) -> StartupList {
    StartupList {
        if let analyticsKey { StartAnalyticsCommand(key: analyticsKey, log: log) }
        OpenStorageCommand(log: log)
        ApplyAppearanceCommand(tint: tint, window: window)
        ShowRootScreenCommand(screen: rootScreen, window: window)
    }
}

@Suite(
    "Builder · Step 5 — A result builder for the start-up list", .tags(.startup), .noEscapeHatches("Builder"))
struct Step5StartupList {
    @Test("The commands come out in the order the block writes them, one per line [5.1]")
    func orderWritten() throws {
        let log = LaunchLog()
        let list = StartupList {
            NamedCommand("crash reporter", log: log)
            OpenStorageCommand(log: log)
            NamedCommand("feature flags", log: log)
            StartAnalyticsCommand(key: "partner-a", log: log)
            StartAnalyticsCommand(key: "partner-b", log: log)
            NamedCommand("feature flags", log: log)
        }
        #expect(
            list.commands.map(\.name) == [
                "crash reporter", "storage", "feature flags", "analytics", "analytics", "feature flags",
            ],
            "Each line is one command, in the order written, whatever its type, even two of one name"
        )
    }

    @Test("An if adds its block only when its condition holds [5.2]", arguments: [false, true])
    func ifWithoutElse(isDebug: Bool) {
        let log = LaunchLog()
        let list = StartupList {
            NamedCommand("first", log: log)
            if isDebug {
                NamedCommand("debug menu", log: log)
                NamedCommand("network logger", log: log)
            }
            NamedCommand("last", log: log)
        }
        #expect(
            list.commands.map(\.name)
                == (isDebug ? ["first", "debug menu", "network logger", "last"] : ["first", "last"]),
            "if: the whole block when true, nothing when false, in place (debug \(isDebug))")
    }

    @Test("An if/else adds exactly one of its branches [5.3]", arguments: [false, true])
    func ifElse(isDebug: Bool) {
        let log = LaunchLog()
        let list = StartupList {
            NamedCommand("first", log: log)
            if isDebug {
                NamedCommand("debug menu", log: log)
            } else {
                NamedCommand("release checks", log: log)
                NamedCommand("store review", log: log)
            }
            NamedCommand("last", log: log)
        }
        #expect(
            list.commands.map(\.name)
                == (isDebug
                    ? ["first", "debug menu", "last"] : ["first", "release checks", "store review", "last"]),
            "if/else: the first branch when true, the second when false, never both (debug \(isDebug))"
        )
    }

    @Test("A for loop adds its block once per element, in order, ifs inside included [5.4, 5.2]")
    func forLoop() {
        let log = LaunchLog()
        let list = StartupList {
            NamedCommand("first", log: log)
            for partner in ["ads", "maps", "pay"] {
                NamedCommand("\(partner) SDK", log: log)
                if partner == "maps" { NamedCommand("maps cache", log: log) }
            }
            for _ in [Int]() { NamedCommand("never", log: log) }
            NamedCommand("last", log: log)
        }
        #expect(
            list.commands.map(\.name) == ["first", "ads SDK", "maps SDK", "maps cache", "pay SDK", "last"],
            "for: one pass per element, in order; an empty loop adds nothing")
    }

    @Test("An optional command adds itself when there is one, and nothing when it is nil [5.5, 5.2]")
    func optionals() {
        let log = LaunchLog()
        let present: (any StartupCommand)? = NamedCommand("crash reporter", log: log)
        let absent: (any StartupCommand)? = nil
        let key: String? = "k-1"
        let noKey: String? = nil
        let list = StartupList {
            present
            absent
            if let key { StartAnalyticsCommand(key: key, log: log) }
            if let noKey { StartAnalyticsCommand(key: noKey, log: log) }
            NamedCommand("last", log: log)
        }
        #expect(
            list.commands.map(\.name) == ["crash reporter", "analytics", "last"],
            "An optional or an if let adds the command when there is one, nothing when nil"
        )
    }

    @Test("The list runs its block once, when it is made, and runs none of the commands [5.6]")
    func runsTheBlockOnce() {
        let made = LaunchLog()
        let run = LaunchLog()
        func counted(_ name: String) -> NamedCommand {
            made.record(name)
            return NamedCommand(name, log: run)
        }
        let list = StartupList {
            counted("crash reporter")
            for partner in ["ads", "maps"] { counted("\(partner) SDK") }
            counted("feature flags")
        }
        #expect(
            made.entries == ["crash reporter", "ads SDK", "maps SDK", "feature flags"],
            "The block runs exactly once, when the list is made: each line makes its command once")
        #expect(
            run.entries.isEmpty, "Making the list runs none of its commands: it only lists them")
        #expect(
            list.commands.map(\.name) == ["crash reporter", "ads SDK", "maps SDK", "feature flags"],
            "The list keeps what that one run of the block made")
        _ = list.commands
        #expect(made.entries.count == 4, "Reading commands doesn't run the block again")
    }

    @Test(
        "The block makes what the fluent builder makes for the same start-up [5.7]",
        arguments: [nil, "k-1"] as [String?])
    func sameAsTheFluentBuilder(analyticsKey: String?) throws {
        let fluentWindow = AppWindow()
        let fluentLog = LaunchLog()
        var builder = StartupBuilder(window: fluentWindow, log: fluentLog).tint("teal").rootScreen("Scan")
        if let analyticsKey { builder = builder.analyticsKey(analyticsKey) }
        let fluent = builder.build()

        let listWindow = AppWindow()
        let listLog = LaunchLog()
        let list = standardStartup(
            window: listWindow, log: listLog, analyticsKey: analyticsKey, tint: "teal", rootScreen: "Scan")

        #expect(
            list.commands.map(\.name) == fluent.map(\.name),
            "The same commands, in the same order (key \(analyticsKey ?? "none"))")
        for command in fluent { try command.execute() }
        for command in list.commands { try command.execute() }
        #expect(
            listLog.entries == fluentLog.entries && !listLog.entries.isEmpty,
            "Run, they record the same start-up (key \(analyticsKey ?? "none"))")
        #expect(
            listWindow.tint == fluentWindow.tint && listWindow.rootScreen == fluentWindow.rootScreen
                && listWindow.isVisible == fluentWindow.isVisible && listWindow.isVisible,
            "Run, they set up the window the same way (key \(analyticsKey ?? "none"))")
    }
}
