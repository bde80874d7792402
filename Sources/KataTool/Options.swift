import Foundation

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
    var verbose = false
    var force = false
    var yes = false
    var manual = false
    var test = false
    var help = false

    /// The options that take a value.
    static let valued: Set<String> = ["--package-path", "--scratch-path", "--time-limit", "--step"]

    /// Reads `arguments`, accepting only the options in `allowed` (and `--help`).
    init(parsing arguments: [String], allowed: Set<String>) throws(UsageError) {
        var rest = arguments[...]
        let currentFolder = URL(
            filePath: FileManager.default.currentDirectoryPath, directoryHint: .isDirectory)
        while var argument = rest.popFirst() {
            // `--time-limit=3` is `--time-limit 3`.
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "="),
                Self.valued.contains(String(argument[..<equals]))
            {
                rest.insert(String(argument[argument.index(after: equals)...]), at: rest.startIndex)
                argument = String(argument[..<equals])
            }
            if argument == "--help" || argument == "-h" {
                help = true
                continue
            }
            guard argument.hasPrefix("-") else {
                positional.append(argument)
                continue
            }
            guard allowed.contains(argument) else {
                throw UsageError(description: "Unknown option '\(argument)'.")
            }
            var value = ""
            if Self.valued.contains(argument) {
                guard let next = rest.popFirst(), !next.hasPrefix("--") else {
                    throw UsageError(description: "\(argument) needs a value.")
                }
                value = next
            }
            switch argument {
            case "--package-path": packagePath = URL(filePath: value, relativeTo: currentFolder).absoluteURL
            case "--scratch-path": scratchPath = URL(filePath: value, relativeTo: currentFolder).absoluteURL
            case "--time-limit":
                guard let seconds = Double(value), seconds > 0, seconds <= 3600 else {
                    throw UsageError(
                        description:
                            "--time-limit needs a number of seconds above 0 and at most 3600, not '\(value)'."
                    )
                }
                timeLimit = .milliseconds(Int64(seconds * 1000))
            case "--step":
                guard let number = Int(value), number > 0 else {
                    throw UsageError(description: "--step needs a step number, not '\(value)'.")
                }
                step = number
            case "--verbose", "-v": verbose = true
            case "--force": force = true
            case "--yes", "-y": yes = true
            case "--manual": manual = true
            case "--test": test = true
            default: throw UsageError(description: "Unknown option '\(argument)'.")
            }
        }
    }

    init() {}
}
