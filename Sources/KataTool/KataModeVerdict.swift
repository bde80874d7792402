import Foundation

/// Decides whether a `swift test` run of the untouched stubs is what the kata contract asks for:
/// every test of every kata fails, every other test passes.
struct KataModeVerdict {
    /// How one kata's tests did.
    struct KataSummary: Equatable {
        let pattern: Pattern
        let total: Int
        let red: Int
    }

    /// One line per kata present, in name order.
    let summaries: [KataSummary]
    /// How many tests are not kata tests (the domain modules, the tool) and how many passed.
    let otherTotal: Int
    let otherPassed: Int
    /// How many tests of the reference-only modules (``KataModeVerdict/referenceOnlyModules``)
    /// were skipped, as they must be in kata mode.
    let referenceOnlySkipped: Int

    /// Test modules that check the reference solutions wired together, not a learner's kata:
    /// they run with `KATA_SOLUTIONS=1` and skip themselves otherwise.
    static let referenceOnlyModules: Set<String> = ["StoryTests"]
    /// Everything that breaks the contract; empty when the run is as it should be.
    let problems: [String]

    init(patterns: [Pattern], results: [TestResult]) {
        var summaries: [KataSummary] = []
        var problems: [String] = []
        let kataModules = Set(patterns.map(\.testModule))

        for pattern in patterns {
            let tests = results.filter { $0.module == pattern.testModule }
            if tests.isEmpty {
                problems.append(
                    "No \(pattern.testModule) ran. Is (\"\(pattern.name)\", …) in the katas list of Package.swift, "
                        + "and does Tests/\(pattern.testModule) have tests?")
            }
            for test in tests where test.passed {
                problems.append(
                    "\(test.id) passed on the untouched stub. A kata test must fail until the learner writes "
                        + "the code; test behaviour the stub doesn't have yet.")
            }
            for test in tests where test.skipped {
                problems.append("\(test.id) was skipped. A kata test must run, and fail on the stub.")
            }
            summaries.append(
                KataSummary(
                    pattern: pattern, total: tests.count, red: tests.filter { !$0.failures.isEmpty }.count))

            // `swift test --filter StrategyTests` must select exactly the Strategy tests.
            for test in results
            where test.module != pattern.testModule && test.id.contains(pattern.testModule) {
                problems.append(
                    "\(test.id) contains \"\(pattern.testModule)\", so `swift test --filter \(pattern.testModule)` "
                        + "would run it too. Rename the suite or test.")
            }
        }

        let referenceOnly = results.filter { Self.referenceOnlyModules.contains($0.module) }
        for test in referenceOnly where !test.skipped {
            problems.append(
                "\(test.id) ran on the stubs. It checks the reference solutions wired together, so it must "
                    + "skip itself unless KATA_SOLUTIONS=1.")
        }
        let others = results.filter {
            !kataModules.contains($0.module) && !Self.referenceOnlyModules.contains($0.module)
        }
        for test in others where !test.passed {
            let reason = test.skipped ? "was skipped" : "failed: " + test.failures.joined(separator: "; ")
            problems.append("\(test.id) \(reason). Tests outside the katas must pass in both modes.")
        }

        self.summaries = summaries
        self.referenceOnlySkipped = referenceOnly.filter(\.skipped).count
        self.otherTotal = others.count
        self.otherPassed = others.filter(\.passed).count
        self.problems = problems
    }
}

/// One test's outcome.
struct TestResult: Equatable {
    /// `Module.Suite` (or just `Module` for a test outside a suite).
    var classname: String
    /// The test function, such as `keepsMatches()`.
    var name: String
    /// One message per recorded issue; empty when the test passed.
    var failures: [String]
    /// Whether the test was skipped (a disabled test).
    var skipped: Bool = false

    /// The test module: the part of ``classname`` before the first dot.
    var module: String { String(classname.prefix { $0 != "." }) }
    /// The identifier `swift test --filter` matches against: `Module.Suite/test()`.
    var id: String { "\(classname)/\(name)" }
    /// Whether the test ran and recorded no issue.
    var passed: Bool { failures.isEmpty && !skipped }
}
