import Foundation

/// Turns run results into what the learner reads: compact, with the next thing to do.
package struct ReportPrinter {
    let workspace: Workspace
    let terminal: Terminal

    package init(workspace: Workspace, terminal: Terminal) {
        self.workspace = workspace
        self.terminal = terminal
    }

    /// The progress table: one line per kata, with a bar of its steps; then the capstones, each
    /// with its safety net and the katas it needs.
    package func table(_ katas: [KataProgress]) -> String {
        let patterns = katas.filter { !$0.kata.isCapstone }
        let steps = patterns.map(\.kata.stepCount).reduce(0, +)
        let green = patterns.map(\.greenSteps).reduce(0, +)
        let done = patterns.filter(\.isDone).count
        let width = katas.map(\.kata.pattern.displayName.count).max() ?? 0
        var lines = [
            terminal.paint("Pattern Katas", .bold)
                + ": \(done) of \(patterns.count) katas done, \(green) of \(steps) steps green", "",
        ]
        lines += patterns.map { row($0, width: width) }
        let capstones = katas.filter(\.kata.isCapstone)
        if !capstones.isEmpty {
            lines += [
                "",
                terminal.paint("Capstones", .bold) + ": legacy code, refactored with your own katas' modules",
            ]
        }
        for progress in capstones {
            lines.append(row(progress, width: width))
            lines += capstoneLines(progress).map { "      " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// One kata's line of the table: its number, name, bar, and what stands out.
    private func row(_ progress: KataProgress, width: Int) -> String {
        let number = Catalog.katas.firstIndex(of: progress.kata).map { $0 + 1 } ?? 0
        let name = progress.kata.pattern.displayName.padding(toLength: width, withPad: " ", startingAt: 0)
        let tally = progress.stepTally
        // The bar: ten cells, each a tenth of the steps.
        let filled = tally.total == 0 ? 0 : tally.green * 10 / tally.total
        var line =
            String(format: "  %2d  ", number) + name + "  "
            + terminal.paint(String(repeating: "█", count: filled), .green)
            + terminal.paint(String(repeating: "░", count: 10 - filled), .dim)
            + "  \(tally.green)/\(tally.total)"
        if let error = progress.compilerError {
            line += "  " + terminal.paint("does not compile: \(error.file):\(error.line)", .red)
        } else if !progress.leftOutPrerequisites.isEmpty {
            line += "  " + terminal.paint("left out: \(needsWhatDoesNotCompile(progress))", .yellow)
        } else if let crash = progress.backgroundCrash {
            line += "  " + terminal.paint(backgroundSummary(crash), .red)
        } else if let stopped = progress.stopped {
            line += "  " + terminal.paint(stoppedSummary(stopped.step, stopped.outcome), .red)
        } else if progress.isDone {
            line += "  " + terminal.paint("done", .green)
        }
        return line
    }

    /// A capstone's safety net, then each kata it needs and whether it is done.
    func capstoneLines(_ progress: KataProgress) -> [String] {
        [learnerNetLine(progress), safetyNetLine(progress)].compactMap { $0 } + prerequisiteLines(progress)
    }

    /// How the net the learner writes at step 0 does: `catches 6 of 10 planted changes`, or the
    /// test that fails on a correct program; `nil` when there is none, or it did not run.
    func learnerNetLine(_ progress: KataProgress, label: String = "Your net") -> String? {
        guard let holds = progress.learnerNetHolds else { return nil }
        let tests = progress.learnerNet.filter { !$0.isSuiteCheck }
        let line = "\(terminal.mark(holds)) \(label): "
        if holds {
            return line + "every planted change caught, by \(tests.count) test\(tests.count == 1 ? "" : "s")"
        }
        if let failure = progress.learnerNetFailure {
            return line + terminal.paint("\"\(failure.displayName)\" fails on a correct program", .red)
        }
        let grade = progress.learnerNetGrade.first ?? ""
        return line + terminal.paint(grade.replacingOccurrences(of: "Your net c", with: "c"), .red)
    }

    /// Whether a capstone's safety net holds and, when it doesn't, why; `nil` when it did not run.
    private func safetyNetLine(_ progress: KataProgress) -> String? {
        guard let holds = progress.safetyNetHolds else { return nil }
        let passed = progress.safetyNet.filter(\.passed).count
        let line = "\(terminal.mark(holds)) Safety net: "
        if holds {
            return line + "green, \(passed) of \(progress.safetyNet.count) tests pass"
        }
        let unfinished = progress.unfinishedPrerequisites
        let why =
            unfinished.isEmpty
            ? "red: the refactoring changed behaviour the safety net pins "
                + "(\"\(progress.safetyNetFailure?.displayName ?? "")\")"
            : "red, and it runs on your own modules: " + notDone(unfinished)
        return line + terminal.paint(why, .red)
    }

    /// The katas a capstone needs and how far each is, on one line: `✘ Needs Chain of
    /// Responsibility: done · State: 2 of 6 steps · Proxy: 0 of 5 steps` (which step needs which is
    /// `kata test <capstone>`'s to say).
    func prerequisiteLines(_ progress: KataProgress) -> [String] {
        var allDone = true
        // On a terminal, an item's words hold together (no-break spaces): a line broken to fit
        // breaks between items, after their dot.
        let space = terminal.width == nil ? " " : "\u{A0}"
        let items = progress.kata.prerequisites.map { pattern -> String in
            guard let kata = progress.prerequisites.first(where: { $0.kata.pattern == pattern }) else {
                allDone = false
                let leftOut = progress.leftOutPrerequisites.contains { $0.pattern == pattern }
                return "\(pattern.displayName): " + (leftOut ? "does not compile" : "its tests did not run")
            }
            allDone = allDone && kata.isDone
            return "\(pattern.displayName): " + (kata.isDone ? "done" : kata.greenOfSteps)
        }
        let line = items.map { $0.replacingOccurrences(of: " ", with: space) }.joined(separator: space + "· ")
        return items.isEmpty ? [] : ["\(terminal.mark(allDone)) Needs " + line]
    }

    /// `State: 2 of 6 steps` or `Chain of Responsibility: 0 of 4 steps and State: 2 of 6 steps`.
    func needs(_ katas: [KataProgress]) -> String {
        Self.list(katas.map { "\($0.kata.pattern.displayName): \($0.greenOfSteps)" })
    }

    /// `State is not done (2 of 6 steps)`, or `… and Proxy are not done (…)` for several.
    func notDone(_ katas: [KataProgress]) -> String {
        Self.list(katas.map(\.kata.pattern.displayName))
            + (katas.count == 1 ? " is" : " are") + " not done ("
            + katas.map(\.greenOfSteps).joined(separator: ", ") + ")"
    }

    /// What to run to finish the first of `katas`.
    func finishFirst(_ katas: [KataProgress]) -> String {
        "Finish \(katas.count == 1 ? "it" : "them") first: swift run kata test \(katas.first?.kata.command ?? "")"
    }

    /// `needs Factory, which does not compile`, for a capstone left out with a kata it needs.
    func needsWhatDoesNotCompile(_ progress: KataProgress) -> String {
        let names = progress.leftOutPrerequisites.map(\.pattern.displayName)
        return "needs \(Self.list(names)), which \(names.count == 1 ? "does" : "do") not compile"
    }

    /// The katas the run left out because they don't compile, each with its first error, and
    /// how they come back; `nil` when none was but `kata`, whose error is said already.
    package func leftOut(_ report: RunReport, besides kata: Kata?) -> String? {
        let katas = Catalog.katas.filter { $0 != kata && report.leftOutError(of: $0) != nil }
        guard !katas.isEmpty else { return nil }
        let names = Self.list(katas.map(\.pattern.displayName))
        var lines = [terminal.paint("Left out of this run, so that the rest could run: \(names)", .yellow)]
        lines += katas.compactMap { kata in
            report.leftOutError(of: kata).map {
                "  \(kata.pattern.displayName) does not compile: \($0.diagnostic)"
            }
        }
        let needing = Catalog.capstones.filter { capstone in
            !katas.contains(capstone)
                && capstone.prerequisites.contains { needed in katas.contains { $0.pattern == needed } }
        }
        if !needing.isEmpty {
            lines.append(
                "  \(Self.list(needing.map(\.pattern.displayName))) "
                    + "\(needing.count == 1 ? "needs" : "need") \(katas.count == 1 ? "it" : "them"), so "
                    + "\(needing.count == 1 ? "it was" : "they were") left out too.")
        }
        lines.append(
            "  \(katas.count == 1 ? "It comes" : "Each comes") back in at the first run after it compiles again: "
                + "`swift run kata test \(katas[0].command)` shows why it doesn't.")
        return lines.joined(separator: "\n")
    }

    /// `a`, `a and b`, `a, b and c`.
    package static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// One kata's steps, one line each.
    package func steps(of progress: KataProgress) -> String {
        let brief = workspace.brief(of: progress.kata)
        var lines = [
            terminal.paint(progress.kata.pattern.displayName, .bold)
                + ": \(progress.stepTally.green) of \(progress.stepTally.total) steps green"
        ]
        if let net = learnerNetLine(progress, label: brief.step(0)?.heading ?? "Step 0") {
            lines.append("  " + net)
        }
        if let holds = progress.safetyNetHolds {
            let title =
                progress.kata.capstone?.learnerNet == nil
                ? (brief.step(0)?.heading ?? "Safety net") : "The given safety net"
            var line = passLine(holds, title, progress.safetyNet)
            if !holds {
                let unfinished = progress.unfinishedPrerequisites
                let why =
                    unfinished.isEmpty
                    ? "(the refactoring changed behaviour it pins)"
                    : "(it runs on your own modules: \(notDone(unfinished)))"
                line += " " + terminal.paint(why, .red)
            }
            lines.append(line)
        }
        for (index, tests) in progress.steps.enumerated() {
            let step = index + 1
            let title = brief.step(step)?.heading ?? "Step \(step)"
            let unfinished = progress.unfinishedPrerequisites(ofStep: step)
            var line = passLine(progress.isGreen(step: step), title, tests)
            if tests.contains(where: \.status.stoppedTheRun) {
                // Every test that stopped the test process, each with where: the learner may fix
                // one and meet the other next.
                let alone = tests.filter { !$0.passed }.count == 1
                let details = tests.filter(\.status.stoppedTheRun).map(stoppedDetail).joined(separator: "; ")
                let stopped = Self.breakdown(of: tests) + (alone ? ": " : ". Stopped: ") + details
                line += "; " + terminal.paint(stopped, .red)
            } else if tests.contains(where: { $0.status == .notRun }) {
                line += "; " + Self.breakdown(of: tests)
            } else if !progress.isGreen(step: step), !unfinished.isEmpty {
                line += " " + terminal.paint("(needs \(needs(unfinished)))", .yellow)
            }
            lines.append(line)
        }
        if progress.steps.joined().contains(where: { $0.status == .notRun }) {
            lines.append(
                terminal.paint(
                    "  (Tests that did not run: once the kata had stopped the test process twice, its tests "
                        + "still waiting were left out of this run. Fix the first crash or hang, and they run again.)",
                    .dim
                ))
        }
        return lines.joined(separator: "\n")
    }

    /// `  ✘ Step 2: …: 1 of 3 tests pass`: a line of ``steps(of:)``.
    private func passLine(_ holds: Bool, _ title: String, _ tests: [RunReport.Outcome]) -> String {
        "  \(terminal.mark(holds)) \(title): \(tests.count(where: \.passed)) of \(tests.count) tests pass"
    }

    /// A crash of the kata's code outside its own tests.
    package func backgroundSummary(_ crash: RunReport.Crash) -> String {
        "crashed outside its tests, in work left running in the background" + Self.details(of: crash)
    }

    /// `crashed in step 2, test "…" (…)` or `hangs in step 2, test "…": …`.
    package func stoppedSummary(_ step: Int, _ outcome: RunReport.Outcome) -> String {
        switch outcome.status {
        case .hung: "hangs in step \(step), test " + stoppedDetail(outcome)
        case .crashed: "crashed in step \(step), test " + stoppedDetail(outcome)
        default: ""
        }
    }

    /// A test that stopped the test process, and how: `"…" (signal 4, SIGILL, at …)` for a crash,
    /// `"…": stopped after 5 s, at …` for a hang.
    func stoppedDetail(_ outcome: RunReport.Outcome) -> String {
        let name = "\"\(outcome.displayName)\""
        switch outcome.status {
        case .hung(let hang):
            let seconds = hang.seconds
            let limit = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
            let place =
                hang.location.map { ", at \($0)" }
                ?? (hang.stacksRead ? ", waiting outside your files" : ", place unknown")
            return name + ": stopped after \(limit) s" + place
        case .crashed(let crash):
            return name + Self.details(of: crash)
        default:
            return name
        }
    }

    /// ` (signal 4, Illegal instruction, at …)`: what is known of where a crash was, or nothing.
    private static func details(of crash: RunReport.Crash) -> String {
        let details = [crash.signalDescription, crash.location.map { "at \($0)" }].compactMap { $0 }
        return details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"
    }

    /// What became of a step's tests that did not pass: `1 fails, 1 crashed, 2 did not run (…)`.
    static func breakdown(of tests: [RunReport.Outcome]) -> String {
        let counts: [(count: Int, text: String)] = [
            (tests.count { $0.status == .failed }, "fail"),
            (tests.count { if case .crashed = $0.status { true } else { false } }, "crashed"),
            (tests.count { if case .hung = $0.status { true } else { false } }, "hang"),
            (tests.count { $0.status == .notRun }, "did not run"),
        ]
        return counts.filter { $0.count > 0 }.map { count, text in
            // `1 fails`, `2 fail`; `1 hangs`, `2 hang`.
            let verb = count == 1 && (text == "fail" || text == "hang") ? text + "s" : text
            return "\(count) \(verb)"
        }
        .joined(separator: ", ")
    }

    /// What to do next in a kata: the step, where to write, the brief's section and the first
    /// failing expectation.
    ///
    /// For a capstone, a red safety net comes first, and a step whose prerequisite kata is not
    /// done names that kata instead of its failure.
    package func next(_ progress: KataProgress) -> String {
        let kata = progress.kata
        if let error = progress.compilerError {
            return compileFailure(error)
        }
        if progress.safetyNetHolds == false {
            return safetyNetNext(progress)
        }
        if progress.learnerNetHolds == false {
            return learnerNetNext(progress)
        }
        guard let step = progress.currentStep else {
            return terminal.paint("✔ \(kata.pattern.displayName) is done.", .green)
                + " Read the annotated solution: `swift run kata solution \(kata.command)`, "
                + "then the guide: docs/patterns/\(kata.pattern.guideFileName)."
        }
        var lines = head(of: kata, step: step, writeIn: "")
        if let needed = progress.leftOutPrerequisites.first {
            let leftOut =
                "Left out of this run: it \(needsWhatDoesNotCompile(progress)). "
                + "Make it compile first: swift run kata test \(needed.command)"
            lines.insert("  " + terminal.paint(leftOut, .yellow), at: 1)
        }
        let unfinished = progress.unfinishedPrerequisites(ofStep: step)
        if !unfinished.isEmpty {
            // The capstone runs the learner's own modules of these katas: until they are done, the
            // step's failures come from them, and would only confuse.
            let needing = "Step \(step) needs \(needs(unfinished)). \(finishFirst(unfinished))"
            lines.append("  " + terminal.paint(needing, .yellow))
            lines.append(
                "             The capstone runs your own "
                    + Self.list(unfinished.map(\.kata.pattern.displayName))
                    + " code: until \(unfinished.count == 1 ? "it is" : "they are") done, this step's failures "
                    + "may come from \(unfinished.count == 1 ? "it" : "them"), not from your refactoring."
            )
        } else if let crash = progress.backgroundCrash {
            lines += summaryLines(backgroundSummary(crash), message: crash.message)
            lines.append(
                "             A timer, a detached task or a queue still at work after its test ended? "
                    + "None of this kata's tests could run.")
        } else if let failure = progress.steps[step - 1].first(where: { $0.status.stoppedTheRun })
            ?? progress.firstFailure
        {
            lines += failureLines(failure, step: step, of: kata)
        }
        return fitted(lines, commands: commandLines(of: progress, suite: kata.suites[step - 1]))
    }

    /// The head of what to do next at `step`: its heading (`title`, else the brief's), the brief's
    /// section, and, when `folder` is given, where to write: the step's TODO, else that folder.
    private func head(of kata: Kata, step: Int, title: String? = nil, writeIn folder: String?) -> [String] {
        let section = workspace.brief(of: kata).step(step)
        let heading = title ?? section?.heading ?? "step \(step)"
        var lines = [terminal.paint("Next: \(kata.pattern.displayName), \(heading)", .bold)]
        if let section {
            lines.append("  Brief      Katas/\(kata.pattern.name)/README.md:\(section.line)")
        }
        if let folder {
            let todo = workspace.todoLocations(of: kata, step: step).first
            let place =
                todo.map { "\($0)  (// TODO: Step \(step))" } ?? "Katas/\(kata.pattern.name)/\(folder)"
            lines.append("  Write in   " + place)
        }
        return lines
    }

    /// What to do while the net the learner writes at a capstone's step 0 is not done: the test
    /// that fails on a correct program, or the planted changes no test catches yet.
    private func learnerNetNext(_ progress: KataProgress) -> String {
        let kata = progress.kata
        var lines = head(of: kata, step: 0, writeIn: "Net/")
        if let failure = progress.learnerNetFailure {
            lines += failureLines(failure, step: 0, of: kata)
            lines.append(
                "             A characterization test records what the legacy code does: it must pass on "
                    + "your code and on the legacy code.")
        } else {
            lines += progress.learnerNetGrade.enumerated().map { index, line in
                "  " + (index == 0 ? terminal.paint(line, .yellow) : "  " + line)
            }
            // Which test catches which: a test that catches nothing, or only what another
            // catches, is one to rethink.
            let tests = progress.learnerNet.filter { !$0.isSuiteCheck && $0.passed }
            if !tests.isEmpty {
                lines.append("  What each of your tests catches:")
                lines += tests.map { test in
                    let caught = test.catches.isEmpty ? "nothing" : Self.list(test.catches.map { "\($0)" })
                    return "    \"\(test.displayName)\": \(caught)"
                }
            }
            lines.append(
                "             Each test runs on every planted change too: write a test that fails on the ones "
                    + "missed and passes on the legacy code.")
        }
        return fitted(
            lines, commands: commandLines(of: progress, suite: "", module: kata.capstone?.learnerNet))
    }

    /// What to do when a capstone's safety net is red: the refactoring changed what the legacy
    /// code did, or it runs on a kata that is not done yet.
    private func safetyNetNext(_ progress: KataProgress) -> String {
        let kata = progress.kata
        var lines = head(of: kata, step: 0, title: "the safety net is red", writeIn: nil)
        let unfinished = progress.unfinishedPrerequisites
        if !unfinished.isEmpty {
            let needing = "The safety net runs on your own modules, and \(notDone(unfinished)). "
            lines.append("  " + terminal.paint(needing + finishFirst(unfinished), .yellow))
        } else {
            lines.append(
                "  " + terminal.paint("The refactoring changed behaviour the safety net pins.", .red)
                    + " Undo your last move, not the steps before it: commit after each green step, and "
                    + "`git diff -- Katas/\(kata.pattern.name)` shows only the move since."
            )
            if let failure = progress.safetyNetFailure {
                lines += failureLines(failure, step: 0, of: kata)
            }
        }
        return fitted(
            lines, commands: commandLines(of: progress, suite: kata.capstone?.safetyNets.first ?? ""))
    }

    /// A test process stopped (`summary`, said as a sentence), with the runtime's message under it.
    private func summaryLines(_ summary: String, message: String?) -> [String] {
        ["  " + terminal.paint(summary.capitalizedFirst, .red)]
            + (message.map { ["             \($0)"] } ?? [])
    }

    /// A test that did not pass: its name, its first issue with the place and message, or why it
    /// stopped the test process.
    private func failureLines(_ failure: RunReport.Outcome, step: Int, of kata: Kata) -> [String] {
        if case .crashed(let crash) = failure.status {
            return summaryLines(stoppedSummary(step, failure), message: crash.message)
        }
        if case .hung(let hang) = failure.status {
            var lines = summaryLines(stoppedSummary(step, failure), message: nil)
            if hang.location == nil {
                lines.append(
                    "             "
                        + (hang.stacksRead
                            ? "No thread's stack reached your files. A thread waiting in the C library (a lock, a "
                                + "semaphore, a queue's sync) can't be followed back to your line by the runtime's "
                                + "backtracer; a continuation never resumed leaves no thread at all."
                            : "The test process did not say where it was (the runtime's backtracer printed no stack).")
                )
            }
            lines.append(
                "             A lock never unlocked, a continuation never resumed, or a loop that never ends?"
            )
            // No line: the step's rules say what the code there should do instead.
            if hang.location == nil || hang.location?.contains(RunReport.Hang.noLine) == true,
                let section = workspace.brief(of: kata).step(step)
            {
                lines.append(
                    "             The rules of this step: Katas/\(kata.pattern.name)/README.md:\(section.line)"
                )
            }
            return lines
        }
        var lines = ["  Failing    \"\(failure.displayName)\""]
        if let issue = failure.issues.first {
            if let file = issue.filePath {
                lines.append("             at \(workspace.relative(file)):\(issue.line ?? 0)")
            }
            // `Issue recorded` is the runtime's text for an issue that is all comment.
            if issue.message != "Issue recorded" || issue.comment == nil {
                // As the test wrote it (an expectation's source, its values): at most six lines.
                lines += issue.message.split(separator: "\n").prefix(6).map {
                    "             " + $0.trimmingCharacters(in: .whitespaces)
                }
            }
            if let comment = issue.comment {
                lines.append("             " + terminal.paint(comment, .yellow))
            }
        } else if failure.status == .notRun {
            lines.append("             did not run: the kata stopped the test process twice")
        }
        return lines
    }

    /// The commands for the kata, and the `swift test --filter` for one suite of it, leaving out
    /// by hand what the run left out.
    private func commandLines(of progress: KataProgress, suite: String, module: String? = nil) -> [String] {
        let kata = progress.kata
        let leaveOut =
            progress.leftOutOfRun.isEmpty
            ? "" : "KATA_LEAVE_OUT=\(progress.leftOutOfRun.joined(separator: ",")) "
        // Commands are copied whole: too wide for the terminal, each goes on a line of its own,
        // never broken inside.
        let commands = ["test", "hint", "watch"].map { "swift run kata \($0) \(kata.command)" }
        let byHand = "\(leaveOut)swift test --filter " + (module ?? "\(kata.pattern.testModule).\(suite)")
        let together = "  " + commands.joined(separator: "   ·   ")
        let fits = { (line: String) in terminal.width.map { line.count <= $0 } ?? true }
        var lines = fits(together) ? [together] : commands.map { "  " + $0 }
        let label = "  By hand, this step only: "
        lines += fits(label + byHand) ? [label + byHand] : [String(label.dropLast()), "    " + byHand]
        return lines.map { terminal.paint($0, .dim) }
    }

    /// `lines`, each broken to fit the terminal, then a blank line and `commands`, never broken.
    private func fitted(_ lines: [String], commands: [String]) -> String {
        (lines.map(terminal.wrapped) + [""] + commands).joined(separator: "\n")
    }

    /// What the event stream did not give, said once after the results; `nil` when it gave all.
    package func streamNotes(_ notes: Set<String>) -> String? {
        guard !notes.isEmpty else { return nil }
        return terminal.paint(
            "Swift Testing's event stream did not give " + notes.sorted().joined(separator: "; ")
                + ". Which tests pass and fail is still right; `--verbose` shows swift test's whole output.",
            .yellow)
    }

    /// What the learner reads once every kata is done, and where to go from there.
    package var everyKataDone: String {
        terminal.paint("✔ Every kata and capstone is done. Well played.", .green) + "\n"
            + "  What next: each pattern's guide, in the learning path's order (docs/README.md), and\n"
            + "  each annotated solution beside your own code (`swift run kata solution <kata>`)."
    }

    /// The first compiler error, with the kata it belongs to.
    package func compileFailure(_ error: RunReport.CompilerError) -> String {
        let owner =
            error.kata.map { "The \($0.pattern.displayName) kata does not compile" }
            ?? "The package does not compile"
        var text = terminal.paint(owner + ":", .red) + "\n  \(error.diagnostic)\n"
        if error.isInTests, let kata = error.kata {
            text +=
                "  The tests use your code as the stubs declared it: keep the stubs' names, `public` and "
                + "signatures in Katas/\(kata.pattern.name)/ (`git diff -- Katas/\(kata.pattern.name)` shows "
                + "what you changed).\n"
        }
        guard let kata = error.kata else {
            return text + "  Nothing can run until the package compiles."
        }
        return text
            + "  Its tests run once it compiles. Other katas don't wait for it: their runs leave it out, "
            + "and `KATA_LEAVE_OUT=\(kata.pattern.name) swift test` does the same by hand."
    }
}

extension KataProgress {
    /// `2 of 6 steps`: how many of the kata's steps are green.
    fileprivate var greenOfSteps: String { "\(greenSteps) of \(kata.stepCount) steps" }
}

extension String {
    /// The string with its first letter capitalised.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
