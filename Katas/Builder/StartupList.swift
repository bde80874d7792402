import LaunchKit

/// Turns a block of start-up commands, written one per line, into their ordered list, with
/// `if`, `if`/`else`, `if let`, `for` and optional commands.
///
/// The compiler rewrites the block of a ``StartupList`` into calls of these static methods, one
/// per statement. Each method gets lists of commands and returns one list.
@resultBuilder
public enum StartupListBuilder {
    /// One command, written on its own line: a list of one.
    public static func buildExpression(_ command: any StartupCommand) -> [any StartupCommand] {
        // TODO: Step 5 — a list of one (rule 5.1).
        []
    }

    /// A command that may be missing: a list of one, or an empty list.
    public static func buildExpression(_ command: (any StartupCommand)?) -> [any StartupCommand] {
        // TODO: Step 5 — the command when there is one, else nothing (rule 5.5).
        []
    }

    /// The statements of one block, in the order written.
    public static func buildBlock(_ parts: [any StartupCommand]...) -> [any StartupCommand] {
        // TODO: Step 5 — every part's commands, in order (rule 5.1).
        []
    }

    /// An `if` without `else` (or an `if let`): its block when the condition held, else nothing.
    public static func buildOptional(_ part: [any StartupCommand]?) -> [any StartupCommand] {
        // TODO: Step 5 — the block's commands, or none (rule 5.2).
        []
    }

    /// The `if` branch of an `if`/`else`.
    public static func buildEither(first part: [any StartupCommand]) -> [any StartupCommand] {
        // TODO: Step 5 — the branch's commands (rule 5.3).
        []
    }

    /// The `else` branch of an `if`/`else`.
    public static func buildEither(second part: [any StartupCommand]) -> [any StartupCommand] {
        // TODO: Step 5 — the branch's commands (rule 5.3).
        []
    }

    /// A `for` loop: each pass's block, in the order of the loop.
    public static func buildArray(_ parts: [[any StartupCommand]]) -> [any StartupCommand] {
        // TODO: Step 5 — every pass's commands, in order (rule 5.4).
        []
    }
}

/// The app's start-up commands, written as a block in the order they must run.
///
/// ```swift
/// let startup = StartupList {
///     if let analyticsKey { StartAnalyticsCommand(key: analyticsKey, log: log) }
///     OpenStorageCommand(log: log)
///     ShowRootScreenCommand(screen: "Home", window: window)
/// }
/// ```
public struct StartupList {
    /// The commands, in the order the block wrote them.
    public let commands: [any StartupCommand]

    /// Runs `content` once and keeps the commands it makes.
    public init(@StartupListBuilder _ content: () -> [any StartupCommand]) {
        // TODO: Step 5 — run the block once and keep what it made (rules 5.6, 5.7).
        commands = []
    }
}
