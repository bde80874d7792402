/// Checks that everything that lists the katas agrees with ``Catalog``: `Package.swift`, the
/// README's table, the learning path, each kata's test suites, its brief's steps and its hints.
struct CatalogCheck {
    let workspace: Workspace

    /// Every disagreement, one sentence each; empty when all agree.
    func problems() -> [String] {
        let expected = Catalog.katas.map(\.pattern.name)
        var problems: [String] = []

        let manifestText = workspace.read("Package.swift")
        let manifest = Self.entries(of: "katas", in: manifestText).map(\.name)
        let patterns = Catalog.patternKatas.map(\.pattern.name)
        if manifest != patterns {
            problems.append(
                "Package.swift's katas list is \(manifest.joined(separator: ", ")); the catalog "
                    + "(Sources/KataTool/Catalog.swift) is \(patterns.joined(separator: ", ")). Keep one order."
            )
        }
        problems += capstoneProblems(Self.entries(of: "capstones", in: manifestText))
        // The capstones' rows come after the nine, with their briefs linked the same way.
        for (file, linkPrefix) in [("README.md", "Katas/"), ("docs/README.md", "../Katas/")] {
            let listed = workspace.read(file).split(separator: "\n").filter { $0.hasPrefix("|") }
                .compactMap { row in
                    row.firstMatch(of: /\]\((?:\.\.\/)?Katas\/(\w+)\/README\.md\)/).map { String($0.1) }
                }
            if listed != expected {
                problems.append(
                    "\(file)'s table links the briefs (\(linkPrefix)<Pattern>/README.md) in the order "
                        + "\(listed.joined(separator: ", ")); the catalog's is \(expected.joined(separator: ", "))."
                )
            }
        }
        for kata in Catalog.katas {
            problems += suiteProblems(of: kata) + briefProblems(of: kata) + hintProblems(of: kata)
        }
        return problems
    }

    /// One entry of a list in `Package.swift`: a name and its first list (a kata's domains, a
    /// capstone's prerequisites).
    struct ManifestEntry: Equatable {
        let name: String
        let firstList: [String]
    }

    /// The entries of the list `let <name> … = [ … ]` in `Package.swift`, in order; empty when it
    /// has none.
    static func entries(of list: String, in manifest: String) -> [ManifestEntry] {
        // The list runs from its `let` to the first `]` alone at the start of a line.
        guard let start = manifest.range(of: "\nlet \(list)"),
            let end = manifest[start.upperBound...].range(of: "\n]")
        else { return [] }
        return manifest[start.upperBound..<end.lowerBound].matches(of: /\(\s*"(\w+)",\s*\[([^\]]*)\]/).map {
            ManifestEntry(
                name: String($0.1),
                firstList: $0.2.matches(of: /"(\w+)"/).map { String($0.1) })
        }
    }

    /// `Package.swift`'s capstones must be the catalog's, in order, each with the prerequisites
    /// its steps need: the modules the capstone depends on.
    private func capstoneProblems(_ manifest: [ManifestEntry]) -> [String] {
        let capstones = Catalog.capstones
        guard manifest.map(\.name) == capstones.map(\.pattern.name) else {
            return [
                "Package.swift's capstones list is \(manifest.map(\.name).joined(separator: ", ")); the catalog "
                    + "(Sources/KataTool/Catalog.swift) is \(capstones.map(\.pattern.name).joined(separator: ", ")). "
                    + "Keep one order."
            ]
        }
        return zip(manifest, capstones).compactMap { entry, capstone in
            let needed = capstone.prerequisites.map(\.name)
            guard Set(entry.firstList) != Set(needed) else { return nil }
            return
                "Package.swift gives \(entry.name) the prerequisites \(entry.firstList.joined(separator: ", ")); "
                + "its steps in the catalog need \(needed.joined(separator: ", ")). List the kata modules its steps need."
        }
    }

    /// The step suites declared in the kata's tests must be the catalog's, step for step; a
    /// capstone's tests must also declare its safety-net suites.
    private func suiteProblems(of kata: Kata) -> [String] {
        let folder = "Tests/\(kata.pattern.testModule)"
        var declared: [Int: String] = [:]
        var suites: Set<String> = []
        for file in workspace.swiftFiles(in: folder) {
            let source = workspace.read("\(folder)/\(file)")
            for match in source.matches(
                of:
                    /@Suite\(\s*"([^"\n]*)"(?:.|\n)*?\n\s*(?:final class|class|struct|enum|actor) (\w+)/
            ) {
                suites.insert(String(match.2))
                if let step = match.1.firstMatch(of: /Step (\d+) —/).flatMap({ Int($0.1) }) {
                    declared[step] = String(match.2)
                }
            }
        }
        var problems: [String] = []
        for safetyNet in kata.capstone?.safetyNets ?? [] where !suites.contains(safetyNet) {
            problems.append(
                "\(folder) declares no suite \(safetyNet): the catalog's safety net for \(kata.pattern.displayName). "
                    + "Add its @Suite, or update Sources/KataTool/Catalog.swift.")
        }
        let expected = Dictionary(
            uniqueKeysWithValues: kata.suites.enumerated().map { ($0.offset + 1, $0.element) })
        guard declared != expected else { return problems }
        let found = declared.keys.sorted().map { "step \($0): \(declared[$0] ?? "")" }.joined(separator: ", ")
        return problems + [
            "\(folder) declares the step suites \(found.isEmpty ? "(none)" : found); the catalog lists "
                + kata.suites.enumerated().map { "step \($0.offset + 1): \($0.element)" }.joined(
                    separator: ", ")
                + ". Update Sources/KataTool/Catalog.swift with the suites."
        ]
    }

    /// The brief has one section per step, in order, and no hint.
    ///
    /// A capstone's brief starts with step 0, its safety net. The hints live in `HINTS.md`: a
    /// `<details><summary>Hint` block left in the brief is one the learner sees under the rules.
    private func briefProblems(of kata: Kata) -> [String] {
        let path = "Katas/\(kata.pattern.name)/README.md"
        let brief = workspace.brief(of: kata)
        var problems: [String] = []
        let numbers = brief.steps.map(\.number)
        let first = kata.isCapstone ? 0 : 1
        if numbers != Array(first...kata.stepCount) {
            problems.append(
                "\(path) has the step sections \(numbers.map(String.init).joined(separator: ", ")) "
                    + "(\"## Step N: …\"); the \(kata.isCapstone ? "capstone" : "kata") has steps \(first) to "
                    + "\(kata.stepCount)\(kata.isCapstone ? " (step 0: the safety net)" : "").")
        }
        let lines = workspace.read(path).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where line.contains("<details><summary>Hint") {
            problems.append(
                "\(path):\(index + 1) still holds a hint: move it to \(Hints.path(of: kata)), under its "
                    + "step's \"## Step N: …\" as a \"### Hint N\", so the brief doesn't show it.")
        }
        return problems
    }

    /// `HINTS.md` has a section for each step of the brief, with the brief's heading, in order,
    /// each with at least one hint and no empty one; a capstone's step 0, its safety net, asks
    /// for no code and needs no hint.
    private func hintProblems(of kata: Kata) -> [String] {
        let path = Hints.path(of: kata)
        guard let hints = workspace.hints(of: kata) else {
            return [
                "\(path) is missing: `kata hint` reads each step's hints there. Add it, with a "
                    + "\"## Step N: …\" section and a \"### Hint 1\" for every step of the brief."
            ]
        }
        let exempt = { (number: Int) in kata.isCapstone && number == 0 }
        let expected = workspace.brief(of: kata).steps.filter { !exempt($0.number) }
        let sections = hints.steps.filter { !exempt($0.number) }
        var problems: [String] = []
        if sections.map(\.number) != expected.map(\.number) {
            let found = sections.map { String($0.number) }.joined(separator: ", ")
            problems.append(
                "\(path) has the step sections \(found.isEmpty ? "(none)" : found) (\"## Step N: …\"); the "
                    + "brief has \(expected.map { String($0.number) }.joined(separator: ", ")). Give every step "
                    + "one, in the brief's order.")
        }
        let headings = Dictionary(
            expected.map { ($0.number, $0.heading) }, uniquingKeysWith: { first, _ in first })
        for step in sections {
            if let heading = headings[step.number], heading != step.heading {
                problems.append(
                    "\(path):\(step.line) has \"## \(step.heading)\"; the brief's heading is \"## \(heading)\". "
                        + "Use the same text.")
            }
            if step.hints.isEmpty {
                problems.append(
                    "\(path):\(step.line) \(step.heading) has no hint: `kata hint` would have nothing to give. "
                        + "Add a \"### Hint 1\" under it.")
            }
            for (index, hint) in step.hints.enumerated() where hint.isEmpty {
                problems.append("\(path):\(step.line) \(step.heading): hint \(index + 1) is empty.")
            }
        }
        return problems
    }
}
