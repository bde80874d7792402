/// The nine patterns a kata can teach, and where each one's files live.
struct Pattern: Hashable, Comparable, CustomStringConvertible {
    /// The module's name, also the folder name under `Katas/` and `Solutions/`.
    let name: String

    /// Every pattern the course plans, in no particular order.
    static let all: [Pattern] = [
        "ChainOfResponsibility", "State", "Proxy", "Command", "Builder", "Flyweight", "Factory",
        "Strategy", "Singleton",
    ].map(Pattern.init(name:))

    /// The test module that checks this pattern's kata and solution.
    var testModule: String { name + "Tests" }

    /// The guide's file name: `ChainOfResponsibility` → `chain-of-responsibility.md`.
    var guideFileName: String {
        var kebab = ""
        for character in name {
            if character.isUppercase, !kebab.isEmpty { kebab.append("-") }
            kebab.append(contentsOf: character.lowercased())
        }
        return kebab + ".md"
    }

    var description: String { name }

    static func < (lhs: Pattern, rhs: Pattern) -> Bool { lhs.name < rhs.name }
}
