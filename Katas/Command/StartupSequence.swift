import LaunchKit

/// The app's start-up: a list of commands, run in order.
///
/// Launch is one line: `StartupSequence(commands).launch()`.
public struct StartupSequence {
    /// Creates a start-up that runs `commands` in this order.
    public init(_ commands: [any StartupCommand]) {
        // TODO: Step 5 — keep the commands, in order (rule 5.1).
    }

    /// Runs every command, in order.
    ///
    /// A command that throws doesn't stop the others.
    ///
    /// - Returns: The failures, in the order they happened; empty when all went well.
    @discardableResult
    public func launch() -> [StartupFailure] {
        // TODO: Step 5 — run each command once, in order; collect a failure, by name, for each
        //       one that throws, and go on (rules 5.1–5.3).
        []
    }
}
