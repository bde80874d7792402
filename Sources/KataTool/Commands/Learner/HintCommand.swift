/// `kata hint <kata>`: the next hint of the step the learner is on, one more each time.
///
/// The hints are read from the kata's `HINTS.md` (``Hints``), their one home; the brief gives
/// the step's heading.
enum HintCommand {
    static func run(_ options: Options, _ context: KataCommand.Context) -> ExitStatus {
        let choice = context.kataOrCurrent()
        guard case .kata(let kata) = choice else { return choice.exitStatus }
        let workspace = context.workspace
        let name = kata.pattern.name
        var step = options.step
        if step == nil {
            if workspace.kataChangedSinceLastRun(kata) {
                // No result yet, or the learner's files changed since: run the tests to find the step.
                context.output.line(
                    context.terminal.paint(
                        "Running the \(kata.pattern.displayName) tests to find your step…", .dim))
                GitStubSource.recordStubCommits(in: workspace)
                guard let report = context.runTests(kata.testModules, about: kata, quiet: true) else {
                    return .interrupted
                }
                if let error = report.buildErrors.first {
                    context.output.line(context.printer.compileFailure(error))
                    context.output.line(
                        "A hint for a step of your choice: `swift run kata hint \(kata.command) --step N`."
                    )
                    return .failure
                }
                if report.failure == nil {
                    let progress = KataProgress(kata: kata, report: report)
                    // A hint is a look, not a try: it notes the step, but `solution` still asks.
                    KataCommand.remember([progress] + progress.prerequisites, in: workspace, alone: false)
                }
            }
            let state = workspace.loadState()
            guard state.lastRun[name] != nil else {
                context.output.error(
                    "The tests did not run, so your step is unknown. "
                        + "`swift run kata test \(kata.command)` says why; "
                        + "`swift run kata hint \(kata.command) --step N` gives a step's hint.")
                return .failure
            }
            guard let current = state.currentStep[name] else {
                context.output.line(
                    "Every step of \(kata.pattern.displayName) is green: no hint needed. "
                        + "To read one anyway: `swift run kata hint \(kata.command) --step N`.")
                return .success
            }
            step = current
            // A capstone's step runs the learner's own kata modules: an unfinished one comes first.
            let unfinished = kata.prerequisites(ofStep: current).filter { !state.done.contains($0.name) }
            if let first = unfinished.first {
                context.output.line(
                    context.terminal.paint(
                        "Step \(current) needs \(ReportPrinter.list(unfinished.map(\.displayName))), not done yet: "
                            + "finish \(unfinished.count == 1 ? "it" : "them") first (`swift run kata hint "
                            + "\(Kata.command(of: first))` for \(unfinished.count == 1 ? "its" : "their") hints).",
                        .yellow))
            }
        }
        guard let step, let section = workspace.brief(of: kata).step(step) else {
            context.output.error("\(kata.pattern.displayName) has steps 1 to \(kata.stepCount).")
            return .usage
        }
        let path = Hints.path(of: kata)
        guard let hints = workspace.hints(of: kata) else {
            context.output.line(
                "\(path) is missing, so there is no hint to give. "
                    + "Read the step in Katas/\(name)/README.md:\(section.line).")
            return .success
        }
        let texts = hints.step(step)?.hints.filter { !$0.isEmpty } ?? []
        guard !texts.isEmpty else {
            context.output.line(
                "\(path) has no hint for \(section.heading). "
                    + "Read the step in Katas/\(name)/README.md:\(section.line).")
            return .success
        }
        var state = workspace.loadState()
        let key = "\(name)/\(step)"
        let seen = state.hintsSeen[key] ?? 0
        let index = min(seen, texts.count - 1)
        context.output.line(
            context.terminal.paint(
                "\(kata.pattern.displayName), \(section.heading): hint \(index + 1) of \(texts.count)", .bold)
        )
        context.output.line("")
        context.output.line(texts[index])
        context.output.line("")
        if index == texts.count - 1 {
            context.output.line(
                context.terminal.paint(
                    "That was the last hint for this step. Still stuck? `swift run kata solution \(kata.command)`.",
                    .dim))
        } else {
            context.output.line(
                context.terminal.paint(
                    "Ask again for the next hint: swift run kata hint \(kata.command)", .dim))
        }
        state.hintsSeen[key] = index + 1
        workspace.save(state)
        return .success
    }
}
