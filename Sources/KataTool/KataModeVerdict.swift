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

        let others = results.filter { !kataModules.contains($0.module) }
        for test in others where !test.passed {
            let reason = test.skipped ? "was skipped" : "failed: " + test.failures.joined(separator: "; ")
            problems.append("\(test.id) \(reason). Tests outside the katas must pass in both modes.")
        }

        self.summaries = summaries
        self.otherTotal = others.count
        self.otherPassed = others.filter(\.passed).count
        self.problems = problems
    }
}

/// Reads what a `swift test` log says about a run that did not finish.
enum TestLog {
    /// What a crash left behind: the runtime's message, then the crashed thread's first frames
    /// in the package's own files (the failing code, then the test that called it), with paths
    /// relative to `root`.
    static func crashReport(in log: String, root: String) -> [String] {
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        var report =
            lines.first { $0.contains("Fatal error") }.map { [String($0.drop(while: \.isWhitespace))] } ?? []
        let prefix = root.hasSuffix("/") ? root : root + "/"
        let crashedThread = lines.firstIndex { $0.hasPrefix("Thread ") && $0.hasSuffix(" crashed:") }
        if let crashedThread {
            // The thread's frames follow its header after one blank line and end at the next one.
            let frames = lines[(crashedThread + 1)...].drop { $0.isEmpty }.prefix { !$0.isEmpty }
            for frame in frames {
                guard let at = frame.range(of: " at " + prefix) else { continue }
                report.append("in \(symbol(in: frame[..<at.lowerBound])) at \(frame[at.upperBound...])")
                if report.count >= 4 { break }
            }
        }
        if let signal = log.range(of: "exited with unexpected signal code ") {
            report.append("the test process " + log[signal.lowerBound...].prefix { $0 != "\n" })
        }
        return report
    }

    /// The function in a backtrace frame such as
    /// `3 [ra]  0x0000… Type.method(_:) + 123 in Binary.xctest`: `Type.method(_:)`.
    static func symbol(in frame: Substring) -> Substring {
        var symbol = frame
        if let binary = symbol.range(of: " in ", options: .backwards) {
            symbol = symbol[..<binary.lowerBound]
        }
        if let address = symbol.range(of: " 0x") {
            symbol = symbol[address.upperBound...].drop { !$0.isWhitespace }.drop(while: \.isWhitespace)
        }
        if let offset = symbol.range(of: " + ", options: .backwards),
            symbol[offset.upperBound...].allSatisfy(\.isNumber)
        {
            symbol = symbol[..<offset.lowerBound]
        }
        return symbol
    }

    /// The compiler's error lines, when the package did not build.
    static func buildErrors(in log: String) -> [String] {
        log.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
    }
}
