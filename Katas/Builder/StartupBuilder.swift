import LaunchKit

/// Receives what the start-up commands need and builds them in the order they must run.
///
/// The window and the log are required, so they are parameters of `init`: a builder without
/// them doesn't compile. What has a default, or may be left out, is set fluently.
///
/// Like ``ConnectionBuilder``, it is a value: each call returns a changed copy.
public struct StartupBuilder {
    /// Creates a builder for the app's `window` (where the look and the first screen go) and
    /// its `log` (where the SDKs and the storage record their start).
    public init(window: AppWindow, log: LaunchLog) {
        // TODO: Step 4 — keep the window and the log (rule 4.1).
    }

    /// Starts the analytics SDK with `key`.
    ///
    /// Without a key, analytics doesn't start.
    public func analyticsKey(_ key: String) -> StartupBuilder {
        // TODO: Step 4 — a copy with the key (rules 4.2, 4.4).
        self
    }

    /// The tint colour.
    ///
    /// The default is `"blue"`.
    public func tint(_ colour: String) -> StartupBuilder {
        // TODO: Step 4 — a copy with the colour (rules 4.2, 4.4).
        self
    }

    /// The first screen.
    ///
    /// The default is `"Home"`.
    public func rootScreen(_ screen: String) -> StartupBuilder {
        // TODO: Step 4 — a copy with the screen (rules 4.2, 4.4).
        self
    }

    /// The start-up commands, in the order they must run: analytics (when it has a key),
    /// storage, appearance, root screen (the commands of `LaunchKit`).
    public func build() -> [any StartupCommand] {
        // TODO: Step 4 — the commands, in order (rule 4.3).
        []
    }
}
