/// A start-up job that failed: which one, and why.
public struct StartupFailure: Error {
    /// The failed command's ``StartupCommand/name``.
    public let commandName: String
    /// What it threw.
    public let error: any Error

    /// Pairs a command's name with its error.
    public init(commandName: String, error: any Error) {
        self.commandName = commandName
        self.error = error
    }
}
