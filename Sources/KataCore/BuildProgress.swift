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
/// The total grows while SwiftPM plans (69, then 97, then 122…), so the counts' own share may
/// drop. ``percent`` is always the counts' own share, but it is left out (counts alone) while
/// that share is below the last one shown: it never goes back, and never disagrees with the
/// counts beside it. The bar, ``fraction``, stays at the last share shown.
package struct BuildProgress: Equatable, Sendable {
    package init() {}

    /// The steps done, as the last `[n/m]` line said.
    package private(set) var done = 0
    /// The steps in all, as the last `[n/m]` line said; 0 before the first one.
    package private(set) var total = 0
    /// What SwiftPM is doing now: `Compiling MessagingKit BuildProblem.swift`.
    package private(set) var current = ""
    /// The share of the build last shown, from 0 to 1: it never goes back.
    package var fraction: Double { Double(shown) / 100 }
    /// The largest percentage the counts have given so far.
    private var shown = 0
    /// Whether the counts' own share is below ``shown`` now: the total grew faster than they did.
    private var behind = false
    /// Whether SwiftPM said the build is over (`Build complete!`).
    package private(set) var isComplete = false
    /// Text that was not a complete line yet.
    private var pending = ""

    /// Reads the next text of the log; a line cut in two is kept until its end arrives.
    ///
    /// - Returns: whether anything shown changed.
    @discardableResult
    package mutating func consume(_ text: String) -> Bool {
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
        let own = min(100, step * 100 / steps)
        behind = own < shown
        shown = max(shown, own)
    }

    /// An action as a learner reads it: a full path is cut down to its file's name.
    private static func shortened(_ action: String) -> String {
        // `/…/PatternKatasPackageTests.derived/runner.swift` names a generated file.
        guard action.hasPrefix("/") else { return action }
        return "Generating " + (action.split(separator: "/").last.map(String.init) ?? action)
    }

    /// The share of the build done as the counts say it, a whole percentage; `nil` while it is
    /// below one shown before (SwiftPM's total grew), so that it never goes back.
    package var percent: Int? { behind ? nil : shown }

    /// Whether SwiftPM has said how many steps the build has.
    package var hasStarted: Bool { total > 0 }
}
