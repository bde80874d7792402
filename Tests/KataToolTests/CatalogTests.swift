import Foundation
import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

/// The repository these tests belong to.
let repositoryRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The repository's manifest, dumped once for every test that checks a folder of its own.
let repositoryManifest = PackageManifest.dumped(at: repositoryRoot)

extension PackageManifest {
    /// This manifest with its targets in another order, or changed.
    func changing(_ change: (inout [Target]) throws -> Void) rethrows -> Result<PackageManifest, DumpError> {
        var targets = targets
        try change(&targets)
        return .success(PackageManifest(targets: targets))
    }
}

@Suite("The catalog of katas")
struct CatalogTests {
    @Test("Package.swift, the README, the learning path, the suites and the briefs agree with the catalog")
    func repositoryAgrees() {
        let problems = CatalogCheck(workspace: Workspace(root: repositoryRoot), manifest: repositoryManifest)
            .problems()
        #expect(problems == [])
    }

    @Test("The manifest is dumped, not read as text: the repository's lists its katas, then its capstones")
    func manifestIsDumped() throws {
        let manifest = try repositoryManifest.get()
        #expect(manifest.learnerModules.map(\.name) == Catalog.katas.map(\.pattern.name))
        let messaging = try #require(manifest.learnerModules.last)
        #expect(
            messaging.dependencies.contains("ChainOfResponsibility")
                && messaging.dependencies.contains("MessagingKit"))
        let noPackage = try TemporaryFolder()
        let elsewhere = CatalogCheck(
            workspace: Workspace(root: repositoryRoot), manifest: PackageManifest.dumped(at: noPackage.url))
        #expect(elsewhere.problems().first?.hasPrefix("`swift package dump-package` failed in ") == true)
    }

    @Test("A disagreement is named: a kata out of order in Package.swift, an empty hint")
    func disagreementIsNamed() throws {
        let folder = try TemporaryFolder()
        try folder.write("Katas/Strategy/README.md", "## Step 1: a\n")
        try folder.write("Katas/Strategy/HINTS.md", "## Step 1: a\n\n### Hint 1\n\n")
        let strategyLast = try repositoryManifest.get().changing { targets in
            let strategy = targets.remove(at: try #require(targets.firstIndex { $0.name == "Strategy" }))
            targets.append(strategy)
        }
        let problems = CatalogCheck(workspace: Workspace(root: folder.url), manifest: strategyLast).problems()
        #expect(problems.contains { $0.hasPrefix("Package.swift's katas and capstones are Factory,") })
        #expect(problems.contains("Katas/Strategy/HINTS.md:1 Step 1: a: hint 1 is empty."))
        #expect(
            problems.contains {
                $0.contains("has the step sections 1 (\"## Step N: …\"); the kata has steps 1 to 4")
            })
    }

    @Test(
        "Hints: a missing HINTS.md, a step it lacks or misnames, a step without hint, a hint left in the brief"
    )
    func hintProblems() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "Katas/Strategy/README.md",
            "# S\n\n## Step 1: a\n\n<details><summary>Hint 1</summary>h</details>\n\n## Step 2: b\n\n## Step 3: c\n"
        )
        try folder.write(
            "Katas/Strategy/HINTS.md",
            "# S: hints\n\n## Step 1: a\n\n### Hint 1\n\n```\n## Step 2: b\n```\n\n## Step 3: see\n\nNo hint.\n"
        )
        let problems = CatalogCheck(workspace: Workspace(root: folder.url), manifest: repositoryManifest)
            .problems()
        let strategy = problems.filter { $0.hasPrefix("Katas/Strategy/") }
        #expect(
            strategy.contains(
                "Katas/Strategy/README.md:5 still holds a hint: move it to Katas/Strategy/HINTS.md, under its "
                    + "step's \"## Step N: …\" as a \"### Hint N\", so the brief doesn't show it."))
        #expect(
            strategy.contains(
                "Katas/Strategy/HINTS.md has the step sections 1, 3 (\"## Step N: …\"); the brief has 1, 2, 3. "
                    + "Give every step one, in the brief's order."),
            "A `## Step 2` inside a code fence is no section")
        #expect(
            strategy.contains(
                "Katas/Strategy/HINTS.md:11 has \"## Step 3: see\"; the brief's heading is \"## Step 3: c\". "
                    + "Use the same text."))
        #expect(
            strategy.contains(
                "Katas/Strategy/HINTS.md:11 Step 3: see has no hint: `kata hint` would have nothing to give. "
                    + "Add a \"### Hint 1\" under it."))
        #expect(!strategy.contains { $0.contains("hint 1 is empty") }, "Step 1's hint holds a code block")
        #expect(
            problems.contains(
                "Katas/Factory/HINTS.md is missing: `kata hint` reads each step's hints there. Add it, with a "
                    + "\"## Step N: …\" section and a \"### Hint 1\" for every step of the brief."))

        try folder.write(
            "Katas/Strategy/HINTS.md", "## Step 2: b\n\n### Hint 1\n\nh\n\n## Step 1: a\n\n### Hint 1\n\nh\n")
        let reordered = CatalogCheck(workspace: Workspace(root: folder.url), manifest: repositoryManifest)
            .problems()
        #expect(
            reordered.contains { $0.hasPrefix("Katas/Strategy/HINTS.md has the step sections 2, 1 (") },
            "The sections follow the brief's order")
    }

    @Test(
        "Kata names match in any case, with or without separators, or by number",
        arguments: [
            ("flyweight", "Flyweight"), ("FLYWEIGHT", "Flyweight"),
            ("chain-of-responsibility", "ChainOfResponsibility"),
            ("chain_of_responsibility", "ChainOfResponsibility"), ("3", "Flyweight"), ("1", "Strategy"),
            ("9", "Proxy"),
        ])
    func matchesNames(name: String, pattern: String) {
        #expect(Catalog.kata(named: name)?.pattern.name == pattern)
    }

    @Test(
        "Unknown names match nothing and suggest the closest katas",
        arguments: ["flyweigth", "singelton", "strat", "cor", "CoR"])
    func suggests(name: String) {
        #expect(Catalog.kata(named: name) == nil)
        #expect(!Catalog.suggestions(for: name).isEmpty)
    }

    @Test("A name far from every kata suggests nothing; 0 and 12 are not katas")
    func noSuggestion() {
        #expect(Catalog.suggestions(for: "xylophone") == [])
        #expect(Catalog.kata(named: "0") == nil && Catalog.kata(named: "12") == nil)
    }

    @Test("The edit distance counts single-letter edits, an empty name included")
    func editDistance() {
        #expect(Catalog.editDistance("kitten", "sitting") == 3)
        #expect(Catalog.editDistance("", "abc") == 3 && Catalog.editDistance("abc", "") == 3)
        #expect(Catalog.editDistance("state", "state") == 0 && Catalog.editDistance("", "") == 0)
    }

    @Test("A test's step comes from its suite")
    func stepOfTest() throws {
        let strategy = try #require(Catalog.kata(named: "strategy"))
        #expect(strategy.step(ofTest: "StrategyTests.Step2NearAddressSearch/keeps()/F.swift:3:6") == 2)
        #expect(strategy.step(ofTest: "StrategyTests.Unknown/keeps()") == nil)
        #expect(strategy.step(ofTest: "FactoryTests.Step2NearAddressSearch/keeps()") == nil)
    }

    @Test("Pattern names read as words")
    func displayNames() {
        #expect(Pattern(name: "ChainOfResponsibility").displayName == "Chain of Responsibility")
        #expect(Pattern(name: "ChainOfResponsibility").guideFileName == "chain-of-responsibility.md")
        #expect(Pattern(name: "Strategy").guideFileName == "strategy.md")
    }
}

@Suite("The guides' common mistakes")
struct MistakesCheckTests {
    @Test("Every guide's table links kept wrong solutions, with the rules they break and tests that exist")
    func repositoryAgrees() {
        #expect(MistakesCheck(workspace: Workspace(root: repositoryRoot)).problems() == [])
    }

    @Test("A row that drifted is named: a retired diff, another rule, a test renamed, too few rows")
    func driftIsNamed() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "Tests/WrongSolutions/Strategy/kept.diff", "# Does it wrong, so it shows (rule 2.1)\ndiff …\n")
        try folder.write(
            "Tests/StrategyTests/Step2.swift",
            "struct Step2Near {\n    @Test(\"… [2.1]\")\n    func keeps() {}\n}\n")
        let link = { (name: String) in "[\(name)](../../Tests/WrongSolutions/Strategy/\(name).diff)" }
        try folder.write(
            "docs/patterns/strategy.md",
            """
            ## Common mistakes

            | What the learner did | What a user sees | Rule | Test | Diff |
            |---|---|---|---|---|
            | kept | it shows | 2.1 | `Step2Near.keeps` | \(link("kept")) |
            | retired | gone | 2.1 | `Step2Near.keeps` | \(link("retired")) |
            | another rule | it shows | 3.2 | `Step2Near.keeps` | \(link("kept")) |
            | renamed test | it shows | 2.1 | `Step2Near.kept` | \(link("kept")) |

            ## Links
            """)
        let check = MistakesCheck(workspace: Workspace(root: folder.url))
        let kata = try #require(Catalog.kata(named: "strategy"))
        let problems = check.problems(of: kata)
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains { $0.contains(":6 links Tests/WrongSolutions/Strategy/retired.diff") })
        #expect(problems.contains { $0.contains(":7 says rule 3.2;") })
        #expect(problems.contains { $0.contains(":8 names `Step2Near.kept`") })
        try folder.write("docs/patterns/strategy.md", "## Links\n")
        #expect(check.problems(of: kata).first?.contains("has no \"## Common mistakes\" section") == true)
    }
}
