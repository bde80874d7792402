import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

@Suite("What the learner reads")
struct ReportPrinterTests {
    func outcome(
        _ id: String, _ status: RunReport.Outcome.Status, line: Int, issues: [EventStream.Issue] = []
    )
        -> RunReport.Outcome
    {
        RunReport.Outcome(
            id: id, displayName: "Test at \(line)", status: status, issues: issues,
            filePath: "/repo/Tests/S.swift", line: line)
    }

    var report: RunReport {
        var report = RunReport()
        let crash = RunReport.Crash(
            signal: 4, message: "Fatal error: Unexpectedly found nil",
            location: "Katas/Strategy/Lexical.swift:16")
        report.outcomes = [
            outcome("StrategyTests.Step1LexicalSearch/a()/S.swift:1:1", .passed, line: 1),
            outcome("StrategyTests.Step2NearAddressSearch/b()/S.swift:2:1", .crashed(crash), line: 2),
            outcome(
                "FactoryTests.Step1PickByScheme/c()/F.swift:3:1", .hung(RunReport.Hang(seconds: 5)), line: 3),
            outcome(
                "FlyweightTests.Step1SharedStyle/d()/F.swift:4:1", .failed, line: 4,
                issues: [
                    EventStream.Issue(
                        message: "Expectation failed: (a === b → false)",
                        comment: "One connection per URL (step 1)",
                        filePath: "/repo/Tests/FlyweightTests/Step1.swift", line: 30)
                ]),
        ]
        return report
    }

    @Test("The table shows steps green per kata, and names a crash and a hang with their step and test")
    func table() throws {
        let folder = try TemporaryFolder()
        let printer = ReportPrinter(workspace: Workspace(root: folder.url), terminal: .plain)
        let lines = printer.table(Catalog.katas.map { KataProgress(kata: $0, report: report) })
            .split(separator: "\n").map(String.init)
        let steps = Catalog.patternKatas.map(\.stepCount).reduce(0, +)
        #expect(lines.first == "Pattern Katas: 0 of 9 katas done, 1 of \(steps) steps green")
        #expect(
            lines.contains(
                "   1  Strategy                 ██░░░░░░░░  1/4  crashed in step 2, test \"Test at 2\" "
                    + "(signal 4, Illegal instruction, at Katas/Strategy/Lexical.swift:16)"))
        #expect(
            lines.contains(
                "   2  Factory                  ░░░░░░░░░░  0/5  hangs in step 1, test \"Test at 3\": stopped after 5 s, "
                    + "place unknown"
            ))
        #expect(lines.contains("   9  Proxy                    ░░░░░░░░░░  0/5"))
        #expect(!lines.joined().contains("\u{1B}["), "No colour codes when the output is not a terminal")
    }

    @Test("Next: the step's brief section, the TODO to write at, and the first failing expectation")
    func next() throws {
        let folder = try TemporaryFolder()
        try folder.write("Katas/Flyweight/README.md", "# F\n\n## Step 1: one shared connection per URL\n")
        try folder.write("Katas/Flyweight/Pool.swift", "struct Pool {\n    // TODO: Step 1 — share\n}\n")
        let workspace = Workspace(root: folder.url)
        let printer = ReportPrinter(workspace: workspace, terminal: .plain)
        let flyweight = try #require(Catalog.kata(named: "flyweight"))
        let text = printer.next(KataProgress(kata: flyweight, report: report))
        #expect(text.contains("Next: Flyweight, Step 1: one shared connection per URL"))
        #expect(text.contains("Brief      Katas/Flyweight/README.md:3"))
        #expect(text.contains("Write in   Katas/Flyweight/Pool.swift:2  (// TODO: Step 1)"))
        #expect(text.contains("Failing    \"Test at 4\""))
        #expect(text.contains("Expectation failed: (a === b → false)"))
        #expect(text.contains("One connection per URL (step 1)"))
        #expect(text.contains("swift run kata test flyweight"))
        #expect(
            text.hasSuffix(
                "By hand, this step only: swift test --filter FlyweightTests.Step1SharedStyle"),
            "The exact, case-sensitive filter: a wrong case runs no test and passes")
    }

    @Test("A compile error names its kata, file and line")
    func compileError() {
        let printer = ReportPrinter(workspace: Workspace(root: repositoryRoot), terminal: .plain)
        let text = printer.compileFailure(
            RunReport.CompilerError(
                file: "Katas/Proxy/Registry.swift", line: 12, column: 5, message: "cannot find 'x'"))
        #expect(
            text.hasPrefix(
                "The Proxy kata does not compile:\n  Katas/Proxy/Registry.swift:12:5: error: cannot find 'x'")
        )
    }

    @Test("A compile error in a kata's tests belongs to that kata: its API differs from the brief's")
    func compileErrorInTests() {
        let error = RunReport.CompilerError(
            file: "Tests/StrategyTests/Step1LexicalSearch.swift", line: 8, column: 20, message: "inaccessible"
        )
        #expect(error.kata?.pattern.name == "Strategy")
        let printer = ReportPrinter(workspace: Workspace(root: repositoryRoot), terminal: .plain)
        #expect(printer.compileFailure(error).hasPrefix("The Strategy kata does not compile:"))
    }

    @Test("Colours only for a terminal")
    func colours() {
        #expect(Terminal(isInteractive: true, usesColor: true).paint("x", .red) == "\u{1B}[31mx\u{1B}[0m")
        #expect(Terminal.plain.paint("x", .red) == "x")
    }
}
