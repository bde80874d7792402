import Foundation

/// `kata solution [<kata>] [<file>] [--test]`: where the annotated solution is, and a diff of the
/// learner's files against it, or (`--test`) the kata's tests run against it.
///
/// Before the learner's first run of the kata's tests, it asks before showing any code.
enum SolutionCommand {
    static func run(_ options: Options, _ context: KataCommand.Context) -> ExitStatus {
        var options = options
        var context = context
        // `kata solution ScanStates.swift`: a file of the current kata's solution, not a kata.
        if options.positional.count == 1, let name = options.positional.first,
            Catalog.kata(named: name) == nil,
            let current = context.workspace.loadState().currentKata,
            solutionFile(named: name, in: current, workspace: context.workspace) != nil
        {
            options.positional = [current.pattern.name, name]
            context = KataCommand.Context(
                workspace: context.workspace, terminal: context.terminal, options: options)
        }
        let choice = context.kataOrCurrent()
        guard case .kata(let kata) = choice else { return choice.exitStatus }
        if options.test { return test(kata, options: options, context: context) }
        let workspace = context.workspace
        let name = kata.pattern.name
        var only: String?
        if let wanted = options.positional.dropFirst().first {
            guard let match = solutionFile(named: wanted, in: kata, workspace: workspace) else {
                context.output.error(
                    "The \(kata.pattern.displayName) solution has no file '\(wanted)'. Its files: "
                        + workspace.swiftFiles(in: "Solutions/\(name)").joined(separator: ", ") + ".")
                return .usage
            }
            only = match
        }
        let tried = workspace.loadState().ran.contains(name)
        if !options.force, !tried {
            let question =
                "You haven't run the \(kata.pattern.displayName) tests yet: the kata is yours to try first. "
                + "Show the solution anyway?"
            guard Terminal.confirm(question) else {
                context.output.line(
                    "Not shown. Try the kata first (`swift run kata test \(kata.command)`), "
                        + "or add --force to see it now.")
                return .failure
            }
        }
        // Said yes to (at the question, or with --force) before trying the kata, the solution is
        // how the learner works on it: they are on it now. Read after trying, it is a look.
        if !tried { context.workOn(kata) }
        Pager.show(text(of: kata, only: only, context: context), terminal: context.terminal)
        return .success
    }

    /// The file of `kata`'s solution that `name` means, in any case, with or without `.swift`.
    static func solutionFile(named name: String, in kata: Kata, workspace: Workspace) -> String? {
        let wanted = name.lowercased()
        return workspace.swiftFiles(in: "Solutions/\(kata.pattern.name)").first {
            $0.lowercased() == wanted || $0.lowercased() == wanted + ".swift"
        }
    }

    /// Where the solution and the guide are, and the diff of the learner's files (or of `only`)
    /// against it.
    static func text(of kata: Kata, only: String?, context: KataCommand.Context) -> String {
        let workspace = context.workspace
        let terminal = context.terminal
        let name = kata.pattern.name
        var lines: [String] = []
        lines.append(terminal.paint("The annotated solution: Solutions/\(name)/", .bold))
        for file in workspace.files(in: "Solutions/\(name)") { lines.append("  Solutions/\(name)/\(file)") }
        lines.append("The guide: docs/patterns/\(kata.pattern.guideFileName)")
        lines.append("Its tests against it: swift run kata solution \(kata.command) --test\n")

        lines.append(terminal.paint("Your files (Katas/\(name)/) against it:", .bold))
        var same = 0
        let solved = workspace.swiftFiles(in: "Solutions/\(name)")
        let mine = workspace.swiftFiles(in: "Katas/\(name)")
        if only == nil {
            for file in mine where !solved.contains(file) {
                lines.append(
                    "Katas/\(name)/\(file): yours only, the solution has no such file"
                        + (kata.isCapstone ? " (its refactoring retired it)." : "."))
            }
        }
        for file in solved where only == nil || only == file {
            let diff: String
            if mine.contains(file) {
                diff = Self.diff("Katas/\(name)/\(file)", "Solutions/\(name)/\(file)", in: workspace.root)
            } else if kata.isCapstone {
                // A capstone's refactoring extracts types into new files: shown whole, as added.
                lines.append(
                    "Solutions/\(name)/\(file): new in the solution, a file the refactoring extracted:")
                diff = Self.diff("/dev/null", "Solutions/\(name)/\(file)", in: workspace.root)
            } else {
                lines.append("Katas/\(name)/\(file): missing; the solution has Solutions/\(name)/\(file).")
                continue
            }
            if diff.isEmpty {
                same += 1
                continue
            }
            for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("+") && !line.hasPrefix("+++") {
                    lines.append(terminal.paint(String(line), .green))
                } else if line.hasPrefix("-") && !line.hasPrefix("---") {
                    lines.append(terminal.paint(String(line), .red))
                } else {
                    lines.append(String(line))
                }
            }
        }
        if same > 0 {
            lines.append(
                only == nil
                    ? "(\(same) file(s) are the same as the solution's.)"
                    : "(It is the same as the solution's.)")
        }
        return lines.joined(separator: "\n")
    }

    /// Runs the kata's tests against the solution, in a build folder of its own, so that the
    /// learner's own build is not thrown away: one folder built in both modes rebuilds every
    /// pattern module at each switch.
    static func test(_ kata: Kata, options: Options, context: KataCommand.Context) -> ExitStatus {
        let workspace = context.workspace
        var runner = context.runner()
        runner.solutions = true
        runner.leaving = .nothing  // a solution that doesn't compile is the repository's bug
        runner.knownNotToCompile = [:]
        runner.scratchPath = options.scratchPath ?? workspace.root.appending(path: ".build-solutions")
        runner.fallbackScratchPath = workspace.root.appending(path: ".build-solutions-kata")
        runner.workFolder = workspace.toolFolder.appending(path: "solution-runs")
        context.output.line(
            context.terminal.paint(
                "The \(kata.pattern.displayName) tests against the solution (Solutions/\(kata.pattern.name)/), "
                    + "built in \(workspace.relative(runner.scratchPath?.path ?? ".build-solutions"))/:", .dim
            ))
        let report = runner.run(modules: [kata.pattern.testModule])
        if report.interrupted { return .interrupted }
        if options.verbose { KataCommand.printLogs(of: report, to: context.output) }
        if let error = report.buildErrors.first {
            context.output.line(context.printer.compileFailure(error))
            return .failure
        }
        if let failure = report.failure { context.output.line(context.terminal.paint(failure, .red)) }
        // Not `KataCommand.remember`: this is the solution's result, not the learner's progress.
        let progress = KataProgress(kata: kata, report: report)
        context.output.line(context.printer.steps(of: progress) + "\n")
        if let notes = context.printer.streamNotes(report.streamNotes) { context.output.line(notes + "\n") }
        let tests = progress.safetyNet + progress.steps.joined()
        if progress.isDone {
            context.output.line(
                context.terminal.paint(
                    "✔ The solution passes all \(tests.count) tests. Yours runs with `swift run kata test \(kata.command)`.",
                    .green))
            return .success
        }
        context.output.line(
            context.terminal.paint(
                "✘ The solution fails \(tests.filter { !$0.passed }.count) of \(tests.count) tests: that is a bug in "
                    + "the repository, not in your code. `--verbose` shows the whole log.", .red))
        return .failure
    }

    /// `diff -u` of two files in `root`; empty when they are the same or `diff` is missing.
    static func diff(_ mine: String, _ theirs: String, in root: URL) -> String {
        // `diff` exits 1 when the files differ: its output is what counts.
        CapturedCommand.run(["diff", "-u", mine, theirs], in: root)?.text ?? ""
    }
}
