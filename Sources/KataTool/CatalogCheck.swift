/// Checks that everything that lists the katas agrees with ``Catalog``: `Package.swift`, the
/// README's table, the learning path, each kata's test suites and its brief's steps and hints.
struct CatalogCheck {
    let workspace: Workspace

    /// Every disagreement, one sentence each; empty when all agree.
    func problems() -> [String] {
        let expected = Catalog.katas.map(\.pattern.name)
        var problems: [String] = []

        let manifest = workspace.read("Package.swift").matches(of: /\(\s*"(\w+)",\s*\[/).map { String($0.1) }
        if manifest != expected {
            problems.append(
                "Package.swift's katas list is \(manifest.joined(separator: ", ")); the catalog "
                    + "(Sources/KataTool/Catalog.swift) is \(expected.joined(separator: ", ")). Keep one order."
            )
        }
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
            problems += suiteProblems(of: kata) + briefProblems(of: kata)
        }
        return problems
    }

    /// The step suites declared in the kata's tests must be the catalog's, step for step.
    private func suiteProblems(of kata: Kata) -> [String] {
        let folder = "Tests/\(kata.pattern.testModule)"
        var declared: [Int: String] = [:]
        for file in workspace.swiftFiles(in: folder) {
            let source = workspace.read("\(folder)/\(file)")
            for match in source.matches(
                of:
                    /@Suite\("[^"\n]*Step (\d+) —[^\n]*\n(?:\s*@[^\n]*\n)*\s*(?:final class|class|struct|enum|actor) (\w+)/
            ) {
                if let step = Int(match.1) { declared[step] = String(match.2) }
            }
        }
        let expected = Dictionary(
            uniqueKeysWithValues: kata.suites.enumerated().map { ($0.offset + 1, $0.element) })
        guard declared != expected else { return [] }
        let found = declared.keys.sorted().map { "step \($0): \(declared[$0] ?? "")" }.joined(separator: ", ")
        return [
            "\(folder) declares the step suites \(found.isEmpty ? "(none)" : found); the catalog lists "
                + kata.suites.enumerated().map { "step \($0.offset + 1): \($0.element)" }.joined(
                    separator: ", ")
                + ". Update Sources/KataTool/Catalog.swift with the suites."
        ]
    }

    /// The brief has one section per step, in order, each with at least one non-empty hint.
    private func briefProblems(of kata: Kata) -> [String] {
        let path = "Katas/\(kata.pattern.name)/README.md"
        let brief = workspace.brief(of: kata)
        var problems: [String] = []
        let numbers = brief.steps.map(\.number)
        if numbers != Array(1...kata.stepCount) {
            problems.append(
                "\(path) has the step sections \(numbers.map(String.init).joined(separator: ", ")) "
                    + "(\"## Step N: …\"); the kata has steps 1 to \(kata.stepCount).")
        }
        for step in brief.steps {
            if step.hints.isEmpty {
                problems.append(
                    "\(path):\(step.line) \(step.heading) has no hint: `kata hint` would have nothing to give. "
                        + "Add a <details><summary>Hint 1</summary> block.")
            }
            for (index, hint) in step.hints.enumerated() where hint.isEmpty {
                problems.append("\(path):\(step.line) \(step.heading): hint \(index + 1) is empty.")
            }
        }
        return problems
    }
}
