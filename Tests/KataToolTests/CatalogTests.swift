import Foundation
import Testing

@testable import KataTool

/// The repository these tests belong to.
let repositoryRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

@Suite("The catalog of katas")
struct CatalogTests {
    @Test("Package.swift, the README, the learning path, the suites and the briefs agree with the catalog")
    func repositoryAgrees() {
        let problems = CatalogCheck(workspace: Workspace(root: repositoryRoot)).problems()
        #expect(problems == [])
    }

    @Test("A disagreement is named: a kata out of order in Package.swift, a step without hints")
    func disagreementIsNamed() throws {
        let folder = try TemporaryFolder()
        let manifest = try String(
            contentsOf: repositoryRoot.appending(path: "Package.swift"), encoding: .utf8)
        try folder.write(
            "Package.swift",
            manifest.replacingOccurrences(of: "(\"Strategy\", [\"ScanKit\"]),\n", with: "")
                + "\nlet late = [(\"Strategy\", [\"ScanKit\"])]\n")
        try folder.write(
            "Katas/Strategy/README.md", "## Step 1: a\n\n<details><summary>Hint 1</summary>\n\n</details>\n")
        let problems = CatalogCheck(workspace: Workspace(root: folder.url)).problems()
        #expect(problems.contains { $0.hasPrefix("Package.swift's katas list is Factory,") })
        #expect(problems.contains { $0.contains("hint 1 is empty") })
        #expect(
            problems.contains {
                $0.contains("has the step sections 1 (\"## Step N: …\"); the kata has steps 1 to 4")
            })
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
