import Foundation

/// `kata`: the command-line companion to the katas.
///
/// ```
/// swift run kata check     # the kata contract, as CI checks it
/// ```
@main
struct KataCommand {
    static let usage = """
        Usage: swift run kata <command> [options]

        Commands:
          check    Check the kata contract: each kata has its brief, stubs, solution, tests and
                   guide; and `swift test` on the untouched stubs runs to the end with every
                   kata test red and every other test green.
          help     Show this help.

        Options for check:
          --package-path <path>   The package to check (default: the current folder).
          --scratch-path <path>   The build folder for `swift test` (default: SwiftPM's .build).
        """

    static func main() {
        var arguments = CommandLine.arguments.dropFirst()
        switch arguments.popFirst() {
        case "check":
            do {
                let options = try CheckOptions(parsing: Array(arguments))
                exit(check(options) ? 0 : 1)
            } catch {
                printError("\(error)\n\n\(usage)")
                exit(2)
            }
        case "help", "--help", "-h":
            print(usage)
        case let command:
            printError((command.map { "Unknown command '\($0)'.\n\n" } ?? "") + usage)
            exit(2)
        }
    }

    /// Runs the whole check and prints a summary; returns whether it passed.
    static func check(_ options: CheckOptions) -> Bool {
        let root = options.packageRoot
        guard FileManager.default.fileExists(atPath: root.appending(path: "Package.swift").path) else {
            printError(
                "No Package.swift in \(root.path). Run this from the repository's root, or pass --package-path."
            )
            return false
        }
        print("Kata check: every kata test must fail on the untouched stubs; every other test must pass.\n")

        let shape = ShapeCheck(root: root)
        let patterns = shape.patternsPresent()
        let shapeProblems = shape.problems()
        if shapeProblems.isEmpty {
            print(
                "✔ Shape: \(patterns.count) \(patterns.count == 1 ? "kata has its" : "katas have their") brief, stubs, "
                    + "solution, tests and guide: \(patterns.map(\.name).joined(separator: ", "))."
            )
        } else {
            print("✘ Shape:")
            for problem in shapeProblems { print("  - \(problem)") }
        }

        let changed = locallyChangedKataFiles(in: root)
        if !changed.isEmpty {
            print(
                "\nNote: these kata files differ from the last commit, so this is not a check of the untouched stubs:"
            )
            for file in changed { print("  - \(file)") }
            print("  Reset them with `git stash` or `git checkout -- Katas` to check the stubs as shipped.")
        }

        let run = SwiftTestRun(
            root: root,
            outputFolder: (options.scratchPath ?? root.appending(path: ".build")).appending(
                path: "kata-check"),
            scratchPath: options.scratchPath
        )
        print(
            "\nRunning `swift test` in kata mode (the full log goes to \(relative(run.logFile.path, to: root)))…"
        )
        let outcome: SwiftTestRun.Outcome
        do {
            outcome = try run.run()
        } catch {
            printError("✘ Could not run `swift test`: \(error). Is the Swift toolchain on your PATH?")
            return false
        }
        let runProblems = problems(
            of: outcome, patterns: patterns, rootPath: root.path,
            logPath: relative(run.logFile.path, to: root))
        let passed = shapeProblems.isEmpty && runProblems.isEmpty
        print(
            passed
                ? "\nKata check passed."
                : "\nKata check failed: \(shapeProblems.count + runProblems.count) problem(s) above.")
        return passed
    }

    /// Prints the run's summary and returns what is wrong with it.
    static func problems(
        of outcome: SwiftTestRun.Outcome, patterns: [Pattern], rootPath: String, logPath: String
    ) -> [String] {
        let errors = TestLog.buildErrors(in: outcome.log)
        if outcome.swiftTestingXML == nil, !errors.isEmpty {
            let problem =
                "The package does not build with the stubs, so no kata can start. The compiler says:\n    "
                + errors.prefix(10).joined(separator: "\n    ")
            print("✘ \(problem)")
            return [problem]
        }
        let report = outcome.swiftTestingXML.map(XUnitReport.init(xml:))
        let crashed = outcome.log.contains("unexpected signal") || report?.isComplete == false
        guard let report, !crashed else {
            var problem =
                crashed
                ? "The test process crashed before the run finished, hiding every result after it. "
                    + "A stub must never crash."
                : "`swift test` exited with status \(outcome.status) and wrote no test results."
            for line in TestLog.crashReport(in: outcome.log, root: rootPath) { problem += "\n    " + line }
            problem += "\n    Full log: \(logPath)"
            print("✘ \(problem)")
            return [problem]
        }
        let xctest = outcome.xctestXML.map { XUnitReport(xml: $0).results } ?? []
        let verdict = KataModeVerdict(patterns: patterns, results: report.results + xctest)
        for summary in verdict.summaries {
            let mark = summary.total > 0 && summary.red == summary.total ? "✔" : "✘"
            print(
                "\(mark) \(summary.pattern.testModule): \(summary.red) of \(summary.total) tests red on the stubs"
            )
        }
        let mark = verdict.otherPassed == verdict.otherTotal ? "✔" : "✘"
        print("\(mark) Other tests: \(verdict.otherPassed) of \(verdict.otherTotal) green")
        for problem in verdict.problems { print("  - \(problem)") }
        return verdict.problems
    }

    private static func relative(_ path: String, to root: URL) -> String {
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

/// The options of `kata check`.
struct CheckOptions: Equatable {
    /// The package's root folder.
    var packageRoot = URL(filePath: FileManager.default.currentDirectoryPath)
    /// The build folder for `swift test`, resolved against the current folder as SwiftPM does.
    var scratchPath: URL?

    /// A command-line mistake, said in one sentence.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init(parsing arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--package-path", "--scratch-path":
                guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                    throw UsageError(description: "\(argument) needs a path.")
                }
                let currentFolder = URL(
                    filePath: FileManager.default.currentDirectoryPath, directoryHint: .isDirectory)
                let url = URL(filePath: value, relativeTo: currentFolder).absoluteURL
                if argument == "--package-path" {
                    packageRoot = url
                } else {
                    scratchPath = url
                }
            default:
                throw UsageError(description: "Unknown option '\(argument)'.")
            }
        }
    }
}
