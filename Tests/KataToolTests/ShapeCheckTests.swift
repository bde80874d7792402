import Foundation
import Testing

@testable import KataTool

@Suite("Checking the kata shape")
struct ShapeCheckTests {
    /// A throwaway package folder with one complete Strategy kata.
    final class Fixture {
        let root = FileManager.default.temporaryDirectory.appending(path: "kata-shape-\(UUID().uuidString)")

        init() throws {
            try write("Katas/Strategy/README.md", "# Brief")
            try write(
                "Katas/Strategy/Model.swift", "// TODO: Step 1 — never fatalError( here\nstruct Model {}")
            try write("Solutions/Strategy/Model.swift", "struct Model {}")
            try write("Tests/StrategyTests/ModelTests.swift", "import Testing")
            try write("docs/patterns/strategy.md", "# Strategy")
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func write(_ path: String, _ text: String) throws {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func remove(_ path: String) throws {
            try FileManager.default.removeItem(at: root.appending(path: path))
        }

        var problems: [String] { ShapeCheck(root: root).problems() }
    }

    @Test("A complete kata has no problems; crash words in comments are fine")
    func completeKata() throws {
        let fixture = try Fixture()
        #expect(fixture.problems == [])
        #expect(ShapeCheck(root: fixture.root).patternsPresent() == [Pattern(name: "Strategy")])
    }

    @Test("A missing brief and an empty guide are named")
    func missingDocs() throws {
        let fixture = try Fixture()
        try fixture.remove("Katas/Strategy/README.md")
        try fixture.write("docs/patterns/strategy.md", "  \n")
        #expect(
            fixture.problems == [
                "Katas/Strategy/README.md is missing or empty: every kata needs its brief.",
                "docs/patterns/strategy.md is missing or empty: every pattern needs its guide.",
            ])
    }

    @Test("Stubs and solution must have the same file names")
    func mismatchedFiles() throws {
        let fixture = try Fixture()
        try fixture.write("Solutions/Strategy/Extra.swift", "")
        #expect(
            fixture.problems == [
                "Katas/Strategy and Solutions/Strategy must have the same file names; only in the solution: Extra.swift."
            ])
    }

    @Test("A stub that can crash is named with its line")
    func crashingStub() throws {
        let fixture = try Fixture()
        try fixture.write("Katas/Strategy/Model.swift", "struct Model {\n    func f() -> Int { try! g() }\n}")
        #expect(
            fixture.problems == [
                "Katas/Strategy/Model.swift:2 uses try!: a stub must never crash the test run."
            ])
    }

    @Test("Files under Given/ count as stubs and must copy another kata's solution exactly")
    func givenFiles() throws {
        let fixture = try Fixture()
        try fixture.write("Katas/Factory/README.md", "# Brief")
        try fixture.write("Katas/Factory/Maker.swift", "struct Maker {}")
        try fixture.write("Solutions/Factory/Maker.swift", "struct Maker {}")
        try fixture.write("Tests/FactoryTests/MakerTests.swift", "import Testing")
        try fixture.write("docs/patterns/factory.md", "# Factory")
        try fixture.write("Katas/Strategy/Given/Maker.swift", "struct Maker {}")
        try fixture.write("Solutions/Strategy/Given/Maker.swift", "struct Maker {}")
        #expect(fixture.problems == [])

        try fixture.write("Solutions/Strategy/Given/Maker.swift", "struct Maker { let drift = 1 }")
        try fixture.write("Katas/Strategy/Given/Other.swift", "func f() { fatalError() }")
        #expect(
            fixture.problems == [
                "Katas/Strategy and Solutions/Strategy must have the same file names; only in the kata: Given/Other.swift.",
                "Katas/Strategy/Given/Other.swift is under Given/, but no other kata's solution has Other.swift to copy it from.",
                "Solutions/Strategy/Given/Maker.swift differs from Solutions/Factory/Maker.swift: "
                    + "a Given/ file must be an exact copy of the original; copy it again.",
                "Katas/Strategy/Given/Other.swift:1 uses fatalError: a stub must never crash the test run.",
            ])
    }

    @Test("A folder that is not one of the nine patterns is refused")
    func unknownPattern() throws {
        let fixture = try Fixture()
        try fixture.write("Katas/Observer/README.md", "# ?")
        #expect(fixture.problems.first?.hasPrefix("Observer is not one of the nine patterns") == true)
    }

    @Test("A kata without tests or solution is named")
    func missingTestsAndSolution() throws {
        let fixture = try Fixture()
        try fixture.remove("Solutions/Strategy/Model.swift")
        try fixture.remove("Tests/StrategyTests/ModelTests.swift")
        #expect(
            fixture.problems == [
                "Solutions/Strategy has no .swift files.",
                "Tests/StrategyTests has no tests.",
            ])
    }
}

@Suite("Parsing kata check's options")
struct CheckOptionsTests {
    @Test("Paths are read; unknown options and missing values are usage errors")
    func parses() throws {
        let options = try CheckOptions(parsing: ["--package-path", "/tmp/p", "--scratch-path", ".build-x"])
        #expect(options.packageRoot.path == "/tmp/p")
        let currentFolder = FileManager.default.currentDirectoryPath
        #expect(
            options.scratchPath?.path == URL(filePath: currentFolder).appending(path: ".build-x").path,
            "A relative scratch path is relative to the current folder, as for SwiftPM")
        #expect(throws: CheckOptions.UsageError.self) { try CheckOptions(parsing: ["--fast"]) }
        #expect(throws: CheckOptions.UsageError.self) { try CheckOptions(parsing: ["--package-path"]) }
    }
}
