/// How a command ends, as the shell sees it.
enum ExitStatus: Int32, Equatable, Sendable {
    /// It did what was asked, and what it checked is as it should be.
    case success = 0
    /// What it checked is not as it should be: a test is red, a contract is broken.
    case failure = 1
    /// It was asked something it can't do: a name that is no kata's, an option it doesn't take.
    case usage = 2
    /// Ctrl-C, or a signal to stop (128 plus SIGINT's number, as shells say it).
    case interrupted = 130

    /// ``success`` when `ok`, else ``failure``.
    init(ok: Bool) { self = ok ? .success : .failure }
}

/// Thrown, it ends the command at once with this status, whatever was said (as
/// swift-argument-parser's `ExitCode`).
extension ExitStatus: Error {}
