import Foundation
import Testing

/// Fails every test of a kata's suite while the kata's own files switch a Swift 6 check off.
///
/// One line on each step's suite, instead of a check in some test of each step:
///
/// ```swift
/// @Suite("State · Step 1 — …", .tags(.messaging), .noEscapeHatches("State", rule: "1.2"))
/// ```
///
/// Before each test, it reads the kata's files (`Katas/<Pattern>`, or `Solutions/<Pattern>` when
/// `KATA_SOLUTIONS=1`, subfolders included) once per run, and records one issue naming each
/// escape hatch's file and line, with why it is refused. A brief that states the rule gives its
/// number: `kata rules` counts the trait as the test that cites it.
public struct NoEscapeHatches: SuiteTrait, TestTrait, TestScoping {
    /// The kata whose files are read, such as `"State"`.
    public let pattern: String
    /// The brief's rule that asks for no escape hatch, if it states one.
    public let rule: String?

    /// Every test of the suite, not the suite once.
    public var isRecursive: Bool { true }

    /// Reads the kata's files (once per run), records an issue if any switches a check off, then
    /// runs the test.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let findings = try Self.findings(of: pattern)
        if let first = findings.first {
            let rule = rule.map { " (rule \($0))" } ?? ""
            // Why at the first hatch's line: a failure's place is where the learner looks.
            let root = EscapeHatches.packageRoot()
            Issue.record(
                Comment(
                    rawValue: "Make shared state safe with an actor, a Mutex or immutable lets, not by "
                        + "switching Swift 6's checks off\(rule):\n"
                        + findings.map { "  \($0)" }.joined(separator: "\n")),
                sourceLocation: SourceLocation(
                    fileID: "\(pattern)/\(URL(filePath: first.file).lastPathComponent)",
                    filePath: root.appending(path: first.file).path, line: first.line, column: 1))
        }
        try await function()
    }

    private static let read = Guarded<[String: [EscapeHatches.Finding]]>([:])

    /// The kata's findings, read the first time a test asks: the files don't change during a run.
    private static func findings(of pattern: String) throws -> [EscapeHatches.Finding] {
        if let known = read.withLock({ $0[pattern] }) { return known }
        let found = try EscapeHatches.findings(inPattern: pattern)
        read.withLock { $0[pattern] = found }
        return found
    }
}

extension Trait where Self == NoEscapeHatches {
    /// Fails every test of the suite while `pattern`'s files switch a Swift 6 check off; `rule`
    /// is the brief's rule that says so, if it states one.
    public static func noEscapeHatches(_ pattern: String, rule: String? = nil) -> Self {
        NoEscapeHatches(pattern: pattern, rule: rule)
    }
}
