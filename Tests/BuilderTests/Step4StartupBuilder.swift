import Builder
import KataTestSupport
import LaunchKit
import Testing

@Suite("Builder · Step 4 — The start-up builder", .tags(.startup), .noEscapeHatches("Builder"))
struct Step4StartupBuilder {
    @Test("build() gives the start-up commands in the order they must run [4.1, 4.3]")
    func orderedCommands() throws {
        let window = AppWindow()
        let log = LaunchLog()
        let commands = StartupBuilder(window: window, log: log).analyticsKey("k-1").tint("teal")
            .rootScreen("Scan").build()
        #expect(
            commands.map(\.name) == ["analytics", "storage", "appearance", "root screen"],
            "Analytics, storage, appearance, then the first screen")
        for command in commands { try command.execute() }
        #expect(
            log.entries == ["analytics started with key k-1", "storage opened"],
            "The commands use the log and key given")
        #expect(
            window.tint == "teal" && window.rootScreen == "Scan" && window.isVisible,
            "The commands use the window, tint and screen given")
    }

    @Test("The builder keeps the window and the log it was given alive: nobody else need hold them [4.1]")
    func keepsItsPartsAlive() throws {
        weak var weakWindow: AppWindow?
        weak var weakLog: LaunchLog?
        let builder: StartupBuilder
        do {
            let window = AppWindow()
            let log = LaunchLog()
            (weakWindow, weakLog) = (window, log)
            builder = StartupBuilder(window: window, log: log).rootScreen("Scan")
        }
        for command in builder.build() { try command.execute() }
        let window = try #require(weakWindow, "The builder still holds the window it was given")
        let log = try #require(weakLog, "The builder still holds the log it was given")
        #expect(
            window.rootScreen == "Scan" && window.isVisible, "The commands used the very window given")
        #expect(log.entries == ["storage opened"], "The commands used the very log given")
    }

    @Test(
        "Without an analytics key there is no analytics; tint and first screen have defaults [4.1, 4.2, 4.3]")
    func defaults() throws {
        let window = AppWindow()
        let log = LaunchLog()
        let commands = StartupBuilder(window: window, log: log).build()
        #expect(
            commands.map(\.name) == ["storage", "appearance", "root screen"],
            "No key, no analytics command")
        for command in commands { try command.execute() }
        #expect(
            log.entries == ["storage opened"], "The storage records its start in the log given")
        #expect(
            window.tint == "blue" && window.rootScreen == "Home" && window.isVisible,
            "The defaults are blue and Home, in the window given")
    }

    @Test("The fluent calls may come in any order; a later call of the same setting wins [4.2, 4.3]")
    func callOrderDoesNotMatter() throws {
        let window = AppWindow()
        let log = LaunchLog()
        let commands = StartupBuilder(window: window, log: log).rootScreen("Home").analyticsKey("k-0")
            .tint("red").analyticsKey("k-1").rootScreen("Scan").tint("teal").build()
        #expect(
            commands.map(\.name) == ["analytics", "storage", "appearance", "root screen"],
            "The builder owns the order of the commands, not the order of the calls")
        for command in commands { try command.execute() }
        #expect(
            window.tint == "teal" && window.rootScreen == "Scan",
            "The last tint and the last first screen given win")
        #expect(
            log.entries == ["analytics started with key k-1", "storage opened"],
            "The last analytics key given wins, and analytics starts once")
    }

    @Test("A start-up builder is a value: two start-ups finished from one base are independent [4.4]")
    func startupBuilderIsAValue() throws {
        let window = AppWindow()
        let log = LaunchLog()
        let base = StartupBuilder(window: window, log: log).tint("teal")
        let withAnalytics = base.analyticsKey("k")
        let onScan = base.rootScreen("Scan")
        #expect(
            withAnalytics.build().map(\.name) == ["analytics", "storage", "appearance", "root screen"],
            "The copy given a key starts analytics")
        #expect(
            base.build().count == 3 && onScan.build().count == 3,
            "The key given to one copy reaches neither the base nor the other copy")
        for command in withAnalytics.build() { try command.execute() }
        #expect(
            window.rootScreen == "Home" && window.tint == "teal",
            "One copy's screen isn't the other's; what the base had, every copy has")
        for command in onScan.build() { try command.execute() }
        #expect(window.rootScreen == "Scan", "The copy given a screen shows it")
    }
}
