/// A design pattern a kata teaches, and where its files live; for a capstone, its module.
package struct Pattern: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The module's name, also the folder name under `Katas/` and `Solutions/`.
    package let name: String
    /// How a learner reads the name, when it is not the name's words (`Scan capstone`).
    private var title: String?

    init(name: String, displayName: String? = nil) {
        self.name = name
        self.title = displayName
    }

    /// The nine patterns, in the learning path's order (``Catalog``); capstones are not patterns.
    static var all: [Pattern] { Catalog.patternKatas.map(\.pattern) }

    /// The test module that checks this pattern's kata and solution.
    package var testModule: String { name + "Tests" }

    /// The name as a learner reads it: `ChainOfResponsibility` → `Chain of Responsibility`.
    package var displayName: String {
        if let title { return title }
        return words.enumerated().map { $0.offset > 0 && $0.element == "Of" ? "of" : $0.element }
            .joined(separator: " ")
    }

    /// The guide's file name: `ChainOfResponsibility` → `chain-of-responsibility.md`.
    package var guideFileName: String {
        words.map { $0.lowercased() }.joined(separator: "-") + ".md"
    }

    /// The words of the name: each runs from a capital letter (or the name's first letter) to the next.
    private var words: [String] { name.matches(of: /.\P{Lu}*/).map { String($0.output) } }

    package var description: String { name }

    package static func < (lhs: Pattern, rhs: Pattern) -> Bool { lhs.name < rhs.name }

    // The name alone is the identity: a title is how it reads, not which module it is.
    package static func == (lhs: Pattern, rhs: Pattern) -> Bool { lhs.name == rhs.name }

    package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
