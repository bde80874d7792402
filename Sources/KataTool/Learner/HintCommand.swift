import KataCore
import KataSystem

/// `kata hint <kata>`: the next hint of the step the learner is on, one more each time.
///
/// The hints are read from the kata's `HINTS.md` (``Hints``), their one home; the brief gives
/// the step's heading.
enum HintCommand {
    static func run(_ options: Options, _ context: KataCommand.Context) throws(ExitStatus) -> ExitStatus {
        let kata = try context.kataOrCurrent()
        let workspace = context.workspace
        let name = kata.pattern.name
        var step = options.step
        if step == nil { step = try stepOn(kata, context: context) }
        guard let step, let section = workspace.brief(of: kata).step(step) else {
            context.output.error("\(kata.pattern.displayName) has steps 1 to \(kata.stepCount).")
            return .usage
        }
        let hints = workspace.hints(of: kata)
        let texts = hints?.step(step)?.hints.filter { !$0.isEmpty } ?? []
        guard !texts.isEmpty else {
            let why =
                hints == nil
                ? "is missing, so there is no hint to give" : "has no hint for \(section.heading)"
            context.output.line(
                "\(Hints.path(of: kata)) \(why). Read the step in Katas/\(name)/README.md:\(section.line).")
            return .success
        }
        var state = workspace.loadState()
        let key = "\(name)/\(step)"
        let index = min(state.hintsSeen[key] ?? 0, texts.count - 1)
        context.line(
            "\(kata.pattern.displayName), \(section.heading): hint \(index + 1) of \(texts.count)", .bold)
        for line in ["", texts[index], ""] { context.output.line(line) }
        context.line(
            index == texts.count - 1
                ? "That was the last hint for this step. Still stuck? `swift run kata solution \(kata.command)`."
                : "Ask again for the next hint: swift run kata hint \(kata.command)", .dim)
        state.hintsSeen[key] = index + 1
        workspace.save(state)
        return .success
    }

    /// The step the learner is on, from the kata's last run, or a run now when its files changed
    /// since; throws how the command ends when there is none to give a hint for.
    static func stepOn(_ kata: Kata, context: KataCommand.Context) throws(ExitStatus) -> Int {
        let workspace = context.workspace
        if workspace.kataChangedSinceLastRun(kata) {
            context.line("Running the \(kata.pattern.displayName) tests to find your step…", .dim)
            GitStubSource.recordStubCommits(in: workspace)
            guard let report = context.runTests(kata.testModules, about: kata, quiet: true) else {
                throw .interrupted
            }
            if let error = report.buildErrors.first {
                context.output.line(context.printer.compileFailure(error))
                context.output.line(
                    "A hint for a step of your choice: `swift run kata hint \(kata.command) --step N`.")
                throw .failure
            }
            if report.failure == nil {
                let progress = KataProgress(kata: kata, report: report)
                // A hint is a look, not a try: it notes the step, but `solution` still asks.
                KataCommand.Context.remember([progress] + progress.prerequisites, in: workspace)
            }
        }
        let state = workspace.loadState()
        guard state.lastRun[kata.pattern.name] != nil else {
            context.output.error(
                "The tests did not run, so your step is unknown. "
                    + "`swift run kata test \(kata.command)` says why; "
                    + "`swift run kata hint \(kata.command) --step N` gives a step's hint.")
            throw .failure
        }
        guard let step = state.currentStep[kata.pattern.name] else {
            context.output.line(
                "Every step of \(kata.pattern.displayName) is green: no hint needed. "
                    + "To read one anyway: `swift run kata hint \(kata.command) --step N`.")
            throw .success
        }
        // A capstone's step runs the learner's own kata modules: an unfinished one comes first.
        let unfinished = kata.prerequisites(ofStep: step).filter { !state.done.contains($0.name) }
        if let first = unfinished.first {
            let one = unfinished.count == 1
            context.line(
                "Step \(step) needs \(ReportPrinter.list(unfinished.map(\.displayName))), not done yet: "
                    + "finish \(one ? "it" : "them") first (`swift run kata hint "
                    + "\(Kata.command(of: first))` for \(one ? "its" : "their") hints).", .yellow)
        }
        return step
    }
}
