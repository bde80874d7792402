/// One job the app does as it starts: start an SDK, open storage, apply the look, show the
/// first screen.
///
/// The Command kata runs a list of them (`StartupSequence`); the Builder kata makes that list
/// (`StartupBuilder`). Both depend on this protocol, and their tests declare commands of their own.
///
/// Start-up runs once, on one thread, before anything else: the protocol is neither `Sendable`
/// nor isolated to an actor.
public protocol StartupCommand {
    /// What the job is called in a start-up report, such as `"storage"`.
    var name: String { get }

    /// Does the job.
    ///
    /// - Throws: Whatever stopped the job; the start-up report names the command.
    func execute() throws
}
