import Foundation
import KataCore
import KataSystem

/// `kata`: the learner's companion to the katas, and the maintainers' check.
///
/// ```
/// swift run kata                 # progress of every kata, and what to do next
/// swift run kata test flyweight  # one kata's steps, compactly
/// swift run kata watch           # run a kata's tests on every save
/// ```
@main
struct KataCommand {
    /// One command: its name, what it does, its usage and the options it takes.
    struct Command: Sendable {
        let name: String
        let summary: String
        let usage: String
        let options: [OptionSpec]
        /// Runs it; a status thrown ends it at once.
        let run: @Sendable (Options, Context) throws(ExitStatus) -> ExitStatus
    }

    /// What every command works with.
    struct Context {
        let workspace: Workspace
        let terminal: Terminal
        var options: Options
        /// Where the command's words go.
        var output: Output = .standard

        var printer: ReportPrinter { ReportPrinter(workspace: workspace, terminal: terminal) }

        /// Prints `text` to fit the terminal: lines broken between words, never inside one.
        func say(_ text: String) {
            output.line(terminal.wrapped(text))
        }

        /// Prints `text` in `color`, as it is.
        func line(_ text: String, _ color: Terminal.Color) {
            output.line(terminal.paint(text, color))
        }

        /// The test runner, with the options' build folder and time limit.
        ///
        /// It leaves out of the build every kata that doesn't compile, but `kata`'s (and for a
        /// capstone the katas it needs): the run is about them, so their compiler error is its
        /// result.
        func runner(quiet: Bool = false, about kata: Kata? = nil) -> TestRunner {
            var runner = TestRunner(
                root: workspace.root, scratchPath: options.scratchPath,
                fallbackScratchPath: workspace.root.appending(path: ".build-kata"),
                workFolder: workspace.toolFolder.appending(path: "runs"))
            runner.timeLimit = options.timeLimit
            runner.leaving = .whatDoesNotCompile(except: Set(kata?.testModules ?? []))
            runner.knownNotToCompile = workspace.stillNotCompiling()
            // Even a quiet run shows its build: a first build takes minutes.
            runner.onBuild = BuildProgressView(terminal: terminal).handle
            if !quiet {
                let (output, terminal) = (output, terminal)
                runner.progress = {
                    output.line(terminal.paint(terminal.wrapped($0), .dim))
                    Console.flush()
                }
            }
            return runner
        }

        /// Runs the tests of `modules`, every learner command's way; `nil` on Ctrl-C.
        ///
        /// It notes what didn't compile, and shows the logs with `--verbose`.
        func runTests(_ modules: [String], about kata: Kata? = nil, quiet: Bool = false) -> RunReport? {
            let report = runner(quiet: quiet, about: kata).run(modules: modules)
            if report.interrupted { return nil }
            workspace.rememberBuild(of: report)
            if options.has(.verbose) { KataCommand.printLogs(of: report, to: output) }
            return report
        }

        /// The kata the first positional argument names; `nil` after saying why not.
        func kata() -> Kata? {
            guard let name = options.positional.first else {
                output.error("Which kata? Name one: \(KataCommand.kataNames).")
                return nil
            }
            return KataCommand.kata(named: name, output: output)
        }

        /// The kata the first positional argument names; with none named, the current kata
        /// (``LearnerState/currentKata``), said by its name.
        ///
        /// Naming a kata doesn't make it the current one: only working on it does
        /// (``workOn(_:)``), never a look at its hints or its solution.
        ///
        /// - Throws: after saying so, 2 for a name that is no kata's, 0 when every kata is done.
        func kataOrCurrent() throws(ExitStatus) -> Kata {
            guard options.positional.isEmpty else {
                guard let kata = kata() else { throw .usage }
                return kata
            }
            guard let current = workspace.loadState().currentKata else {
                output.line(printer.everyKataDone)
                throw .success
            }
            line("\(current.pattern.displayName): the kata you are on.", .dim)
            return current
        }

        /// Makes `kata` the one every command without a kata name means from now on: the
        /// learner tests it, watches it, or said yes to its solution.
        func workOn(_ kata: Kata) {
            var state = workspace.loadState()
            guard state.chosen != kata.pattern.name else { return }
            state.chosen = kata.pattern.name
            workspace.save(state)
        }
    }

    static let runOptions: [OptionSpec] = [.packagePath, .scratchPath, .timeLimit]

    static let commands: [Command] = [
        Command(
            name: "progress", summary: "Every kata's progress, and the step you are on (the default).",
            usage: "kata [progress] [options]", options: runOptions + [.verbose], run: ProgressCommand.run),
        Command(
            name: "test", summary: "Run one kata's tests and show its steps and first failure.",
            usage: "kata test [<kata>] [--verbose]", options: runOptions + [.verbose], run: TestCommand.run),
        Command(
            name: "watch",
            summary:
                "Run a kata's tests again on every save under Katas/; on to the next when it is all green.",
            usage: "kata watch [<kata>] [--manual]", options: runOptions + [.manual], run: WatchCommand.run),
        Command(
            name: "hint", summary: "The next hint for the step you are on, gentlest first.",
            usage: "kata hint [<kata>] [--step N]",
            options: runOptions + [
                .step.explained("The step whose hints to show (default: the step you are on).")
            ],
            run: HintCommand.run),
        Command(
            name: "solution",
            summary:
                "Where the annotated solution is, and how your files differ from it; --test runs its tests against it.",
            usage: "kata solution [<kata>] [<file>] [--test] [--force]",
            options: runOptions + [.verbose, .force, .test], run: SolutionCommand.run),
        Command(
            name: "reset", summary: "Put a kata's stubs back, after backing up your files.",
            usage: "kata reset <kata> [--step N] [--yes]",
            options: [
                .packagePath,
                .step.explained(
                    "Put back only the files that hold this step's TODOs (and so the\nother steps' TODOs they hold too)."
                ),
                .yes,
            ],
            run: ResetCommand.run),
        Command(
            name: "verify",
            summary: "Maintainers: check the kata contract on the stubs as committed (CI runs it).",
            usage: "kata verify [options]", options: runOptions, run: VerifyCommand.run),
        Command(
            name: "rules",
            summary:
                "Maintainers: check that every numbered rule of a brief is tested, and every test cites rules.",
            usage: "kata rules [<kata>]", options: [.packagePath], run: RulesCommand.run),
        Command(
            name: "prerequisites",
            summary:
                "Maintainers: the kata modules a capstone needs, one a line (none for a kata), for scripts.",
            usage: "kata prerequisites <kata>", options: [.packagePath],
            run: PrerequisitesCommand.run),
    ]

    static let katasHelp = """
        A <kata> is a pattern's or capstone's name in any case, with or without dashes (flyweight,
        chain-of-responsibility, scan-capstone), or its number in the learning path (1 to \(Catalog.katas.count)).
        NO_COLOR=1 turns colours off; they are off anyway when the output is not a terminal.
        """

    /// What a left-out `[<kata>]` means, for the commands that take one.
    static let currentKataHelp = """
        Left out, <kata> is the kata you are on: the one you last worked on (test, watch, or a
        solution you said yes to) while it is not done, then the next one not done after it;
        before that, the first one not done. A hint, or a solution you decline, moves you nowhere.
        """

    static var usage: String {
        let rows =
            commands.map { ($0.name, $0.summary) }
            + [("help", "Show this help; `kata help <command>` for one command.")]
        let width = rows.map(\.0.count).max() ?? 0
        return "Usage: swift run kata [<command>] [<kata>] [options]\n\nCommands:\n"
            + rows.map { "  " + $0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $1 }
            .joined(separator: "\n")
            + "\n\nKatas, in order: \(kataNames).\n\n" + katasHelp + "\n" + currentKataHelp
    }

    static var kataNames: String {
        Catalog.katas.enumerated().map { "\($0.offset + 1) \($0.element.command)" }.joined(separator: ", ")
    }

    static func main() {
        Interrupt.install()
        let status = run(Array(CommandLine.arguments.dropFirst()))
        Console.flush()
        exit(status.rawValue)
    }

    /// Runs the command `arguments` name and returns the exit status.
    static func run(_ arguments: [String], output: Output = .standard) -> ExitStatus {
        let named = arguments.first.map { !$0.hasPrefix("-") } ?? false
        let name = named ? arguments[0] : "progress"
        let arguments = Array(arguments.dropFirst(named ? 1 : 0))
        let asksHelp = arguments.contains {
            [OptionSpec.helpOption.name, OptionSpec.helpOption.short].contains($0)
        }
        // `kata --help`: every command, not only the default one.
        if name == "help" || (!named && asksHelp) {
            guard name == "help", let topic = arguments.first, !topic.hasPrefix("-"), topic != "help" else {
                output.line(usage)
                return .success
            }
            guard let command = command(named: topic) else {
                output.error("No command is called '\(topic)'.\n\n" + usage)
                return .usage
            }
            output.line(help(for: command))
            return .success
        }
        guard let command = command(named: name) else {
            output.error(unknownCommand(name))
            return .usage
        }
        let options: Options
        do {
            options = try Options(parsing: arguments, allowed: command.options)
        } catch {
            output.error("\(error)\n\n" + help(for: command))
            return .usage
        }
        if options.has(.helpOption) {
            output.line(help(for: command))
            return .success
        }
        let start = options.packagePath ?? URL(filePath: FileManager.default.currentDirectoryPath)
        guard let workspace = Workspace.find(from: start) else {
            output.error(
                "\(start.path) is not inside the Pattern Katas repository: no Package.swift for PatternKatas "
                    + "here or in a parent folder. `cd` into your clone, or give the tool its path: "
                    + "`swift run kata … --package-path <clone>` (after `kata`, not before it).")
            return .usage
        }
        do {
            return try command.run(
                options,
                Context(workspace: workspace, terminal: Console.terminal, options: options, output: output))
        } catch {
            return error
        }
    }

    /// Why `name` is no command, and what it may have meant.
    static func unknownCommand(_ name: String) -> String {
        if let kata = Catalog.kata(named: name) {
            return "'\(name)' is a kata, not a command. Did you mean `swift run kata test \(kata.command)`?"
        }
        let suggestion =
            if let close = commands.first(where: { Catalog.editDistance($0.name, name.lowercased()) <= 2 }) {
                " Did you mean `swift run kata \(close.name)`?"
            } else if let kata = Catalog.suggestions(for: name).first {
                " Did you mean the kata \(kata.command): `swift run kata test \(kata.command)`?"
            } else {
                ""
            }
        return "Unknown command '\(name)'." + suggestion + "\n\n" + usage
    }

    static func command(named name: String) -> Command? {
        commands.first { $0.name == name.lowercased() }
    }

    static func help(for command: Command) -> String {
        "Usage: swift run \(command.usage)\n\n\(command.summary)\n\nOptions:\n"
            + (command.options + [.helpOption]).map(\.helpLines).joined(separator: "\n") + "\n\n" + katasHelp
            + (command.usage.contains("[<kata>]") ? "\n" + currentKataHelp : "")
    }

    /// The kata `name` names, or `nil` after saying "did you mean …".
    static func kata(named name: String, output: Output = .standard) -> Kata? {
        if let kata = Catalog.kata(named: name) { return kata }
        let suggestions = Catalog.suggestions(for: name).prefix(2).map(\.command)
        let meant = suggestions.isEmpty ? "" : " Did you mean \(suggestions.joined(separator: " or "))?"
        output.error("No kata is called '\(name)'.\(meant)\nThe katas: \(kataNames).")
        return nil
    }

    static func printLogs(of report: RunReport, to output: Output) {
        for path in report.logPaths {
            output.line("──── \(path)")
            output.line(TestRunner.text(of: URL(filePath: path)))
        }
    }
}
