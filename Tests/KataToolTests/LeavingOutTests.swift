import Foundation
import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

/// A kata that doesn't compile is left out of the build, and the rest run.
extension TestRunnerTests {
    /// A fake `swift test` that fails to build while `KATA_LEAVE_OUT` doesn't name every module
    /// of `broken`, each with an error in its own file, and runs test A once it does.
    func runner(in folder: TemporaryFolder, broken: [(module: String, file: String)]) throws -> TestRunner {
        try folder.write(
            "run.jsonl",
            stream([
                StreamLine.test(a, name: "A"), StreamLine.event("runStarted"),
                StreamLine.event("testStarted", a),
                StreamLine.event("testEnded", a), StreamLine.event("runEnded"),
            ]))
        let checks = broken.map { module, file in
            """
            case ",$KATA_LEAVE_OUT," in *",\(module),"*) ;; *)
              echo "\(folder.url.path)/\(file):3:9: error: cannot find 'x' in scope"; failed=1;;
            esac
            """
        }
        return try runner(
            in: folder,
            script: """
                echo "leave out: ${KATA_LEAVE_OUT-none}" >> leave-out.txt
                failed=0
                \(checks.joined(separator: "\n"))
                [ $failed -eq 1 ] && exit 1
                cat run.jsonl >> "$stream"
                exit 0
                """)
    }

    @Test("A kata that doesn't compile is left out with its first error, and the rest build and run")
    func leftOut() async throws {
        let folder = try TemporaryFolder()
        var runner = try runner(
            in: folder,
            broken: [
                ("Factory", "Katas/Factory/Scheme.swift"), ("StateTests", "Tests/StateTests/Step1.swift"),
            ])
        runner.leaving = .whatDoesNotCompile(except: ["StrategyTests"])
        let report = try await blocking { [runner] in runner.run(modules: ["StrategyTests"]) }
        #expect(report.buildErrors.isEmpty)
        #expect(report.outcomes.map(\.status) == [.passed], "Strategy's tests ran without the others")
        #expect(Set(report.leftOut.keys) == ["Factory", "StateTests"])
        #expect(report.leftOut["Factory"]?.file == "Katas/Factory/Scheme.swift")
        #expect(
            report.leftOut["StateTests"]?.kata?.pattern.name == "State",
            "A kata's tests that don't compile against the learner's API are that kata's")
        let passes = try #require(folder.read("leave-out.txt")).split(separator: "\n")
        #expect(
            passes == ["leave out: none", "leave out: Factory,StateTests"],
            "One build to find them, one without")
    }

    @Test("The kata the run is about is never left out: its compiler error is the run's result")
    func requiredKata() async throws {
        let folder = try TemporaryFolder()
        var runner = try runner(in: folder, broken: [("Factory", "Katas/Factory/Scheme.swift")])
        runner.leaving = .whatDoesNotCompile(except: ["FactoryTests"])
        let report = try await blocking { [runner] in runner.run(modules: ["FactoryTests"]) }
        #expect(report.buildErrors.map(\.file) == ["Katas/Factory/Scheme.swift"])
        #expect(report.leftOut.isEmpty)
        #expect(try #require(folder.read("leave-out.txt")).split(separator: "\n") == ["leave out: none"])
    }

    @Test("Verify and the solutions leave nothing out; an error in our own code ends the run too")
    func nothingLeftOut() async throws {
        let folder = try TemporaryFolder()
        let strict = try runner(in: folder, broken: [("Factory", "Katas/Factory/Scheme.swift")])
        let report = try await blocking { [strict] in strict.run(modules: nil) }
        #expect(report.buildErrors.count == 1)
        #expect(report.leftOut.isEmpty)
        let ours = try TemporaryFolder()
        var runner = try runner(in: ours, broken: [("MessagingKit", "Sources/MessagingKit/Pool.swift")])
        runner.leaving = .whatDoesNotCompile(except: [])
        let oursReport = try await blocking { [runner] in runner.run(modules: nil) }
        #expect(oursReport.buildErrors.map(\.file) == ["Sources/MessagingKit/Pool.swift"])
        #expect(oursReport.leftOut.isEmpty, "Nothing left out mends an error outside the katas")
    }

    @Test("A kata known not to compile, its files unchanged, is left out at once: no build to find out")
    func known() async throws {
        let folder = try TemporaryFolder()
        var runner = try runner(in: folder, broken: [("Factory", "Katas/Factory/Scheme.swift")])
        runner.leaving = .whatDoesNotCompile(except: ["StrategyTests"])
        let error = RunReport.CompilerError(
            file: "Katas/Factory/Scheme.swift", line: 3, column: 9, message: "x")
        runner.knownNotToCompile = ["Factory": error, "StrategyTests": error]
        let report = try await blocking { [runner] in runner.run(modules: ["StrategyTests"]) }
        #expect(report.outcomes.map(\.status) == [.passed])
        #expect(
            try #require(folder.read("leave-out.txt")).split(separator: "\n") == ["leave out: Factory"],
            "Known: left out from the first build; the run's own kata never")
    }

    @Test("Which module an error leaves out: the kata's, its tests', the story tests'; nothing of ours")
    func modules() {
        func module(_ file: String) -> String? {
            RunReport.CompilerError(file: file, line: 1, column: 1, message: "").module
        }
        #expect(module("Katas/Factory/Scheme.swift") == "Factory")
        #expect(module("Katas/ScanCapstone/Screen.swift") == "ScanCapstone")
        #expect(module("Tests/FactoryTests/Step1.swift") == "FactoryTests")
        #expect(module("Tests/StoryTests/Story.swift") == "StoryTests")
        #expect(module("Tests/KataToolTests/X.swift") == nil)
        #expect(module("Sources/MessagingKit/Pool.swift") == nil)
        #expect(module("Katas/Nonsense/X.swift") == nil)
        #expect(module("/elsewhere/X.swift") == nil)
        let anyBut = TestRunner.Leaving.whatDoesNotCompile(except: ["FactoryTests"])
        #expect(!anyBut.allows("Factory") && !anyBut.allows("FactoryTests") && anyBut.allows("State"))
        #expect(!TestRunner.Leaving.nothing.allows("State"))
    }

    @Test("The manifest's settings, as the environment says them")
    func settings() {
        let old = ["PATH": "/bin", "KATA_SOLUTIONS": "1", "KATA_LEAVE_OUT": "Proxy"]
        #expect(ManifestSettings().applied(to: old) == ["PATH": "/bin"])
        #expect(
            ManifestSettings(solutions: true, leftOut: ["Factory", "StoryTests"]).applied(to: [:])
                == ["KATA_SOLUTIONS": "1", "KATA_LEAVE_OUT": "Factory,StoryTests"])
    }

    @Test("What was left out is remembered until its kata's files change, and forgotten once it compiles")
    func remembered() throws {
        let folder = try TemporaryFolder()
        try folder.write("Katas/Factory/Scheme.swift", "let x: Int = \"\"")
        try folder.write("Katas/Strategy/Lexical.swift", "")
        let workspace = Workspace(root: folder.url)
        let error = RunReport.CompilerError(
            file: "Katas/Factory/Scheme.swift", line: 1, column: 14, message: "x")
        var report = RunReport()
        report.began = Date().addingTimeInterval(60)
        report.leftOut = ["Factory": error]
        workspace.rememberBuild(of: report)
        #expect(workspace.stillNotCompiling() == ["Factory": error])
        // Another kata's file changing keeps it out.
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(120)],
            ofItemAtPath: folder.url.appending(path: "Katas/Strategy/Lexical.swift").path)
        #expect(workspace.stillNotCompiling() == ["Factory": error])
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(120)],
            ofItemAtPath: folder.url.appending(path: "Katas/Factory/Scheme.swift").path)
        #expect(workspace.stillNotCompiling().isEmpty, "Its own file changed: the next build tries it again")
        workspace.rememberBuild(of: RunReport())
        #expect(workspace.loadState().leftOut.isEmpty, "A build that left nothing out forgets it")
    }
}

@Suite("What a learner reads of a kata left out")
struct LeftOutReportTests {
    let printer = ReportPrinter(workspace: Workspace(root: repositoryRoot), terminal: .plain)

    var report: RunReport {
        var report = RunReport()
        report.leftOut = [
            "Factory": RunReport.CompilerError(
                file: "Katas/Factory/Scheme.swift", line: 40, column: 20, message: "cannot convert value")
        ]
        return report
    }

    @Test("Named with its first error, the capstones that need it, and how it comes back")
    func note() throws {
        let text = try #require(printer.leftOut(report, besides: Catalog.kata(named: "strategy")))
        #expect(text.hasPrefix("Left out of this run, so that the rest could run: Factory"))
        #expect(
            text.contains(
                "Factory does not compile: Katas/Factory/Scheme.swift:40:20: error: cannot convert value"))
        #expect(text.contains("Messaging capstone needs it, so it was left out too."))
        #expect(text.contains("swift run kata test factory"))
        #expect(
            printer.leftOut(report, besides: Catalog.kata(named: "factory")) == nil,
            "The kata the run is about says its error itself")
    }

    @Test("Its row, the capstone's row, and the by-hand command leave it out too")
    func rows() throws {
        let katas = Catalog.katas.map { KataProgress(kata: $0, report: report) }
        let table = printer.table(katas).split(separator: "\n")
        #expect(
            table.contains {
                $0.contains("Factory") && $0.hasSuffix("does not compile: Katas/Factory/Scheme.swift:40")
            })
        #expect(
            table.contains {
                $0.contains("Messaging capstone")
                    && $0.hasSuffix("left out: needs Factory, which does not compile")
            })
        #expect(table.contains { $0.contains("Needs Factory: does not compile ·") })
        let strategy = try #require(katas.first { $0.kata.pattern.name == "Strategy" })
        #expect(
            printer.next(strategy).contains(
                "By hand, this step only: KATA_LEAVE_OUT=Factory swift test --filter"))
    }

    @Test("Long notes are broken between words to fit the terminal, colour codes taking no room")
    func wrapping() {
        let text = "  " + String(repeating: "word ", count: 30) + "end"
        let wrapped = Terminal.wrap(text, width: 40).split(separator: "\n")
        #expect(wrapped.count > 3)
        #expect(wrapped.allSatisfy { $0.count <= 40 })
        #expect(wrapped.dropFirst().allSatisfy { $0.hasPrefix("    word") }, "Broken lines go on indented")
        let painted = Terminal(isInteractive: true, usesColor: true).paint("short words here", .red)
        #expect(Terminal.wrap(painted, width: 16) == painted, "Colour codes take no columns")
        let path = "see /a/very/long/path/that/does/not/fit/anywhere.swift"
        #expect(Terminal.wrap(path, width: 20) == "see\n/a/very/long/path/that/does/not/fit/anywhere.swift")
        #expect(Terminal.plain.wrapped(text) == text, "No terminal, no width: lines are left as they are")
        let quoted = #"  ✘ Step 1: 3 of 4 tests pass; 1 crashed: "Ignores case and accents [1.2]" (signal 4)"#
        let lines = Terminal.wrap(quoted, width: 50).split(separator: "\n")
        #expect(
            lines.contains { $0.contains(#""Ignores case and accents [1.2]""#) },
            "A quoted name holds together")
        #expect(lines.allSatisfy { $0.count <= 50 })
        let long = #"x "a quoted name far too long to stand on any one line of this width at all""#
        #expect(Terminal.wrap(long, width: 20).split(separator: "\n").allSatisfy { $0.count <= 20 })
    }

    @Test("On a narrow terminal, each command stands on a line of its own, never broken inside")
    func commandsWhole() throws {
        let narrow = ReportPrinter(
            workspace: Workspace(root: repositoryRoot),
            terminal: Terminal(isInteractive: true, usesColor: false, width: 60))
        let strategy = try #require(
            Catalog.katas.map { KataProgress(kata: $0, report: report) }.first {
                $0.kata.pattern.name == "Strategy"
            })
        let lines = narrow.next(strategy).split(separator: "\n").map(String.init)
        for command in ["test", "hint", "watch"] {
            #expect(lines.contains("  swift run kata \(command) strategy"))
        }
        let label = try #require(lines.firstIndex(of: "  By hand, this step only:"))
        #expect(
            lines[label + 1]
                == "    KATA_LEAVE_OUT=Factory swift test --filter StrategyTests.Step1LexicalSearch")
        #expect(
            lines.allSatisfy { !$0.contains("\u{1}") }, "The mark that keeps a command whole is not printed")
        let table = narrow.table(Catalog.katas.map { KataProgress(kata: $0, report: report) })
        let needs = table.split(separator: "\n").filter { $0.contains("Needs") || $0.hasPrefix("        ") }
        #expect(
            needs.allSatisfy { !$0.hasSuffix("Chain\u{A0}of") && !$0.hasPrefix("        ·") },
            "A capstone's katas break between items, after their dot: \(needs)")
    }
}
