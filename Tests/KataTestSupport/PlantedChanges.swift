import Foundation
import Testing

/// One program a learner's characterization net runs against: a correct one, or one with a
/// planted change.
///
/// This is how the capstones grade the net a learner writes at step 0, the way Brown
/// University's Examplar grades students' examples: every test must pass on the correct programs
/// (Examplar's "wheats"), and together the tests must fail on every program with a planted
/// change (its "chaffs"). All of them are compiled into the one test binary and chosen at run
/// time, so grading costs one test run, not a build per program.
public struct NetProgram: Sendable, Hashable {
    /// What the learner reads: `your screen`, `the legacy screen`.
    public let name: String
    /// What the planted change does, in terms of behaviour; `nil` for a correct program.
    public let change: String?

    /// A correct program: every test of the net must pass on it.
    public static func correct(_ name: String) -> NetProgram { NetProgram(name: name, change: nil) }

    /// A program with one planted change, described by what it changes, not how.
    public static func planted(_ change: String) -> NetProgram {
        NetProgram(name: "a planted change", change: change)
    }

    /// Whether the net must pass on it.
    public var isCorrect: Bool { change == nil }
}

/// What one test of the net did on each program.
public struct NetTestResult: Sendable, Equatable {
    /// The correct programs the test failed on.
    public var failedOnCorrect: [String] = []
    /// The planted changes the test failed on.
    public var failedOnPlanted: Set<String> = []

    /// A result: the correct programs the test failed on, and the planted changes.
    public init(failedOnCorrect: [String] = [], failedOnPlanted: Set<String> = []) {
        self.failedOnCorrect = failedOnCorrect
        self.failedOnPlanted = failedOnPlanted
    }
}

/// A net's grade: which planted changes its tests catch.
///
/// Plain values in, a value out: the trait below feeds it, and its tests need no test run.
public struct NetGrade: Sendable, Equatable {
    /// Every planted change, in the order they are listed.
    public let changes: [String]
    /// The planted changes some test catches: a test that fails on one and passes on every
    /// correct program.
    public let caught: Set<String>
    /// How many tests ran.
    public let testCount: Int

    /// Grades `results`, one per test that ran, against `changes`.
    ///
    /// A test that fails on a correct program catches nothing: it fails there for its own
    /// reasons, so its failure on a planted change says nothing about the change.
    public init(changes: [String], results: [NetTestResult]) {
        self.changes = changes
        self.testCount = results.count
        self.caught = Set(results.filter { $0.failedOnCorrect.isEmpty }.flatMap(\.failedOnPlanted))
    }

    /// The planted changes no test catches, in the order they are listed.
    public var missed: [String] { changes.filter { !caught.contains($0) } }

    /// Whether every planted change is caught.
    public var catchesEverything: Bool { missed.isEmpty && testCount > 0 }

    /// What the learner reads: how many changes the net catches, and what the missed ones change,
    /// each with its number (the number a test's run on it is named by: "planted change 3 of 10").
    public var summary: String {
        guard testCount > 0 else {
            return "Your net has no tests yet, so it catches none of the \(changes.count) planted changes."
        }
        let head = "Your net catches \(caught.count) of \(changes.count) planted changes."
        guard !missed.isEmpty else { return head }
        let lines = changes.enumerated().filter { !caught.contains($0.element) }.map { index, change in
            "- \(index + 1). \(change)"
        }
        return ([head, "It misses:"] + lines).joined(separator: "\n")
    }
}

/// Runs every test of a suite against each program of a net, and grades the suite.
///
/// On a correct program a failure is the test's own: it is recorded, prefixed with the program's
/// name. On a planted change a failure is a catch: it is recorded as a known issue, so the test
/// still passes. When the suite's tests have run, one issue at the suite's line says which
/// changes no test caught. A capstone's own module makes the trait for its programs (see
/// `ScanCapstoneSubjects`), with `running` setting which program its tests get.
public struct PlantedChanges: SuiteTrait, TestTrait, TestScoping {
    /// The correct programs first, then the planted changes.
    public let programs: [NetProgram]
    /// Runs `body` with `program` as the one the tests' seam makes.
    public let running: @Sendable (NetProgram, @Sendable () async -> Void) async -> Void

    /// A trait for `programs`, with `running` choosing which one the seam makes.
    public init(
        programs: [NetProgram],
        running: @escaping @Sendable (NetProgram, @Sendable () async -> Void) async -> Void
    ) {
        self.programs = programs
        self.running = running
    }

    /// Every test of the suite, not the suite alone.
    public var isRecursive: Bool { true }

    /// The suite once (to grade it), and each test case (to run it on every program).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> PlantedChanges? {
        test.isSuite || testCase != nil ? self : nil
    }

    /// What the tests of the suite that is running did.
    @TaskLocal private static var results: Results?

    private final class Results: Sendable {
        // `Guarded`, not `Mutex`: the suite's tests report here at once, and ThreadSanitizer
        // can't see a contended `Mutex` (.ci/tsan-suppressions.txt).
        let all = Guarded<[NetTestResult]>([])
    }

    /// Runs the suite's tests and grades them, or runs one test case on every program.
    ///
    /// For the suite, one issue at its line says what its tests missed. For a test case, its
    /// failures on the correct programs are recorded; those on planted changes are catches.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if test.isSuite {
            let results = Results()
            try await Self.$results.withValue(results) { try await function() }
            let grade = NetGrade(
                changes: programs.compactMap(\.change), results: results.all.withLock { $0 })
            if !grade.catchesEverything {
                Issue.record(Comment(rawValue: grade.summary), sourceLocation: test.sourceLocation)
            }
            return
        }
        var result = NetTestResult()
        for program in programs {
            let failures = await failures(of: function, on: program, thrownAt: test.sourceLocation)
            guard !failures.isEmpty else { continue }
            if let change = program.change {
                result.failedOnPlanted.insert(change)
            } else {
                result.failedOnCorrect.append(program.name)
                for failure in failures {
                    let message =
                        "This test fails on \(program.name): "
                        + failure.description.replacingOccurrences(of: " (error)", with: "")
                    Issue.record(
                        Comment(rawValue: message),
                        sourceLocation: failure.sourceLocation ?? test.sourceLocation)
                }
            }
        }
        Self.results?.all.withLock { $0.append(result) }
    }

    /// The issues `function` records on `program`, held back from the test's result; an error it
    /// throws is recorded at `thrownAt`, the test's own line.
    private func failures(
        of function: @Sendable () async throws -> Void, on program: NetProgram, thrownAt: SourceLocation
    ) async -> [Issue] {
        let found = Guarded<[Issue]>([])
        // The known issue's comment names the program by number, not by what it changes: the
        // raw `swift test` output would otherwise list every planted change, the net's answers.
        let number = (programs.firstIndex(of: program) ?? 0) - programs.filter(\.isCorrect).count + 1
        await withKnownIssue(
            program.isCorrect
                ? "Run on \(program.name)"
                : "Run on planted change \(number) of \(programs.count(where: { !$0.isCorrect }))",
            isIntermittent: true
        ) {
            await running(program) {
                do { try await function() } catch { Issue.record(error, sourceLocation: thrownAt) }
            }
        } matching: { issue in
            found.withLock { $0.append(issue) }
            return true
        }
        return found.withLock { $0 }
    }
}
