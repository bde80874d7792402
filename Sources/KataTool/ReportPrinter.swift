import Foundation

/// Turns run results into what the learner reads: compact, with the next thing to do.
struct ReportPrinter {
    let workspace: Workspace
    let terminal: Terminal

    /// The progress table: one line per kata, with a bar of its steps.
    func table(_ katas: [KataProgress]) -> String {
        let steps = katas.map(\.kata.stepCount).reduce(0, +)
        let green = katas.map(\.greenSteps).reduce(0, +)
        let done = katas.filter(\.isDone).count
        var lines = [
            terminal.paint("Pattern Katas", .bold)
                + ": \(done) of \(katas.count) katas done, \(green) of \(steps) steps green", "",
        ]
        let width = katas.map(\.kata.pattern.displayName.count).max() ?? 0
        for (index, progress) in katas.enumerated() {
            let name = progress.kata.pattern.displayName
            let padded = name + String(repeating: " ", count: width - name.count)
            let number = String(Catalog.katas.firstIndex(of: progress.kata).map { $0 + 1 } ?? index + 1)
            var line = "  " + String(repeating: " ", count: 2 - number.count) + number + "  " + padded + "  "
            line += bar(green: progress.greenSteps, of: progress.kata.stepCount)
            line += "  \(progress.greenSteps)/\(progress.kata.stepCount)"
            if let error = progress.compilerError {
                line += "  " + terminal.paint("does not compile: \(error.file):\(error.line)", .red)
            } else if let crash = progress.backgroundCrash {
                line += "  " + terminal.paint(backgroundSummary(crash), .red)
            } else if let stopped = progress.stopped {
                line += "  " + terminal.paint(stoppedSummary(stopped.step, stopped.outcome), .red)
            } else if progress.isDone {
                line += "  " + terminal.paint("done", .green)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private func bar(green: Int, of total: Int) -> String {
        let width = 10
        let filled = total == 0 ? 0 : green * width / total
        return terminal.paint(String(repeating: "█", count: filled), .green)
            + terminal.paint(String(repeating: "░", count: width - filled), .dim)
    }

    /// One kata's steps, one line each.
    func steps(of progress: KataProgress) -> String {
        let brief = workspace.brief(of: progress.kata)
        var lines = [
            terminal.paint(progress.kata.pattern.displayName, .bold)
                + ": \(progress.greenSteps) of \(progress.kata.stepCount) steps green"
        ]
        for (index, tests) in progress.steps.enumerated() {
            let step = index + 1
            let title = brief.step(step)?.heading ?? "Step \(step)"
            let passed = tests.filter(\.passed).count
            let mark = terminal.mark(progress.isGreen(step: step))
            var line = "  \(mark) \(title): \(passed) of \(tests.count) tests pass"
            if let stopped = tests.first(where: { $0.status.stoppedTheRun }) {
                line += " " + terminal.paint("(\(stoppedSummary(step, stopped)))", .red)
            } else if tests.contains(where: { $0.status == .notRun }) {
                line += " (some did not run: the kata stopped the test process twice)"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// A crash of the kata's code outside its own tests.
    func backgroundSummary(_ crash: RunReport.Crash) -> String {
        let details = [crash.signalDescription, crash.location.map { "at \($0)" }].compactMap { $0 }
        return "crashed outside its tests, in work left running in the background"
            + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
    }

    /// `crashed in step 2, test "…"` or `hangs in step 2, test "…"`.
    func stoppedSummary(_ step: Int, _ outcome: RunReport.Outcome) -> String {
        switch outcome.status {
        case .hung(let hang):
            let seconds = hang.seconds
            let limit = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
            let place =
                hang.location.map { ", at \($0)" }
                ?? (hang.stacksRead ? ", waiting outside your files" : ", place unknown")
            return "hangs in step \(step), test \"\(outcome.displayName)\": stopped after \(limit) s" + place
        case .crashed(let crash):
            let details = [crash.signalDescription, crash.location.map { "at \($0)" }].compactMap { $0 }
            return "crashed in step \(step), test \"\(outcome.displayName)\""
                + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
        default:
            return ""
        }
    }

    /// What to do next in a kata: the step, where to write, the brief's section and the first
    /// failing expectation.
    func next(_ progress: KataProgress) -> String {
        let kata = progress.kata
        let command = kata.command
        if let error = progress.compilerError {
            return compileFailure(error)
        }
        guard let step = progress.currentStep else {
            return terminal.paint("✔ \(kata.pattern.displayName) is done.", .green)
                + " Read the annotated solution: `swift run kata solution \(command)`, "
                + "then the guide: docs/patterns/\(kata.pattern.guideFileName)."
        }
        let brief = workspace.brief(of: kata)
        let section = brief.step(step)
        var lines = [
            terminal.paint("Next: \(kata.pattern.displayName), \(section?.heading ?? "step \(step)")", .bold)
        ]
        if let section {
            lines.append("  Brief      Katas/\(kata.pattern.name)/README.md:\(section.line)")
        }
        if let todo = workspace.todoLocations(of: kata, step: step).first {
            lines.append("  Write in   \(todo)  (// TODO: Step \(step))")
        } else {
            lines.append("  Write in   Katas/\(kata.pattern.name)/")
        }
        if let crash = progress.backgroundCrash {
            lines.append("  " + terminal.paint(backgroundSummary(crash).capitalizedFirst, .red))
            if let message = crash.message { lines.append("             \(message)") }
            lines.append(
                "             A timer, a detached task or a queue still at work after its test ended? "
                    + "None of this kata's tests could run.")
        } else if let stopped = progress.steps[step - 1].first(where: { $0.status.stoppedTheRun }) {
            lines.append("  " + terminal.paint(stoppedSummary(step, stopped).capitalizedFirst, .red))
            if case .crashed(let crash) = stopped.status, let message = crash.message {
                lines.append("             \(message)")
            }
            if case .hung(let hang) = stopped.status {
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
            }
        } else if let failure = progress.firstFailure {
            lines.append("  Failing    \"\(failure.displayName)\"")
            if let issue = failure.issues.first {
                let place = issue.filePath.map { "\(workspace.relative($0)):\(issue.line ?? 0)" }
                if let place { lines.append("             at \(place)") }
                lines.append(
                    contentsOf: issue.message.split(separator: "\n").prefix(6).map {
                        "             " + $0.trimmingCharacters(in: .whitespaces)
                    })
                if let comment = issue.comment {
                    lines.append("             " + terminal.paint(comment, .yellow))
                }
            } else if failure.status == .notRun {
                lines.append("             did not run: the kata stopped the test process twice")
            }
        }
        lines.append("")
        lines.append(
            terminal.paint(
                "  swift run kata test \(command)   ·   swift run kata hint \(command)   ·   swift run kata watch \(command)",
                .dim))
        lines.append(
            terminal.paint(
                "  By hand, this step only: swift test --filter \(kata.pattern.testModule).\(kata.suites[step - 1])",
                .dim))
        return lines.joined(separator: "\n")
    }

    /// What the event stream did not give, said once after the results; `nil` when it gave all.
    func streamNotes(_ notes: Set<String>) -> String? {
        guard !notes.isEmpty else { return nil }
        return terminal.paint(
            "Swift Testing's event stream did not give " + notes.sorted().joined(separator: "; ")
                + ". Which tests pass and fail is still right; `--verbose` shows swift test's whole output.",
            .yellow)
    }

    /// What the learner reads once every kata is done, and where to go from there.
    var everyKataDone: String {
        terminal.paint("✔ Every kata is done. Well played.", .green) + "\n"
            + "  What next: each pattern's guide, in the learning path's order (docs/README.md), and\n"
            + "  each annotated solution beside your own code (`swift run kata solution <kata>`).\n"
            + "  Capstones, which rebuild the write-ups' real features from legacy code with your own\n"
            + "  patterns, are on their way."
    }

    /// The first compiler error, with the kata it belongs to.
    func compileFailure(_ error: RunReport.CompilerError) -> String {
        let owner =
            error.kata.map { "The \($0.pattern.displayName) kata does not compile" }
            ?? "The package does not compile"
        var text =
            terminal.paint(owner + ":", .red)
            + "\n  \(error.file):\(error.line):\(error.column): error: \(error.message)\n"
        if error.isInTests, let kata = error.kata {
            text +=
                "  The tests use your code as the stubs declared it: keep the stubs' names, `public` and "
                + "signatures in Katas/\(kata.pattern.name)/ (`git diff -- Katas/\(kata.pattern.name)` shows "
                + "what you changed).\n"
        }
        return text
            + "  SwiftPM builds every kata into one test binary, so no kata's tests can run until it compiles."
    }
}

extension String {
    /// The string with its first letter capitalised.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
