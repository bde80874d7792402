import Foundation

/// What one `kata` run found out about the tests it ran.
package struct RunReport: Sendable {
    /// How one test function did.
    package struct Outcome: Equatable, Sendable {
        package enum Status: Equatable, Sendable {
            case passed
            case failed
            case skipped
            /// The test process died in this test; the run went on without it.
            case crashed(Crash)
            /// The test ran past the time limit and was stopped.
            case hung(Hang)
            /// It never ran: its kata was left out after crashing or hanging twice.
            case notRun
        }

        /// `Module.Suite/test()/File.swift:12:6`, as the event stream names it.
        package let id: String
        let displayName: String
        package let status: Status
        let issues: [EventStream.Issue]
        /// Where the test is declared.
        let filePath: String?
        let line: Int?
        /// A learner net's test: the numbers of the planted changes it catches, in order.
        var catches: [Int] = []

        package init(
            id: String, displayName: String, status: Status, issues: [EventStream.Issue], filePath: String?,
            line: Int?, catches: [Int] = []
        ) {
            (self.id, self.displayName, self.status, self.issues) = (id, displayName, status, issues)
            (self.filePath, self.line, self.catches) = (filePath, line, catches)
        }

        /// The test module, such as `StrategyTests`.
        package var module: String { Self.module(ofTest: id) }
        /// `Module.Suite/test()`, without the source location: what `--filter` and `--skip`
        /// match, and what the kata check prints.
        package var name: String { Self.name(ofTest: id) }

        /// The module of the test `id` names.
        package static func module(ofTest id: String) -> String { String(id.prefix { $0 != "." }) }
        /// `id` without its source location.
        package static func name(ofTest id: String) -> String {
            id.split(separator: "/").prefix(2).joined(separator: "/")
        }
        package var passed: Bool { status == .passed }
        /// Whether this stands for a suite's own issues (``EventStream/suiteCheck``), not a test.
        var isSuiteCheck: Bool { name.hasSuffix("/" + EventStream.suiteCheck) }
    }

    /// A crash: the signal and what the log says about where it happened.
    package struct Crash: Equatable, Sendable {
        /// The signal's number, when the log gives it (4 for a Swift trap on x86).
        let signal: Int32?
        /// The runtime's message, such as `Fatal error: Unexpectedly found nil …`.
        let message: String?
        /// The first place in the learner's files (`Katas/…`) on the crashed thread, as
        /// `Katas/Strategy/LexicalSearch.swift:12`.
        let location: String?

        package init(signal: Int32?, message: String?, location: String?) {
            (self.signal, self.message, self.location) = (signal, message, location)
        }

        /// The kata whose file the crash is in.
        package var kata: Kata? {
            guard let location, location.hasPrefix("Katas/") else { return nil }
            let name = location.dropFirst("Katas/".count).prefix { $0 != "/" }
            return Catalog.katas.first { $0.pattern.name == name }
        }

        /// `signal 4, Illegal instruction`: the number, and the system's name for it.
        ///
        /// The system says what the number means (`strsignal`), so a macOS number reads right on
        /// macOS: SIGBUS is 10 there and 7 on Linux. Only Linux's have been run here.
        var signalDescription: String? {
            signal.map { number in
                guard let name = strsignal(number) else { return "signal \(number)" }
                return "signal \(number), \(String(cString: name))"
            }
        }
    }

    /// A test that ran past the time limit, and where the learner's code was when it was
    /// stopped.
    package struct Hang: Equatable, Sendable {
        /// The time limit it ran past.
        let seconds: Double
        /// The first frame in the learner's files on any thread's stack, as
        /// `Katas/Builder/ConnectionBuilder.swift:48 (in ConnectionBuilder.build(url:))`; `nil`
        /// when no stack reached into `Katas/` (the test waits on the tests' own code) or none
        /// was printed.
        var location: String?
        /// Whether the test process printed its threads' stacks before it was stopped.
        var stacksRead = false

        package init(seconds: Double, location: String? = nil, stacksRead: Bool = false) {
            (self.seconds, self.location, self.stacksRead) = (seconds, location, stacksRead)
        }

        /// What ``location`` says when neither the backtracer nor the line table gave a line.
        package static let noLine = "no line: neither the backtracer nor the debug information gave one"
    }

    /// A compiler error, the first one of a build that failed.
    package struct CompilerError: Equatable, Sendable, Codable {
        /// The file, relative to the package when it is inside it.
        package let file: String
        package let line: Int
        let column: Int
        package let message: String

        package init(file: String, line: Int, column: Int, message: String) {
            (self.file, self.line, self.column, self.message) = (file, line, column, message)
        }

        /// The kata the file belongs to (`Katas/<Pattern>/…`, or its tests in
        /// `Tests/<Pattern>Tests/…`, which fail to compile when the learner's API differs from
        /// the brief's), if it belongs to one.
        package var kata: Kata? {
            let parts = file.split(separator: "/")
            guard parts.count > 1 else { return nil }
            switch parts[0] {
            case "Katas": return Catalog.katas.first { $0.pattern.name == parts[1] }
            case "Tests": return Catalog.katas.first { $0.pattern.testModule == parts[1] }
            default: return nil
            }
        }

        /// `file:line:column: error: message`, as the compiler says it.
        package var diagnostic: String { "\(file):\(line):\(column): error: \(message)" }

        /// Whether the error is in a test file, not in the learner's own.
        var isInTests: Bool { file.hasPrefix("Tests/") }

        /// The module to leave out of the build so that the rest compiles without this error:
        /// the kata's for an error in `Katas/<Kata>/`, the test module's for one in a kata's
        /// tests or in the story tests (the learner's API no longer matches what they call);
        /// `nil` for an error in the repository's own code, which nothing left out would mend.
        package var module: String? {
            let parts = file.split(separator: "/").map(String.init)
            guard parts.count > 2 else { return nil }
            switch parts[0] {
            case "Katas": return Catalog.kata(ofModule: parts[1]) != nil ? parts[1] : nil
            case "Tests":
                let known =
                    Catalog.kata(ofModule: parts[1]) != nil
                    || KataModeVerdict.referenceOnlyModules.contains(parts[1])
                return known ? parts[1] : nil
            default: return nil
            }
        }
    }

    /// Every test function that was selected, in the order they ran.
    package var outcomes: [Outcome] = []
    /// Set when the package did not build, so nothing ran.
    package var buildErrors: [CompilerError] = []
    /// The modules left out of the build because they did not compile, each with its first
    /// error: the rest ran without them (KataSystem's `TestRunner.Leaving`).
    package var leftOut: [String: CompilerError] = [:]
    /// When the run began, before the build read any file.
    var began = Date()
    /// Crashes in a kata's code while another kata's test ran, by the crashing kata's test
    /// module: work it left running in the background.
    package var backgroundCrashes: [String: Crash] = [:]
    /// Set when the run ended without results for a reason the tool could not name.
    package var failure: String?
    /// Whether the learner pressed Ctrl-C.
    package var interrupted = false
    /// The log files of the run's passes, oldest first.
    package var logPaths: [String] = []
    /// What the event stream did not give (``EventStream/notes``), over every pass.
    package var streamNotes: Set<String> = []

    package init() {}

    /// The outcomes of one test module.
    func outcomes(inModule module: String) -> [Outcome] {
        outcomes.filter { $0.module == module }
    }

    /// The first compiler error of `kata`'s module or tests, when they were left out.
    func leftOutError(of kata: Kata) -> CompilerError? {
        leftOut[kata.pattern.name] ?? leftOut[kata.pattern.testModule]
    }
}

extension RunReport.Outcome {
    /// The outcome of the test `id`, with what `stream` says of its name and place.
    package init(id: String, status: Status, stream: EventStream) {
        self.init(
            id: id, displayName: stream.displayNames[id] ?? id, status: status,
            issues: stream.issues[id] ?? [],
            filePath: stream.locations[id]?.filePath, line: stream.locations[id]?.line,
            catches: (stream.plantedCatches[id] ?? []).sorted())
    }
}
