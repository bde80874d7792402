import LaunchKit

/// Receives what the start-up commands need, fluently, and builds them in the order they must run.
///
/// Like ``ConnectionBuilder``, it is a value: each call returns a changed copy.
public struct StartupBuilder {
    /// Creates a builder that has been given nothing.
    public init() {}

    /// The window the appearance and the first screen go to (required).
    public func window(_ window: AppWindow) -> StartupBuilder {
        // TODO: Step 4 — a copy with the window.
        self
    }

    /// Where the SDKs and the storage record their start (required).
    public func log(_ log: LaunchLog) -> StartupBuilder {
        // TODO: Step 4 — a copy with the log.
        self
    }

    /// Starts the analytics SDK with `key`.
    ///
    /// Without a key, analytics doesn't start.
    public func analyticsKey(_ key: String) -> StartupBuilder {
        // TODO: Step 4 — a copy with the key.
        self
    }

    /// The tint colour.
    ///
    /// The default is `"blue"`.
    public func tint(_ colour: String) -> StartupBuilder {
        // TODO: Step 4 — a copy with the colour.
        self
    }

    /// The first screen.
    ///
    /// The default is `"Home"`.
    public func rootScreen(_ screen: String) -> StartupBuilder {
        // TODO: Step 4 — a copy with the screen.
        self
    }

    /// The start-up commands, in the order they must run: analytics (when it has a key),
    /// storage, appearance, root screen (the commands of `LaunchKit`).
    ///
    /// - Throws: ``StartupBuildError`` naming every missing part.
    public func build() throws(StartupBuildError) -> [any StartupCommand] {
        // TODO: Step 4 — refuse what is missing; otherwise the commands, in order.
        []
    }
}
