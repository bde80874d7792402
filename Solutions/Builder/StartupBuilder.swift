import LaunchKit

/// Receives what the start-up commands need, fluently, and builds them in the order they must
/// run.
///
/// Role: **Builder** whose product is a list of `StartupCommand`s, run by the Command kata's
/// start-up. It owns the order: SDKs first (they report what the others do), then storage, then
/// the look, and the first screen last, once everything it shows is ready.
///
/// Why a struct with copies, like ``ConnectionBuilder``: a builder partly configured for every
/// variant of the app (tests, previews, the real app) can be finished differently each time.
public struct StartupBuilder {
    private var window: AppWindow?
    private var log: LaunchLog?
    private var analyticsKey: String?
    private var tintColour = "blue"
    private var rootScreenName = "Home"

    /// Creates a builder that has been given nothing.
    public init() {}

    /// The window the appearance and the first screen go to (required).
    public func window(_ window: AppWindow) -> StartupBuilder {
        changed { $0.window = window }
    }

    /// Where the SDKs and the storage record their start (required).
    public func log(_ log: LaunchLog) -> StartupBuilder {
        changed { $0.log = log }
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
    ///
    /// - Throws: ``StartupBuildError`` naming every missing part.
    public func build() throws(StartupBuildError) -> [any StartupCommand] {
        guard let window, let log else {
            var missing: Set<StartupPart> = []
            if window == nil { missing.insert(.window) }
            if log == nil { missing.insert(.log) }
            throw StartupBuildError(missing: missing)
        }
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
