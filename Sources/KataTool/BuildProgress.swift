/// How far SwiftPM's build is, read from the `[n/m]` lines it prints.
///
/// Written to a file (as the tool runs it), SwiftPM prints one line per build step:
///
/// ```
/// Building for debugging...
/// [0/69] Write sources
/// [33/122] Compiling MessagingKit BuildProblem.swift
/// [352/353] Linking PatternKatasPackageTests.xctest
/// Build complete! (90.14s)
/// ```
///
/// The total changes while SwiftPM plans (69, then 97, then 122…): ``fraction``, which the bar
/// and ``percent`` show, never goes back (it is the largest fraction seen so far), while the
/// counts beside them are SwiftPM's own.
struct BuildProgress: Equatable, Sendable {
    /// The steps done, as the last `[n/m]` line said.
    private(set) var done = 0
    /// The steps in all, as the last `[n/m]` line said; 0 before the first one.
    private(set) var total = 0
    /// What SwiftPM is doing now: `Compiling MessagingKit BuildProblem.swift`.
    private(set) var current = ""
    /// The largest share of the build done so far, from 0 to 1.
    private(set) var fraction = 0.0
    /// Whether SwiftPM said the build is over (`Build complete!`).
    private(set) var isComplete = false
    /// Text that was not a complete line yet.
    private var pending = ""

    /// Reads the next text of the log; a line cut in two is kept until its end arrives.
    ///
    /// - Returns: whether anything shown changed.
    @discardableResult
    mutating func consume(_ text: String) -> Bool {
        let before = self
        pending += text
        var lines = pending.split(separator: "\n", omittingEmptySubsequences: false)
        pending = String(lines.removeLast())
        for line in lines { consume(line: line) }
        return before.done != done || before.total != total || before.current != current
            || before.isComplete != isComplete
    }

    private mutating func consume(line: Substring) {
        if line.hasPrefix("Build complete!") {
            isComplete = true
            return
        }
        guard let match = line.firstMatch(of: /^\[(\d+)\/(\d+)\] (.*)$/),
            let step = Int(match.1), let steps = Int(match.2), steps > 0
        else { return }
        done = step
        total = steps
        current = Self.shortened(String(match.3))
        fraction = max(fraction, min(1, Double(step) / Double(steps)))
    }

    /// An action as a learner reads it: a full path is cut down to its file's name.
    private static func shortened(_ action: String) -> String {
        // `/…/PatternKatasPackageTests.derived/runner.swift` names a generated file.
        guard action.hasPrefix("/") else { return action }
        return "Generating " + (action.split(separator: "/").last.map(String.init) ?? action)
    }

    /// The largest share of the build done so far, as a whole percentage: like the bar, it never
    /// goes back, even when SwiftPM's total grows and the counts' own share drops a little.
    var percent: Int { Int(fraction * 100) }

    /// Whether SwiftPM has said how many steps the build has.
    var hasStarted: Bool { total > 0 }
}
