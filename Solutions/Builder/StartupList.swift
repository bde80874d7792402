import LaunchKit

/// Turns a block of start-up commands, written one per line, into their ordered list, with
/// `if`, `if`/`else`, `if let`, `for` and optional commands.
///
/// Role: Swift's own **Builder**. The compiler plays a part like a director's, as an analogy
/// only (no object directs anything, and the recipe is the caller's block): it rewrites the
/// block of a ``StartupList`` into calls of these static methods, one per statement, and hands
/// the result to ``StartupList/init(_:)``. Every method works on the same partial result, an
/// `[any StartupCommand]`, so each one only says how to combine lists.
///
/// Why an `enum` with no cases: a result builder is a namespace of static methods; nobody makes
/// one.
@resultBuilder
public enum StartupListBuilder {
    /// One command, written on its own line: a list of one.
    public static func buildExpression(_ command: any StartupCommand) -> [any StartupCommand] {
        [command]
    }

    /// A command that may be missing: a list of one, or an empty list.
    public static func buildExpression(_ command: (any StartupCommand)?) -> [any StartupCommand] {
        // Why an overload instead of asking callers to unwrap: `maybeCrashReporter` on a line of
        // its own reads as "this one, if there is one", which is what the block means.
        command.map { [$0] } ?? []
    }

    /// The statements of one block, in the order written.
    public static func buildBlock(_ parts: [any StartupCommand]...) -> [any StartupCommand] {
        parts.flatMap { $0 }
    }

    /// An `if` without `else` (or an `if let`): its block when the condition held, else nothing.
    public static func buildOptional(_ part: [any StartupCommand]?) -> [any StartupCommand] {
        part ?? []
    }

    /// The `if` branch of an `if`/`else`.
    public static func buildEither(first part: [any StartupCommand]) -> [any StartupCommand] {
        part
    }

    /// The `else` branch of an `if`/`else`.
    public static func buildEither(second part: [any StartupCommand]) -> [any StartupCommand] {
        part
    }

    /// A `for` loop: each pass's block, in the order of the loop.
    public static func buildArray(_ parts: [[any StartupCommand]]) -> [any StartupCommand] {
        parts.flatMap { $0 }
    }
}

/// The app's start-up commands, written as a block in the order they must run.
///
/// ```swift
/// let startup = StartupList {
///     if let analyticsKey { StartAnalyticsCommand(key: analyticsKey, log: log) }
///     for key in partnerKeys { StartAnalyticsCommand(key: key, log: log) }
///     OpenStorageCommand(log: log)
///     if isDebug {
///         ShowRootScreenCommand(screen: "Debug menu", window: window)
///     } else {
///         ShowRootScreenCommand(screen: "Home", window: window)
///     }
/// }
/// ```
///
/// Role: where the block goes in; its ``commands`` are the **product** of
/// ``StartupListBuilder``. Compared with ``StartupBuilder``, the order and the conditions are the
/// caller's, written as code: there is nothing to check, and no setting to name.
public struct StartupList {
    /// The commands, in the order the block wrote them.
    public let commands: [any StartupCommand]

    /// Runs `content` once and keeps the commands it makes.
    public init(@StartupListBuilder _ content: () -> [any StartupCommand]) {
        commands = content()
    }
}
