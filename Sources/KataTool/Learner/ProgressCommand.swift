import KataCore
import KataSystem

/// `kata` (or `kata progress`): every kata's progress, and the step the learner is on.
enum ProgressCommand {
    static func run(_ options: Options, _ context: KataCommand.Context) -> ExitStatus {
        guard options.positional.isEmpty else {
            if let kata = context.kata() {
                context.output.error(
                    "`kata` alone shows every kata. For one: `swift run kata test \(kata.command)`.")
            }
            return .usage
        }
        GitStubSource.recordStubCommits(in: context.workspace)
        return context.runAndReport(nil)
    }
}
