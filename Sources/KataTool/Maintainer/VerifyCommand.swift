import Foundation
import KataCore
import KataSystem

/// `kata verify`: the maintainers' check of the kata contract, as CI runs it.
///
/// It checks the stubs as committed, never a learner's edits: when `Katas/` has local changes,
/// it runs in a clean copy whose `Katas/` comes from `HEAD`.
enum VerifyCommand {
    static func run(_ options: Options, _ context: KataCommand.Context) -> ExitStatus {
        let workspace = context.workspace
        let terminal = context.terminal
        context.output.line("Kata verify: the kata contract, on the stubs as committed.\n")

        var checked = workspace
        var scratch = options.scratchPath
        let changed = Git.locallyChangedKataFiles(in: workspace.root)
        if !changed.isEmpty {
            let copy = workspace.toolFolder.appending(path: "verify")
            checked = Workspace(root: copy.appending(path: "package"))
            do {
                try Git.makeCleanCopy(of: workspace.root, at: checked.root)
            } catch {
                context.output.error("✘ Could not make a clean copy to check: \(error)")
                return .failure
            }
            scratch = copy.appending(path: "build")
            context.output.line(
                "Katas/ has local changes (\(changed.count) file(s)), so the check runs on a clean copy with "
                    + "Katas/ as committed: \(workspace.relative(checked.root.path))\n")
        }

        let shape = ShapeCheck(root: checked.root)
        let patterns = shape.patternsPresent()
        let capstones = patterns.filter { Catalog.kata(ofTestModule: $0.testModule)?.isCapstone == true }
            .count
        /// Prints a check's line and its problems, and returns how many it found.
        func printCheck(_ title: String, _ problems: [String]) -> Int {
            context.output.line("\(terminal.mark(problems.isEmpty)) \(title)")
            for problem in problems { context.output.line("  - \(problem)") }
            return problems.count
        }
        var total = printCheck(
            "Shape: brief, stubs, solution, tests and guide for \(patterns.count - capstones) katas and "
                + "\(capstones) capstone\(capstones == 1 ? "" : "s")", shape.problems())
        total += printCheck(
            "Catalog: Package.swift, the README's table, the learning path, the step suites, the briefs "
                + "and their hints agree",
            CatalogCheck(workspace: checked, manifest: PackageManifest.dumped(at: checked.root)).problems())
        total += printCheck(
            "Rules: every numbered rule of every brief is tested, and every test cites the rules it checks",
            RuleCheck(workspace: checked).problems())
        total += printCheck(
            "Common mistakes: every guide's table links kept wrong solutions, the rules they break and "
                + "the tests that check them", MistakesCheck(workspace: checked).problems())

        context.output.line("\nRunning every test on the stubs…")
        var runner = context.runner()
        runner.root = checked.root
        runner.leaving = .nothing  // every stub compiles as committed: one that doesn't is a problem
        runner.knownNotToCompile = [:]
        runner.scratchPath = scratch
        runner.workFolder = workspace.toolFolder.appending(path: "verify-runs")
        let report = runner.run(modules: nil)
        if report.interrupted { return .interrupted }
        total +=
            problems(
                of: report, patterns: patterns, workspace: checked, terminal: terminal, output: context.output
            ).count
        context.output.line(
            total == 0 ? "\nKata verify passed." : "\nKata verify failed: \(total) problem(s) above.")
        return ExitStatus(ok: total == 0)
    }

    /// Prints the run's summary and returns what breaks the contract.
    static func problems(
        of report: RunReport, patterns: [Pattern], workspace: Workspace, terminal: Terminal, output: Output
    ) -> [String] {
        if !report.buildErrors.isEmpty {
            let problem =
                "The package does not build with the stubs, so no kata can start. The compiler says:\n    "
                + report.buildErrors.prefix(10).map(\.diagnostic).joined(separator: "\n    ")
            output.line("✘ \(problem)")
            return [problem]
        }
        if let failure = report.failure {
            output.line("✘ \(failure)")
            return [failure]
        }
        var problems: [String] = []
        let printer = ReportPrinter(workspace: workspace, terminal: terminal)
        for outcome in report.outcomes where outcome.status.stoppedTheRun || outcome.status == .notRun {
            let step = Catalog.kata(ofTestModule: outcome.module)?.step(ofTest: outcome.id) ?? 0
            let what =
                outcome.status == .notRun
                ? "did not run: its module stopped the test process twice"
                : printer.stoppedSummary(step, outcome)
            problems.append("\(outcome.name) \(what). A stub must never crash or hang.")
        }
        for (module, crash) in report.backgroundCrashes.sorted(by: { $0.key < $1.key }) {
            problems.append("\(module): \(printer.backgroundSummary(crash)). A stub must never crash.")
        }
        let safetyNets = Catalog.katas.flatMap { kata in
            (kata.capstone?.safetyNets ?? []).map { "\(kata.pattern.testModule).\($0)" }
        }
        let verdict = KataModeVerdict(
            patterns: patterns, outcomes: report.outcomes, safetyNets: Set(safetyNets),
            learnerNets: Set(Catalog.katas.compactMap(\.capstone?.learnerNet)))
        for summary in verdict.summaries {
            let isCapstone = Catalog.kata(ofTestModule: summary.pattern.testModule)?.isCapstone == true
            let ok =
                summary.total > 0 && summary.red == summary.total
                && (!isCapstone
                    || (summary.safetyNetTotal > 0 && summary.safetyNetGreen == summary.safetyNetTotal))
            output.line(
                "\(terminal.mark(ok)) \(summary.pattern.testModule): "
                    + (isCapstone
                        ? "\(summary.red) of \(summary.total) step tests red, \(summary.safetyNetGreen) of "
                            + "\(summary.safetyNetTotal) safety-net tests green on the stubs"
                        : "\(summary.red) of \(summary.total) tests red on the stubs"))
            let path = "Katas/\(summary.pattern.name)/README.md"
            if let stated = statedCounts(inBrief: workspace.read(path)) {
                if stated.pass != summary.safetyNetGreen || stated.fail != summary.red {
                    problems.append(
                        "\(path) says \(stated.pass) test(s) pass and \(stated.fail) fail on the stubs; they are "
                            + "\(summary.safetyNetGreen) and \(summary.red). Update its \"Run it now\" line.")
                }
            } else {
                problems.append(
                    "\(path) doesn't say what the stubs' tests do (\"Run it now: N tests fail.\").")
            }
        }
        for net in verdict.learnerNets {
            output.line(
                "\(terminal.mark(net.total > 0 && net.red == net.total)) \(net.module): \(net.red) of \(net.total) "
                    + "tests red on the stubs (the net the learner writes at step 0)")
        }
        output.line(
            "\(terminal.mark(verdict.otherPassed == verdict.otherTotal)) Other tests: "
                + "\(verdict.otherPassed) of \(verdict.otherTotal) green")
        if verdict.referenceOnlySkipped > 0 {
            output.line(
                "\(terminal.mark(true)) Story tests: \(verdict.referenceOnlySkipped) skipped, as they must be "
                    + "(they check the solutions wired together: KATA_SOLUTIONS=1)")
        }
        problems += verdict.problems
        for problem in problems { output.line("  - \(problem)") }
        return problems
    }

    /// What a brief says its tests do on the stubs, from its `Run it now: 31 tests fail.` or
    /// `Run it now: 2 tests pass and 21 fail.`; `nil` when it says neither.
    static func statedCounts(inBrief text: String) -> (pass: Int, fail: Int)? {
        if let both = text.firstMatch(of: /Run it now: (\d+) tests? pass(?:es)? and (\d+) fails?\./),
            let pass = Int(both.1), let fail = Int(both.2)
        {
            return (pass, fail)
        }
        return text.firstMatch(of: /Run it now: (\d+) tests? fails?\./).flatMap { Int($0.1) }.map { (0, $0) }
    }
}
