import Builder
import LaunchKit
import Testing

@Suite("Builder · Step 4 — The start-up builder", .tags(.startup))
struct Step4StartupBuilder {
    @Test("build() gives the start-up commands in the order they must run")
    func orderedCommands() throws {
        let window = AppWindow()
        let log = LaunchLog()
        let commands = try StartupBuilder().window(window).log(log).analyticsKey("k-1").tint("teal")
            .rootScreen("Scan").build()
        #expect(
            commands.map(\.name) == ["analytics", "storage", "appearance", "root screen"],
            "Analytics, storage, appearance, then the first screen (step 4)")
        for command in commands { try command.execute() }
        #expect(
            log.entries == ["analytics started with key k-1", "storage opened"],
            "The commands use the log and key given (step 4)")
        #expect(
            window.tint == "teal" && window.rootScreen == "Scan" && window.isVisible,
            "The commands use the window, tint and screen given (step 4)")
    }

    @Test("Without an analytics key there is no analytics; tint and first screen have defaults")
    func defaults() throws {
        let window = AppWindow()
        let commands = try StartupBuilder().log(LaunchLog()).window(window).build()
        #expect(
            commands.map(\.name) == ["storage", "appearance", "root screen"],
            "No key, no analytics command; the order of the calls doesn't matter (step 4)")
        for command in commands { try command.execute() }
        #expect(
            window.tint == "blue" && window.rootScreen == "Home", "The defaults are blue and Home (step 4)")
    }

    @Test("A missing window or log is refused, naming every missing part")
    func missingParts() {
        #expect(
            throws: StartupBuildError(missing: [.window, .log]), "Nothing given: both are missing (step 4)"
        ) {
            _ = try StartupBuilder().build()
        }
        #expect(throws: StartupBuildError(missing: [.window]), "No window: the window is missing (step 4)") {
            _ = try StartupBuilder().log(LaunchLog()).build()
        }
        #expect(throws: StartupBuildError(missing: [.log]), "No log: the log is missing (step 4)") {
            _ = try StartupBuilder().window(AppWindow()).build()
        }
    }

    @Test("A start-up builder is a value: two apps finished from one base are independent")
    func startupBuilderIsAValue() throws {
        let base = StartupBuilder().log(LaunchLog())
        let first = AppWindow()
        let second = AppWindow()
        let withAnalytics = try base.window(first).analyticsKey("k").build()
        let plain = try base.window(second).build()
        #expect(
            withAnalytics.count == 4 && plain.count == 3,
            "The key given to one copy isn't in the other (step 4)")
        for command in plain { try command.execute() }
        #expect(second.isVisible && !first.isVisible, "Each copy uses its own window (step 4)")
    }
}
