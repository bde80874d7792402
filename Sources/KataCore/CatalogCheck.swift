/// Checks that everything that lists the katas agrees with ``Catalog``: `Package.swift`, the
/// README's table, the learning path, each kata's test suites, its brief's steps and its hints.
package struct CatalogCheck {
    let workspace: Workspace
    /// The package's manifest (`swift package dump-package`), or why it could not be read.
    let manifest: Result<PackageManifest, PackageManifest.DumpError>

    package init(workspace: Workspace, manifest: Result<PackageManifest, PackageManifest.DumpError>) {
        (self.workspace, self.manifest) = (workspace, manifest)
    }

    /// Every disagreement, one sentence each; empty when all agree.
    package func problems() -> [String] {
        let expected = Catalog.katas.map(\.pattern.name)
        var problems: [String]
        switch manifest {
        case .success(let manifest): problems = manifestProblems(manifest)
        case .failure(let error): problems = ["\(error)"]
        }
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

    /// The manifest's kata modules must be the catalog's, in order, then its capstones, each
    /// depending on the katas its steps need.
    private func manifestProblems(_ manifest: PackageManifest) -> [String] {
        let capstoneNames = Set(Catalog.capstones.map(\.pattern.name))
        let katas = manifest.learnerModules.map(\.name).filter { !capstoneNames.contains($0) }
        let capstones = manifest.learnerModules.filter { capstoneNames.contains($0.name) }
        let found = katas + capstones.map(\.name)
        let expected = (Catalog.patternKatas + Catalog.capstones).map(\.pattern.name)
        if found != expected {
            return [
                "Package.swift's katas and capstones are \(found.joined(separator: ", ")); the catalog "
                    + "(Sources/KataCore/Catalog.swift) has \(expected.joined(separator: ", ")). Keep one order."
            ]
        }
        return zip(capstones, Catalog.capstones).compactMap { module, capstone in
            let given = module.dependencies.filter { katas.contains($0) }
            let needed = capstone.prerequisites.map(\.name)
            guard Set(given) != Set(needed) else { return nil }
            return
                "Package.swift gives \(module.name) the prerequisites \(given.joined(separator: ", ")); "
                + "its steps in the catalog need \(needed.joined(separator: ", ")). List the kata modules its steps need."
        }
    }

    /// The step suites declared in the kata's tests must be the catalog's, step for step; a
    /// capstone's tests must also declare its safety-net suites.
    private func suiteProblems(of kata: Kata) -> [String] {
        let folder = "Tests/\(kata.pattern.testModule)"
        var declared: [Int: String] = [:]
        var suites: Set<String> = []
        let suiteDeclaration =
            /@Suite\(\s*"([^"\n]*)"(?:.|\n)*?\n\s*(?:final class|class|struct|enum|actor) (\w+)/
        for match in workspace.swiftSources(in: folder).flatMap({ $0.text.matches(of: suiteDeclaration) }) {
            suites.insert(String(match.2))
            if let step = match.1.firstMatch(of: /Step (\d+) —/).flatMap({ Int($0.1) }) {
                declared[step] = String(match.2)
            }
        }
        var problems: [String] = []
        for safetyNet in kata.capstone?.safetyNets ?? [] where !suites.contains(safetyNet) {
            problems.append(
                "\(folder) declares no suite \(safetyNet): the catalog's safety net for \(kata.pattern.displayName). "
                    + "Add its @Suite, or update Sources/KataCore/Catalog.swift.")
        }
        let expected = Dictionary(
            uniqueKeysWithValues: kata.suites.enumerated().map { ($0.offset + 1, $0.element) })
        guard declared != expected else { return problems }
        let listed = { (suites: [Int: String]) in
            suites.keys.sorted().map { "step \($0): \(suites[$0] ?? "")" }.joined(separator: ", ")
        }
        return problems + [
            "\(folder) declares the step suites \(declared.isEmpty ? "(none)" : listed(declared)); the catalog "
                + "lists \(listed(expected)). Update Sources/KataCore/Catalog.swift with the suites."
        ]
    }

    /// The brief has one section per step, in order, and no hint.
    ///
    /// A capstone's brief starts with step 0, its safety net. The hints live in `HINTS.md`: a
    /// `<details><summary>Hint` block left in the brief is one the learner sees under the rules.
    private func briefProblems(of kata: Kata) -> [String] {
        let path = "Katas/\(kata.pattern.name)/README.md"
        var problems: [String] = []
        let numbers = workspace.brief(of: kata).steps.map(\.number)
        let first = kata.isCapstone ? 0 : 1
        if numbers != Array(first...kata.stepCount) {
            problems.append(
                "\(path) has the step sections \(numbers.map(String.init).joined(separator: ", ")) "
                    + "(\"## Step N: …\"); the \(kata.isCapstone ? "capstone" : "kata") has steps \(first) to "
                    + "\(kata.stepCount)\(kata.isCapstone ? " (step 0: the safety net)" : "").")
        }
        let lines = workspace.read(path).numberedLines
        for (number, line) in lines where line.contains("<details><summary>Hint") {
            problems.append(
                "\(path):\(number) still holds a hint: move it to \(Hints.path(of: kata)), under its "
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
