import LaunchKit

/// The app's start-up: a list of commands, run in order.
///
/// Role: **Invoker** again, for the start-up commands of `LaunchKit`. Launch is one line:
/// `StartupSequence(commands).launch()`.
public struct StartupSequence {
    private let commands: [any StartupCommand]

    /// Creates a start-up that runs `commands` in this order.
    public init(_ commands: [any StartupCommand]) {
        self.commands = commands
    }

    /// Runs every command, in order.
    ///
    /// A command that throws doesn't stop the others: an analytics SDK that fails to start
    /// must not leave the person without a first screen.
    ///
    /// - Returns: The failures, in the order they happened; empty when all went well.
    @discardableResult
    public func launch() -> [StartupFailure] {
        // Why no early exit: each job stands alone, so the rest still run. A job that truly
        // needs another one first belongs after it in the list, which is the builder's job.
        commands.compactMap { command in
            do {
                try command.execute()
                return nil
            } catch {
                return StartupFailure(commandName: command.name, error: error)
            }
        }
    }
}
