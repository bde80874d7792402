import Foundation
import KataCore
import KataSystem

/// What progress, test and watch share: one run of the tests, the report, and what the tool
/// notes of it.
extension KataCommand.Context {
    /// Runs one kata's tests, or every kata's (`nil`, for `progress`), and prints how far they got.
    ///
    /// It notes the progress, prints the kata's steps or every kata's table, then what to do
    /// next; 0 when every step of the kata is green.
    ///
    /// A capstone's run also runs its prerequisite katas' tests, in the same `swift test`: the
    /// capstone runs the learner's own modules of them, so their progress explains its results.
    func runAndReport(_ kata: Kata?) -> ExitStatus {
        let modules = kata?.testModules ?? Catalog.katas.map(\.pattern.testModule)
        guard let report = runTests(modules, about: kata) else { return .interrupted }
        let printer = self.printer
        let errors = report.buildErrors
        if let error = errors.first(where: { kata != nil && $0.kata == kata }) ?? errors.first {
            say(printer.compileFailure(error))
            if let kata, error.kata == kata {
                // Code that doesn't compile yet is a try too: `solution` no longer asks first.
                var state = workspace.loadState()
                state.ran.insert(kata.pattern.name)
                workspace.save(state)
            }
            return .failure
        }
        if let failure = report.failure { say(terminal.paint(failure, .red)) }
        let katas = (kata.map { [$0] } ?? Catalog.katas).map { KataProgress(kata: $0, report: report) }
        // A kata's run notes its prerequisites too; every kata's run has them already.
        Self.remember(kata == nil ? katas : katas + katas[0].prerequisites, in: workspace, alone: kata)
        say((kata == nil ? printer.table(katas) : printer.steps(of: katas[0])) + "\n")
        if let notes = printer.streamNotes(report.streamNotes) { say(notes + "\n") }
        let current = kata ?? workspace.loadState().currentKata
        if let next = katas.first(where: { $0.kata == current }) {
            // Fitted to the terminal already, but for what the test wrote.
            output.line(printer.next(next))
        } else {
            say(printer.everyKataDone)
        }
        if let leftOut = printer.leftOut(report, besides: current) { say("\n" + leftOut) }
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
