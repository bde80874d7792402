import LaunchKit
import Testing

@Suite("LaunchKit — the standard start-up commands")
struct StandardStartupJobs {
    @Test("Each standard command does its one job, under its own name")
    func eachCommandDoesItsJob() {
        let log = LaunchLog()
        let window = AppWindow()
        let commands: [any StartupCommand] = [
            StartAnalyticsCommand(key: "k-1", log: log),
            OpenStorageCommand(log: log),
            ApplyAppearanceCommand(tint: "teal", window: window),
            ShowRootScreenCommand(screen: "Home", window: window),
        ]
        #expect(commands.map(\.name) == ["analytics", "storage", "appearance", "root screen"])
        #expect(
            !window.isVisible && window.rootScreen == nil && window.tint == nil, "A new window shows nothing")
        for command in commands { try? command.execute() }
        #expect(log.entries == ["analytics started with key k-1", "storage opened"])
        #expect(window.tint == "teal")
        #expect(
            window.rootScreen == "Home" && window.isVisible, "Showing a root screen makes the window visible")
    }
}
