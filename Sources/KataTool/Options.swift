import Foundation
import KataCore
import KataSystem

/// One option a command may take: its names, its value and its help, spelled once for the
/// parser, each command's list of options and each command's help.
struct OptionSpec: Hashable, Sendable {
    /// `--step`.
    let name: String
    /// `-v`, for the few options that have a short name.
    var short: String?
    /// `<N>`, for an option that takes a value.
    var value: String?
    /// What it does, for `kata help <command>`; lines after the first are indented for it.
    var help: String

    /// The same option, explained for one command.
    func explained(_ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, value: value, help: help)
    }

    /// Two specs are one option when their names are the same, whatever their help says.
    static func == (a: OptionSpec, b: OptionSpec) -> Bool { a.name == b.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The option's help line(s), as `kata help <command>` prints them.
    var helpLines: String {
        let label = name + (short.map { ", \($0)" } ?? "") + (value.map { " \($0)" } ?? "")
        let indent = String(repeating: " ", count: 26)
        let text = help.split(separator: "\n").joined(separator: "\n" + indent)
        return "  " + label.padding(toLength: max(24, label.count + 1), withPad: " ", startingAt: 0) + text
    }

    static let packagePath = OptionSpec(
        name: "--package-path", value: "<path>",
        help:
            "The repository (default: the current folder or the nearest parent\nthat holds the Pattern Katas package)."
    )
    static let scratchPath = OptionSpec(
        name: "--scratch-path", value: "<path>",
        help: "The build folder for `swift test` (default: .build, as by hand).")
    static let timeLimit = OptionSpec(
        name: "--time-limit", value: "<seconds>",
        help: "How long one test may run before it is stopped as hanging (default 5).")
    static let step = OptionSpec(name: "--step", value: "<N>", help: "The step.")
    static let verbose = OptionSpec(
        name: "--verbose", short: "-v", help: "Also show `swift test`'s whole output.")
    static let manual = OptionSpec(
        name: "--manual",
        help: "Run again when you press Enter, not on save (for file systems\nthat don't report changes).")
    static let force = OptionSpec(name: "--force", help: "Show it even before you ran the kata's tests.")
    static let test = OptionSpec(
        name: "--test",
        help: "Run the kata's tests against the solution, in a build folder of its\n"
            + "own (.build-solutions): your own build stays as it is.")
    static let yes = OptionSpec(name: "--yes", short: "-y", help: "Don't ask first.")
    static let helpOption = OptionSpec(name: "--help", short: "-h", help: "Show this help.")

    /// Every option the tool knows.
    static let all: [OptionSpec] = [
        packagePath, scratchPath, timeLimit, step, verbose, manual, force, test, yes, helpOption,
    ]
}

/// The arguments of one `kata` command: its positional names and its options.
struct Options: Equatable {
    /// A command-line mistake, said in one sentence.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    var positional: [String] = []
    /// `--package-path`: the repository, when not the current folder (or a parent of it).
    var packagePath: URL?
    /// `--scratch-path`: the build folder for `swift test`.
    var scratchPath: URL?
    /// `--time-limit`: seconds one test may run before it is stopped as hanging.
    var timeLimit: Duration = .seconds(5)
    /// `--step N`: the step a hint or a reset is for.
    var step: Int?
    /// The options given that take no value (`--verbose`, `--yes`, `--help`…).
    var flags: Set<OptionSpec> = []

    /// Whether the option `flag` (one that takes no value) was given.
    func has(_ flag: OptionSpec) -> Bool { flags.contains(flag) }

    /// Reads `arguments`, accepting only the options in `allowed` (and `--help`).
    init(parsing arguments: [String], allowed: [OptionSpec]) throws(UsageError) {
        var rest = arguments[...]
        let currentFolder = URL(
            filePath: FileManager.default.currentDirectoryPath, directoryHint: .isDirectory)
        let accepted = allowed + [.helpOption]
        while var argument = rest.popFirst() {
            // `--time-limit=3` is `--time-limit 3`.
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "="),
                OptionSpec.all.contains(where: { $0.name == argument[..<equals] && $0.value != nil })
            {
                rest.insert(String(argument[argument.index(after: equals)...]), at: rest.startIndex)
                argument = String(argument[..<equals])
            }
            guard argument.hasPrefix("-") else {
                positional.append(argument)
                continue
            }
            guard let option = accepted.first(where: { $0.name == argument || $0.short == argument }) else {
                throw UsageError(description: "Unknown option '\(argument)'.")
            }
            guard option.value != nil else {
                flags.insert(option)
                continue
            }
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw UsageError(description: "\(argument) needs a value.")
            }
            switch option {
            case .packagePath: packagePath = URL(filePath: value, relativeTo: currentFolder).absoluteURL
            case .scratchPath: scratchPath = URL(filePath: value, relativeTo: currentFolder).absoluteURL
            case .timeLimit:
                guard let seconds = Double(value), seconds > 0, seconds <= 3600 else {
                    throw UsageError(
                        description:
                            "--time-limit needs a number of seconds above 0 and at most 3600, not '\(value)'."
                    )
                }
                timeLimit = .milliseconds(Int64(seconds * 1000))
            case .step:
                // 0 is a capstone's step 0, when the learner writes it.
                guard let number = Int(value), number >= 0 else {
                    throw UsageError(description: "--step needs a step number, not '\(value)'.")
                }
                step = number
            default: break
            }
        }
    }

    init() {}
}
