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
        return test(kata, context: context)
    }

    /// Runs one kata's tests, or every kata's (`nil`, for `progress`), and prints how far they got.
    ///
    /// It notes the progress, prints the kata's steps or every kata's table, then what to do
    /// next; 0 when every step of the kata is green.
    ///
    /// A capstone's run also runs its prerequisite katas' tests, in the same `swift test`: the
    /// capstone runs the learner's own modules of them, so their progress explains its results.
    static func test(_ kata: Kata?, context: KataCommand.Context) -> ExitStatus {
        let modules = kata?.testModules ?? Catalog.katas.map(\.pattern.testModule)
        guard let report = context.runTests(modules, about: kata) else { return .interrupted }
        let printer = context.printer
        let errors = report.buildErrors
        if let error = errors.first(where: { kata != nil && $0.kata == kata }) ?? errors.first {
            context.say(printer.compileFailure(error))
            if let kata, error.kata == kata {
                // Code that doesn't compile yet is a try too: `solution` no longer asks first.
                var state = context.workspace.loadState()
                state.ran.insert(kata.pattern.name)
                context.workspace.save(state)
            }
            return .failure
        }
        if let failure = report.failure { context.say(context.terminal.paint(failure, .red)) }
        let katas = (kata.map { [$0] } ?? Catalog.katas).map { KataProgress(kata: $0, report: report) }
        // A kata's run notes its prerequisites too; every kata's run has them already.
        remember(kata == nil ? katas : katas + katas[0].prerequisites, in: context.workspace, alone: kata)
        context.say((kata == nil ? printer.table(katas) : printer.steps(of: katas[0])) + "\n")
        if let notes = printer.streamNotes(report.streamNotes) { context.say(notes + "\n") }
        let current = kata ?? context.workspace.loadState().currentKata
        if let next = katas.first(where: { $0.kata == current }) {
            // Fitted to the terminal already, but for what the test wrote.
            context.output.line(printer.next(next))
        } else {
            context.say(printer.everyKataDone)
        }
        if let leftOut = printer.leftOut(report, besides: current) { context.say("\n" + leftOut) }
        return ExitStatus(ok: kata == nil || katas.allSatisfy(\.isDone))
    }

    /// Notes the step each kata is on, for `hint`, and which katas the learner has tried, for
    /// `solution`: the kata run `alone` (`test`, `watch`), or any with a step green.
    static func remember(_ katas: [KataProgress], in workspace: Workspace, alone: Kata? = nil) {
        var state = workspace.loadState()
        let now = Date()
        for progress in katas where progress.ran {
            let name = progress.kata.pattern.name
            if progress.kata == alone || progress.greenSteps > 0 { state.ran.insert(name) }
            state.currentStep[name] = progress.stepToWorkOn
            state.lastRun[name] = now
            if progress.isDone {
                state.done.insert(name)
            } else {
                state.done.remove(name)
            }
        }
        workspace.save(state)
    }
}
