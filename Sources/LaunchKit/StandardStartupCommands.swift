// The app's start-up jobs, each one a command. Plain implementations: what the Builder kata puts
// in order, and what the Command kata's tests may run.

/// Starts the analytics SDK with its key.
public struct StartAnalyticsCommand: StartupCommand {
    /// The SDK's key.
    public let key: String
    /// Where the SDK's start is recorded.
    public let log: LaunchLog

    /// Creates the job.
    public init(key: String, log: LaunchLog) {
        self.key = key
        self.log = log
    }

    /// `"analytics"`.
    public var name: String { "analytics" }

    /// Records `"analytics started with key <key>"`.
    public func execute() {
        log.record("analytics started with key \(key)")
    }
}

/// Opens the app's local storage.
public struct OpenStorageCommand: StartupCommand {
    /// Where the storage's opening is recorded.
    public let log: LaunchLog

    /// Creates the job.
    public init(log: LaunchLog) {
        self.log = log
    }

    /// `"storage"`.
    public var name: String { "storage" }

    /// Records `"storage opened"`.
    public func execute() {
        log.record("storage opened")
    }
}

/// Tints the window.
public struct ApplyAppearanceCommand: StartupCommand {
    /// The tint colour.
    public let tint: String
    /// The window to tint.
    public let window: AppWindow

    /// Creates the job.
    public init(tint: String, window: AppWindow) {
        self.tint = tint
        self.window = window
    }

    /// `"appearance"`.
    public var name: String { "appearance" }

    /// Applies the tint to the window.
    public func execute() {
        window.applyTint(tint)
    }
}

/// Shows the first screen: the last job of start-up.
public struct ShowRootScreenCommand: StartupCommand {
    /// The first screen's name.
    public let screen: String
    /// The window to show it in.
    public let window: AppWindow

    /// Creates the job.
    public init(screen: String, window: AppWindow) {
        self.screen = screen
        self.window = window
    }

    /// `"root screen"`.
    public var name: String { "root screen" }

    /// Shows the screen in the window.
    public func execute() {
        window.show(screen)
    }
}
