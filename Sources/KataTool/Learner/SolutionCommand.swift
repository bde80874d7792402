import Foundation
import KataCore
import KataSystem

/// `kata solution [<kata>] [<file>] [--test]`: where the annotated solution is, and a diff of the
/// learner's files against it, or (`--test`) the kata's tests run against it.
///
/// Before the learner's first run of the kata's tests, it asks before showing any code.
enum SolutionCommand {
    static func run(_ options: Options, _ context: KataCommand.Context) throws(ExitStatus) -> ExitStatus {
        var (options, context) = (options, context)
        // `kata solution ScanStates.swift`: a file of the current kata's solution, not a kata.
        if options.positional.count == 1, let name = options.positional.first,
            Catalog.kata(named: name) == nil,
            let current = context.workspace.loadState().currentKata,
            solutionFile(named: name, in: current, workspace: context.workspace) != nil
        {
            options.positional = [current.pattern.name, name]
            context.options = options
        }
        let kata = try context.kataOrCurrent()
        if options.has(.test) { return test(kata, context: context) }
        let workspace = context.workspace
        let name = kata.pattern.name
        let wanted = options.positional.dropFirst().first
        let only = wanted.flatMap { solutionFile(named: $0, in: kata, workspace: workspace) }
        if let wanted, only == nil {
            context.output.error(
                "The \(kata.pattern.displayName) solution has no file '\(wanted)'. Its files: "
                    + workspace.swiftFiles(in: "Solutions/\(name)").joined(separator: ", ") + ".")
            return .usage
        }
        let tried = workspace.loadState().ran.contains(name)
        if !options.has(.force), !tried {
            let question =
                "You haven't run the \(kata.pattern.displayName) tests yet: the kata is yours to try first. "
                + "Show the solution anyway?"
            guard Console.confirm(question) else {
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
        let (workspace, terminal) = (context.workspace, context.terminal)
        let name = kata.pattern.name
        var lines = [terminal.paint("The annotated solution: Solutions/\(name)/", .bold)]
        lines += workspace.files(in: "Solutions/\(name)").map { "  Solutions/\(name)/\($0)" }
        lines += [
            "The guide: docs/patterns/\(kata.pattern.guideFileName)",
            "Its tests against it: swift run kata solution \(kata.command) --test\n",
            terminal.paint("Your files (Katas/\(name)/) against it:", .bold),
        ]
        var same = 0
        let solved = workspace.swiftFiles(in: "Solutions/\(name)")
        let mine = workspace.swiftFiles(in: "Katas/\(name)")
        for file in mine where only == nil && !solved.contains(file) {
            lines.append(
                "Katas/\(name)/\(file): yours only, the solution has no such file"
                    + (kata.isCapstone ? " (its refactoring retired it)." : "."))
        }
        for file in solved where only == nil || only == file {
            var yours = "Katas/\(name)/\(file)"
            let theirs = "Solutions/\(name)/\(file)"
            if !mine.contains(file) {
                guard kata.isCapstone else {
                    lines.append("\(yours): missing; the solution has \(theirs).")
                    continue
                }
                // A capstone's refactoring extracts types into new files: shown whole, as added.
                lines.append("\(theirs): new in the solution, a file the refactoring extracted:")
                yours = "/dev/null"
            }
            let diff = Self.diff(yours, theirs, in: workspace.root)
            guard !diff.isEmpty else {
                same += 1
                continue
            }
            for line in diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                switch line.first {
                case "+" where !line.hasPrefix("+++"): lines.append(terminal.paint(line, .green))
                case "-" where !line.hasPrefix("---"): lines.append(terminal.paint(line, .red))
                default: lines.append(line)
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
    static func test(_ kata: Kata, context: KataCommand.Context) -> ExitStatus {
        let (workspace, options) = (context.workspace, context.options)
        var runner = context.runner()
        runner.solutions = true
        runner.leaving = .nothing  // a solution that doesn't compile is the repository's bug
        runner.knownNotToCompile = [:]
        runner.scratchPath = options.scratchPath ?? workspace.root.appending(path: ".build-solutions")
        runner.fallbackScratchPath = workspace.root.appending(path: ".build-solutions-kata")
        runner.workFolder = workspace.toolFolder.appending(path: "solution-runs")
        context.line(
            "The \(kata.pattern.displayName) tests against the solution (Solutions/\(kata.pattern.name)/), "
                + "built in \(workspace.relative(runner.scratchPath?.path ?? ".build-solutions"))/:", .dim)
        let report = runner.run(modules: [kata.pattern.testModule])
        if report.interrupted { return .interrupted }
        if options.has(.verbose) { KataCommand.printLogs(of: report, to: context.output) }
        if let error = report.buildErrors.first {
            context.output.line(context.printer.compileFailure(error))
            return .failure
        }
        if let failure = report.failure { context.line(failure, .red) }
        // Not `Context.remember`: this is the solution's result, not the learner's progress.
        let progress = KataProgress(kata: kata, report: report)
        context.output.line(context.printer.steps(of: progress) + "\n")
        if let notes = context.printer.streamNotes(report.streamNotes) { context.output.line(notes + "\n") }
        let tests = progress.safetyNet + progress.steps.joined()
        if progress.isDone {
            context.line(
                "✔ The solution passes all \(tests.count) tests. Yours runs with `swift run kata test \(kata.command)`.",
                .green)
        } else {
            context.line(
                "✘ The solution fails \(tests.filter { !$0.passed }.count) of \(tests.count) tests: that is a bug in "
                    + "the repository, not in your code. `--verbose` shows the whole log.", .red)
        }
        return ExitStatus(ok: progress.isDone)
    }

    /// `diff -u` of two files in `root`; empty when they are the same or `diff` is missing.
    static func diff(_ mine: String, _ theirs: String, in root: URL) -> String {
        // `diff` exits 1 when the files differ: its output is what counts.
        CapturedCommand.run(["diff", "-u", mine, theirs], in: root)?.text ?? ""
    }
}
