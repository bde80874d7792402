import LaunchKit

/// Receives what the start-up commands need and builds them in the order they must run.
///
/// Role: **Builder** whose product is a list of `StartupCommand`s, run by the Command kata's
/// start-up. It owns the order: SDKs first (they report what the others do), then storage, then
/// the look, and the first screen last, once everything it shows is ready.
///
/// Why the window and the log are parameters of `init`: a part every build needs is not a
/// setting. As a parameter, "I forgot the window" doesn't compile, so ``build()`` has nothing to
/// refuse and doesn't throw. Only what has a default (or may be left out) is set fluently.
///
/// Why a struct with copies, like ``ConnectionBuilder``: a builder partly configured for every
/// variant of the app (tests, previews, the real app) can be finished differently each time.
/// Copies share the window and the log they were given, as they should: those are the app's.
public struct StartupBuilder {
    private let window: AppWindow
    private let log: LaunchLog
    private var analyticsKey: String?
    private var tintColour = "blue"
    private var rootScreenName = "Home"

    /// Creates a builder for the app's `window` (where the look and the first screen go) and
    /// its `log` (where the SDKs and the storage record their start).
    public init(window: AppWindow, log: LaunchLog) {
        self.window = window
        self.log = log
    }

    /// Starts the analytics SDK with `key`.
    ///
    /// Without a key, analytics doesn't start.
    public func analyticsKey(_ key: String) -> StartupBuilder {
        changed { $0.analyticsKey = key }
    }

    /// The tint colour.
    ///
    /// The default is `"blue"`.
    public func tint(_ colour: String) -> StartupBuilder {
        changed { $0.tintColour = colour }
    }

    /// The first screen.
    ///
    /// The default is `"Home"`.
    public func rootScreen(_ screen: String) -> StartupBuilder {
        changed { $0.rootScreenName = screen }
    }

    /// The start-up commands, in the order they must run: analytics (when it has a key),
    /// storage, appearance, root screen.
    public func build() -> [any StartupCommand] {
        var commands: [any StartupCommand] = []
        if let analyticsKey { commands.append(StartAnalyticsCommand(key: analyticsKey, log: log)) }
        commands.append(OpenStorageCommand(log: log))
        commands.append(ApplyAppearanceCommand(tint: tintColour, window: window))
        commands.append(ShowRootScreenCommand(screen: rootScreenName, window: window))
        return commands
    }

    private func changed(_ change: (inout StartupBuilder) -> Void) -> StartupBuilder {
        var copy = self
        change(&copy)
        return copy
    }
}
