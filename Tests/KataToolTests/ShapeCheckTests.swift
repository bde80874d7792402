import Foundation
import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

@Suite("Checking the kata shape")
struct ShapeCheckTests {
    /// A throwaway package folder with one complete Strategy kata.
    final class Fixture {
        let folder: TemporaryFolder
        var root: URL { folder.url }

        init() throws {
            folder = try TemporaryFolder()
            try write("Katas/Strategy/README.md", "# Brief")
            try write(
                "Katas/Strategy/Model.swift", "// TODO: Step 1 — never fatalError( here\nstruct Model {}")
            try write("Solutions/Strategy/Model.swift", "struct Model {}")
            try write("Tests/StrategyTests/ModelTests.swift", "@Suite(\"Strategy · Step 1 — Model\")")
            try write("docs/patterns/strategy.md", "# Strategy")
        }

        func write(_ path: String, _ text: String) throws {
            try folder.write(path, text)
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
        try fixture.write(
            "Katas/Strategy/Model.swift",
            "struct Model {\n    func f() -> Int { try! g() }\n}\n// TODO: Step 1 — f")
        #expect(
            fixture.problems == [
                "Katas/Strategy/Model.swift:2 uses try!: a stub must never crash the test run."
            ])
    }

    @Test("A Swift file whose content stands at a second path is named, wherever it is")
    func duplicateFiles() throws {
        let fixture = try Fixture()
        try fixture.write("Sources/ScanKit/Code.swift", "struct Code {}\n")
        #expect(fixture.problems == [])

        try fixture.write("Katas/Strategy/Code.swift", "\nstruct Code {}")
        try fixture.write("Solutions/Strategy/Code.swift", "struct Code { let solved = true }")
        #expect(
            fixture.problems == [
                "Katas/Strategy/Code.swift and Sources/ScanKit/Code.swift have the same content: every Swift file "
                    + "has one home. Keep one, in the domain module if several katas need it, and delete the others."
            ])
    }

    @Test("A stub left the same as its solution is a duplicate too")
    func stubSameAsSolution() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Solutions/Strategy/Model.swift", "// TODO: Step 1 — never fatalError( here\nstruct Model {}")
        #expect(
            fixture.problems.contains {
                $0.hasPrefix(
                    "Katas/Strategy/Model.swift and Solutions/Strategy/Model.swift have the same content")
            })
    }

    @Test("A Given/ folder is refused: shared code lives in a domain module")
    func givenFolder() throws {
        let fixture = try Fixture()
        try fixture.write("Katas/Strategy/Given/Maker.swift", "struct Maker {}")
        try fixture.write("Solutions/Strategy/Given/Maker.swift", "struct Maker { let solved = true }")
        #expect(
            fixture.problems == [
                "Katas/Strategy/Given/ must go: a kata folder holds only the files the learner writes. "
                    + "Code a kata needs but doesn't ask for lives once, in its domain module.",
                "Solutions/Strategy/Given/ must go: a kata folder holds only the files the learner writes. "
                    + "Code a kata needs but doesn't ask for lives once, in its domain module.",
            ])
    }

    @Test("Every TODO step has its suite, and every suite's step has a TODO")
    func todosMatchSuites() throws {
        let fixture = try Fixture()
        try fixture.write(
            "Katas/Strategy/Model.swift", "struct Model {}\n// TODO: Step 1 — a\n// TODO: Step 3 — c")
        try fixture.write(
            "Tests/StrategyTests/Step2Tests.swift", "@Suite(\"Strategy · Step 2 — More\", .tags(.scan))")
        #expect(
            fixture.problems == [
                "Katas/Strategy/Model.swift:3 has a TODO for step 3, but Tests/StrategyTests has no "
                    + "\"Step 3 —\" suite to check it.",
                "Tests/StrategyTests has a suite for step 2, but no stub in Katas/Strategy has a "
                    + "`// TODO: Step 2`: every step asks for new learner code.",
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
