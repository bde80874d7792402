import Foundation

/// Decides whether a `swift test` run of the untouched stubs is what the kata contract asks for:
/// every test of every kata fails, except a capstone's safety net, which passes; every other
/// test passes.
package struct KataModeVerdict {
    /// How one kata's tests did.
    package struct KataSummary: Equatable {
        package let pattern: Pattern
        /// The step tests, and how many failed.
        package let total: Int
        package let red: Int
        /// A capstone's safety-net tests, and how many passed.
        package var safetyNetTotal = 0
        package var safetyNetGreen = 0
    }

    /// One line per kata present, in name order.
    package let summaries: [KataSummary]
    /// Each capstone's learner net (``Kata/Capstone/learnerNet``): how many tests it has on the
    /// stubs, and how many are red, by test module.
    package let learnerNets: [(module: String, total: Int, red: Int)]
    /// How many tests are not kata tests (the domain modules, the tool) and how many passed.
    package let otherTotal: Int
    package let otherPassed: Int
    /// How many tests of the reference-only modules (``KataModeVerdict/referenceOnlyModules``)
    /// were skipped, as they must be in kata mode.
    package let referenceOnlySkipped: Int

    /// Test modules that check the reference solutions wired together, not a learner's kata:
    /// they run with `KATA_SOLUTIONS=1` and skip themselves otherwise.
    static let referenceOnlyModules: Set<String> = ["StoryTests"]
    /// Everything that breaks the contract; empty when the run is as it should be.
    package let problems: [String]

    /// - Parameter safetyNets: The capstones' characterization suites, as `Module.Suite`
    ///   (`ScanCapstoneTests.SafetyNet`): they pin what the legacy stubs do, so each of their
    ///   tests must pass on the stubs.
    /// - Parameter learnerNets: The test modules of the nets learners write at a capstone's
    ///   step 0: on the stubs each has only its starting test, and it fails.
    package init(
        patterns: [Pattern], outcomes results: [RunReport.Outcome], safetyNets: Set<String> = [],
        learnerNets: Set<String> = []
    ) {
        var summaries: [KataSummary] = []
        var problems: [String] = []
        let kataModules = Set(patterns.map(\.testModule))
        // `Module.Suite`, or a suite nested in it: `Module.Suite.Inner`.
        func isSafetyNet(_ test: RunReport.Outcome) -> Bool {
            safetyNets.contains { test.suite == $0 || test.suite.hasPrefix($0 + ".") }
        }

        for pattern in patterns {
            let all = results.filter { $0.module == pattern.testModule }
            if all.isEmpty {
                problems.append(
                    "No \(pattern.testModule) ran. Is (\"\(pattern.name)\", …) in the katas or capstones list of "
                        + "Package.swift, and does Tests/\(pattern.testModule) have tests?")
            }
            let pinning = all.filter(isSafetyNet)
            for test in pinning where !test.passed {
                problems.append(
                    "\(test.name) \(test.whyNotPassed). A safety-net test pins what the legacy stub does: it must pass on the "
                        + "untouched stub (and after every step).")
            }
            let tests = all.filter { !isSafetyNet($0) }
            for test in tests where test.passed {
                problems.append(
                    "\(test.name) passed on the untouched stub. A kata test must fail until the learner writes "
                        + "the code; test behaviour the stub doesn't have yet.")
            }
            for test in tests where test.skipped {
                problems.append("\(test.name) was skipped. A kata test must run, and fail on the stub.")
            }
            summaries.append(
                KataSummary(
                    pattern: pattern, total: tests.count, red: tests.count { !$0.failures.isEmpty },
                    safetyNetTotal: pinning.count, safetyNetGreen: pinning.count(where: \.passed)))

            // `swift test --filter StrategyTests` must select exactly the Strategy tests.
            for test in results
            where test.module != pattern.testModule && test.name.contains(pattern.testModule) {
                problems.append(
                    "\(test.name) contains \"\(pattern.testModule)\", so `swift test --filter \(pattern.testModule)` "
                        + "would run it too. Rename the suite or test.")
            }
        }

        var nets: [(module: String, total: Int, red: Int)] = []
        for net in learnerNets.sorted() {
            let tests = results.filter { $0.module == net }
            if tests.isEmpty {
                problems.append(
                    "No \(net) ran. The learner's net starts with one test in its stub, and it must run.")
            }
            for test in tests where test.failures.isEmpty {
                problems.append(
                    "\(test.name) \(test.skipped ? "was skipped" : "passed") on the untouched stub. The learner's net "
                        + "starts red: its starting test must fail until the learner finishes it.")
            }
            nets.append((net, tests.count, tests.count { !$0.failures.isEmpty }))
        }
        self.learnerNets = nets

        let referenceOnly = results.filter { Self.referenceOnlyModules.contains($0.module) }
        for test in referenceOnly where !test.skipped {
            problems.append(
                "\(test.name) ran on the stubs. It checks the reference solutions wired together, so it must "
                    + "skip itself unless KATA_SOLUTIONS=1.")
        }
        let others = results.filter {
            !kataModules.contains($0.module) && !Self.referenceOnlyModules.contains($0.module)
                && !learnerNets.contains($0.module)
        }
        for test in others where !test.passed {
            problems.append(
                "\(test.name) \(test.whyNotPassed). Tests outside the katas must pass in both modes.")
        }

        self.summaries = summaries
        self.referenceOnlySkipped = referenceOnly.count(where: \.skipped)
        self.otherTotal = others.count
        self.otherPassed = others.count(where: \.passed)
        self.problems = problems
    }
}

/// What the verdict reads of a test's outcome.
extension RunReport.Outcome {
    /// `Module.Suite`: the test's name before its function.
    fileprivate var suite: String { String(name.prefix { $0 != "/" }) }
    fileprivate var skipped: Bool { status == .skipped }
    /// One message per recorded issue, or the status when it failed without one; empty when it
    /// passed or was skipped.
    fileprivate var failures: [String] {
        passed || skipped ? [] : (issues.isEmpty ? ["\(status)"] : issues.map(\.message))
    }
    /// `was skipped`, or `failed: ` and its failures.
    fileprivate var whyNotPassed: String {
        skipped ? "was skipped" : "failed: " + failures.joined(separator: "; ")
    }
}
