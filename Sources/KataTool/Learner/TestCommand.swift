import Foundation
import KataCore
import KataSystem

/// `kata test [<kata>]`: one kata's tests, its steps and the first failure; the kata the learner
/// is on when none is named.
enum TestCommand {
    static func run(_ options: Options, _ context: KataCommand.Context) throws(ExitStatus) -> ExitStatus {
        let kata = try context.kataOrCurrent()
        context.workOn(kata)
        GitStubSource.recordStubCommits(in: context.workspace)
        return context.runAndReport(kata)
    }
}
