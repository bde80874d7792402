import Foundation
import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

/// The scan capstone, as the catalog has it.
private func scanCapstone() throws -> Kata {
    try #require(Catalog.kata(named: "scan-capstone"))
}

@Suite("Capstones in the catalog")
struct CapstoneCatalogTests {
    @Test("The capstone comes after the nine katas: number 10, `scan-capstone`, read as \"Scan capstone\"")
    func afterTheNine() throws {
        let capstone = try scanCapstone()
        #expect(Catalog.katas.count == 11 && Catalog.katas[9] == capstone)
        #expect(Catalog.patternKatas.count == 9 && !Catalog.patternKatas.contains(capstone))
        #expect(Pattern.all.count == 9, "A capstone is not a pattern")
        #expect(capstone.isCapstone && Catalog.capstones.first == capstone)
        #expect(capstone.command == "scan-capstone")
        #expect(capstone.pattern.displayName == "Scan capstone")
        #expect(capstone.pattern.guideFileName == "scan-capstone.md")
        #expect(
            capstone.suites == ["Step1Pipeline", "Step2ScanView", "Step3CapabilityRegistry", "Step4Payoff"])
    }

    @Test("The messaging capstone comes last: number 11, `messaging-capstone`, needing eight katas")
    func messagingLast() throws {
        let capstone = try #require(Catalog.kata(named: "messaging-capstone"))
        #expect(Catalog.katas.last == capstone && Catalog.kata(named: "11") == capstone)
        #expect(Catalog.capstones.map(\.pattern.name) == ["ScanCapstone", "MessagingCapstone"])
        #expect(capstone.pattern.displayName == "Messaging capstone")
        #expect(capstone.pattern.guideFileName == "messaging-capstone.md")
        #expect(capstone.isSafetyNet(test: "\(capstone.pattern.testModule).Characterization/a()"))
        #expect(
            capstone.prerequisites.map(\.name) == [
                "Factory", "ChainOfResponsibility", "Builder", "Flyweight", "Singleton", "State", "Command",
                "Proxy",
            ])
        #expect(capstone.prerequisites(ofStep: 2) == [], "A move that needs no kata")
        #expect(capstone.prerequisites(ofStep: 6).map(\.name) == ["Command", "Proxy"])
        #expect(capstone.prerequisites(ofStep: 8).count == 8, "The payoff needs them all")
    }

    @Test("`kata prerequisites` says a capstone's, one a line, for scripts; none for a kata")
    func prerequisitesCommand() {
        let said = Said()
        let package = ["--package-path", repositoryRoot.path]
        #expect(
            KataCommand.run(["prerequisites", "scan-capstone"] + package, output: said.output) == .success)
        #expect(said.take() == ["ChainOfResponsibility", "State", "Proxy"])
        #expect(KataCommand.run(["prerequisites", "strategy"] + package, output: said.output) == .success)
        #expect(said.take() == [])
        #expect(KataCommand.run(["prerequisites"] + package, output: said.output) == .usage)
        #expect(said.take().first?.hasPrefix("error: Which kata?") == true)
    }

    @Test("Each step has its prerequisites; the capstone needs their union, and runs their tests too")
    func prerequisites() throws {
        let capstone = try scanCapstone()
        #expect(capstone.prerequisites(ofStep: 1) == [Pattern(name: "ChainOfResponsibility")])
        #expect(capstone.prerequisites(ofStep: 2) == [Pattern(name: "State")])
        #expect(capstone.prerequisites(ofStep: 3) == [Pattern(name: "Proxy")])
        #expect(capstone.prerequisites(ofStep: 4).map(\.name) == ["ChainOfResponsibility", "State", "Proxy"])
        #expect(capstone.prerequisites(ofStep: 5) == [])
        #expect(capstone.prerequisites.map(\.name) == ["ChainOfResponsibility", "State", "Proxy"])
        #expect(
            capstone.testModules == [
                "ScanCapstone" + "Tests", "ScanCapstoneNetTests", "ChainOfResponsibilityTests", "StateTests",
                "ProxyTests",
            ])
        let strategy = try #require(Catalog.kata(named: "strategy"))
        #expect(strategy.prerequisites == [] && strategy.testModules == ["StrategyTests"])
    }

    @Test(
        "The capstone answers to its name, its number, and close spellings suggest it",
        arguments: ["scan-capstone", "ScanCapstone", "scan capstone", "10"])
    func named(name: String) {
        #expect(Catalog.kata(named: name)?.pattern.name == "ScanCapstone")
    }

    @Test("Close spellings suggest the capstone", arguments: ["capstone", "scan-capstne", "scancap"])
    func suggested(name: String) {
        #expect(Catalog.kata(named: name) == nil)
        #expect(Catalog.suggestions(for: name).first?.pattern.name == "ScanCapstone")
    }

    @Test("The safety net's tests belong to no step")
    func safetyNetIsNoStep() throws {
        let capstone = try scanCapstone()
        let module = capstone.pattern.testModule
        #expect(capstone.isSafetyNet(test: "\(module).SafetyNet/oneCode()/S.swift:3:6"))
        #expect(capstone.step(ofTest: "\(module).SafetyNet/oneCode()/S.swift:3:6") == nil)
        #expect(!capstone.isSafetyNet(test: "\(module).Step1Pipeline/a()"))
        #expect(capstone.step(ofTest: "\(module).Step2ScanView/a()") == 2)
        let strategy = try #require(Catalog.kata(named: "strategy"))
        #expect(!strategy.isSafetyNet(test: "StrategyTests.SafetyNet/a()"))
    }

    @Test(
        "A learner who finished the nine moves on to the capstones, in order; one who finished them too is done"
    )
    func currentKata() {
        var state = LearnerState()
        state.done = Set(Catalog.patternKatas.map(\.pattern.name))
        #expect(state.currentKata?.pattern.name == "ScanCapstone")
        state.chosen = "Proxy"
        #expect(state.currentKata?.pattern.name == "ScanCapstone")
        state.done.insert("ScanCapstone")
        #expect(state.currentKata?.pattern.name == "MessagingCapstone")
        state.done.insert("MessagingCapstone")
        #expect(state.currentKata == nil)
    }
}

@Suite("Checking a capstone")
struct CapstoneCheckTests {
    /// A throwaway package folder with the scan capstone: a legacy stub, a solution that
    /// extracted a type into a file of its own, a safety net and one step suite per step.
    final class Fixture {
        let folder: TemporaryFolder
        var root: URL { folder.url }
        let tests = "Tests/ScanCapstone" + "Tests"

        init() throws {
            folder = try TemporaryFolder()
            // A pattern's kata, so that the check finds one.
            try folder.write("Katas/Strategy/README.md", "# Brief")
            try folder.write("Katas/Strategy/Model.swift", "// TODO: Step 1 — model\nstruct Model {}")
            try folder.write("Solutions/Strategy/Model.swift", "struct Model {}")
            try folder.write("Tests/StrategyTests/ModelTests.swift", "@Suite(\"Strategy · Step 1 — Model\")")
            try folder.write("docs/patterns/strategy.md", "# Strategy")

            try folder.write("Katas/ScanCapstone/README.md", "# Brief")
            try folder.write(
                "Katas/ScanCapstone/ScanScreen.swift",
                (1...4).map { "// TODO: Step \($0) — refactor" }.joined(separator: "\n")
                    + "\nfinal class ScanScreen {}"
            )
            try folder.write(
                "Solutions/ScanCapstone/ScanScreen.swift", "final class ScanScreen { let units = 4 }")
            try folder.write("Solutions/ScanCapstone/StartUp.swift", "enum StartUp {}")
            try folder.write(
                "\(tests)/SafetyNet.swift",
                "@MainActor\n@Suite(\"Safety net — the legacy screen's behaviour, pinned\")\nstruct SafetyNet {}"
            )
            for (step, suite) in (try scanCapstone()).suites.enumerated() {
                try folder.write(
                    "\(tests)/\(suite).swift",
                    "@MainActor\n@Suite(\"Step \(step + 1) — a step\")\nstruct \(suite) {}")
            }
            try folder.write("docs/patterns/scan-capstone.md", "# Scan capstone")
        }

        var problems: [String] { ShapeCheck(root: root).problems() }
    }

    @Test("A capstone folder is allowed; its solution may have more files than its stubs")
    func allowed() throws {
        let fixture = try Fixture()
        #expect(fixture.problems == [])
        #expect(
            ShapeCheck(root: fixture.root).patternsPresent().map(\.name) == ["ScanCapstone", "Strategy"])
    }

    @Test("A capstone still needs its brief, guide, stubs, a solution and tests")
    func stillNeedsItsFiles() throws {
        let fixture = try Fixture()
        for path in [
            "Katas/ScanCapstone/README.md", "docs/patterns/scan-capstone.md", "Solutions/ScanCapstone",
            fixture.tests,
        ] {
            try FileManager.default.removeItem(at: fixture.root.appending(path: path))
        }
        #expect(
            fixture.problems == [
                "Katas/ScanCapstone/README.md is missing or empty: every capstone needs its brief.",
                "docs/patterns/scan-capstone.md is missing or empty: every capstone needs its guide.",
                "Solutions/ScanCapstone has no .swift files.",
                "\(fixture.tests) has no tests.",
            ])
    }

    @Test("Step 0 is the learner's net: its TODO is in Net/, and one in the legacy code is refused")
    func todoForTheNet() throws {
        let fixture = try Fixture()
        try fixture.folder.write("Katas/ScanCapstone/Net/Net.swift", "// TODO: Step 0 — write the net")
        #expect(fixture.problems == [])
        try fixture.folder.write(
            "Katas/ScanCapstone/Legacy.swift", "struct Legacy {}\n// TODO: Step 0 — pin it")
        #expect(
            fixture.problems == [
                "Katas/ScanCapstone/Legacy.swift:2 has a TODO for step 0, but step 0 is the learner's net: its "
                    + "TODO belongs in Katas/ScanCapstone/Net/, beside the tests it asks for."
            ])
    }

    @Test("A pattern's kata still needs the same file names in Katas/ and Solutions/")
    func patternsKeepTheRule() throws {
        let fixture = try Fixture()
        try fixture.folder.write("Solutions/Strategy/Extra.swift", "struct Extra {}")
        #expect(
            fixture.problems == [
                "Katas/Strategy and Solutions/Strategy must have the same file names; only in the solution: "
                    + "Extra.swift."
            ])
    }

    @Test("The catalog check reads the manifest's capstones: their prerequisites are their steps' union")
    func manifestCapstones() throws {
        let fixture = try Fixture()
        let manifest = try repositoryManifest.get()
        #expect(manifest.learnerModules.suffix(2).map(\.name) == ["ScanCapstone", "MessagingCapstone"])
        #expect(manifest.learnerModules.count == 11)
        let withoutState = manifest.changing { targets in
            targets = targets.map { target in
                guard target.name == "ScanCapstone" else { return target }
                return .init(
                    name: target.name, path: target.path,
                    dependencies: target.dependencies.filter { $0 != "State" })
            }
        }
        let problems = CatalogCheck(workspace: Workspace(root: fixture.root), manifest: withoutState)
            .problems()
        #expect(
            problems.contains(
                "Package.swift gives ScanCapstone the prerequisites ChainOfResponsibility, Proxy; its steps in "
                    + "the catalog need ChainOfResponsibility, State, Proxy. List the kata modules its steps need."
            ))
        #expect(!problems.contains { $0.hasPrefix("Package.swift's katas and capstones") })
    }

    @Test("The catalog check wants the safety-net suite, a brief from step 0, and hints from step 1")
    func safetyNetSuiteAndBrief() throws {
        let fixture = try Fixture()
        try FileManager.default.removeItem(
            at: fixture.root.appending(path: "\(fixture.tests)/SafetyNet.swift"))
        try fixture.folder.write("Katas/ScanCapstone/README.md", "# Brief\n\n## Step 1: a\n")
        let problems = CatalogCheck(workspace: Workspace(root: fixture.root), manifest: repositoryManifest)
            .problems()
        #expect(problems.contains { $0.hasPrefix("\(fixture.tests) declares no suite SafetyNet") })
        #expect(
            problems.contains(
                "Katas/ScanCapstone/README.md has the step sections 1 (\"## Step N: …\"); the capstone has steps "
                    + "0 to 4 (step 0: the safety net)."))
        #expect(!problems.contains { $0.hasPrefix("\(fixture.tests) declares the step suites") })

        var brief = "# Brief\n\n## Step 0: the safety net\n\n- **0.1** pinned\n"
        var hints = "# Scan capstone: hints\n"
        for step in 1...4 {
            brief += "\n## Step \(step): s\n"
            hints += "\n## Step \(step): s\n\n### Hint 1\n\nh\n"
        }
        try fixture.folder.write("Katas/ScanCapstone/README.md", brief)
        try fixture.folder.write("Katas/ScanCapstone/HINTS.md", hints)
        let again = CatalogCheck(workspace: Workspace(root: fixture.root), manifest: repositoryManifest)
            .problems()
        #expect(
            again.filter { $0.hasPrefix("Katas/ScanCapstone/") } == [],
            "Step 0 asks for no code, so it needs no hint")
    }

    @Test("A capstone's brief states step 0 rules under `## Step 0`; a pattern's kata has no step 0")
    func stepZeroRules() {
        let brief = """
            ## Step 0: the safety net

            - **0.1** One code shows its result.

            ## Step 1: the pipeline

            - **1.1** The units run in order.
            """
        let tests = RuleCheck.citingTests(
            in: "@Test(\"one code [0.1]\") func a() {}\n@Test(\"in order [1.1]\") func b() {}",
            file: "T.swift")
        func problems(firstStep: Int) -> [String] {
            RuleCheck.problems(
                rules: RuleCheck.rules(inBrief: brief), briefPath: "B.md", briefSteps: Brief(markdown: brief),
                stepCount: 1, tests: tests, firstStep: firstStep)
        }
        #expect(problems(firstStep: 0) == [])
        #expect(
            problems(firstStep: 1) == [
                "B.md:3: rule 0.1 is a step 0 rule, and only a capstone has a step 0 (its safety net). "
                    + "Number it after the step it belongs to."
            ])
        let withoutSafetyNetRules = brief.replacingOccurrences(
            of: "- **0.1** One code shows its result.", with: "")
        #expect(
            RuleCheck.problems(
                rules: RuleCheck.rules(inBrief: withoutSafetyNetRules), briefPath: "B.md",
                briefSteps: Brief(markdown: withoutSafetyNetRules), stepCount: 1, tests: [], firstStep: 0
            ).first
                == "B.md: step 0 states no numbered rules. List them in its section, one per line: `- **0.1** …`."
        )
    }
}

@Suite("A capstone's safety net on the stubs")
struct CapstoneVerdictTests {
    let capstone = Pattern(name: "ScanCapstone")
    var module: String { capstone.testModule }

    func result(_ id: String, failures: [String], skipped: Bool = false) -> RunReport.Outcome {
        RunReport.Outcome(
            id: id, displayName: id, status: skipped ? .skipped : failures.isEmpty ? .passed : .failed,
            issues: failures.map { EventStream.Issue(message: $0, comment: nil, filePath: nil, line: nil) },
            filePath: nil, line: nil)
    }

    @Test("On the stubs every safety-net test passes and every step test fails")
    func greenNetRedSteps() {
        let verdict = KataModeVerdict(
            patterns: [capstone],
            outcomes: [
                result("\(module).SafetyNet/oneCode()", failures: []),
                result("\(module).Step1Pipeline/a()", failures: ["Expectation failed"]),
            ], safetyNets: ["\(module).SafetyNet"])
        #expect(verdict.problems == [])
        #expect(
            verdict.summaries == [
                .init(pattern: capstone, total: 1, red: 1, safetyNetTotal: 1, safetyNetGreen: 1)
            ])
    }

    @Test("A safety-net test red on the stubs, or a step test green, is named")
    func redNetGreenStep() {
        let verdict = KataModeVerdict(
            patterns: [capstone],
            outcomes: [
                result("\(module).SafetyNet/oneCode()", failures: ["Expectation failed: display"]),
                result("\(module).Step1Pipeline/a()", failures: []),
            ], safetyNets: ["\(module).SafetyNet"])
        #expect(
            verdict.problems == [
                "\(module).SafetyNet/oneCode() failed: Expectation failed: display. A safety-net test pins what "
                    + "the legacy stub does: it must pass on the untouched stub (and after every step).",
                "\(module).Step1Pipeline/a() passed on the untouched stub. A kata test must fail until the learner "
                    + "writes the code; test behaviour the stub doesn't have yet.",
            ])
    }
}

@Suite("A capstone's progress, and the katas it needs")
struct CapstoneProgressTests {
    func outcome(_ id: String, _ status: RunReport.Outcome.Status, line: Int) -> RunReport.Outcome {
        RunReport.Outcome(
            id: id, displayName: "Test at \(line)", status: status,
            issues: status == .failed
                ? [
                    EventStream.Issue(
                        message: "Expectation failed: at \(line)", comment: nil, filePath: nil, line: nil)
                ]
                : [],
            filePath: "/repo/Tests/S.swift", line: line)
    }

    /// A run of the capstone with its prerequisites: State 2 of 6 steps, Chain of Responsibility
    /// done, Proxy not started; the safety net green unless `netFails`, every capstone step red but
    /// step 1 unless `stepOneGreen` is false.
    func report(
        netFails: Bool = false, stepOneGreen: Bool = true, stateDone: Bool = false, proxyDone: Bool = false
    ) throws
        -> RunReport
    {
        let capstone = try scanCapstone()
        let module = capstone.pattern.testModule
        var outcomes = [outcome("\(module).SafetyNet/a()/S.swift:1:1", netFails ? .failed : .passed, line: 1)]
        for (index, suite) in capstone.suites.enumerated() {
            let green = index == 0 && stepOneGreen
            outcomes.append(
                outcome("\(module).\(suite)/t()/S.swift:1:1", green ? .passed : .failed, line: 10 + index))
        }
        for kata in Catalog.patternKatas where capstone.prerequisites.contains(kata.pattern) {
            for (index, suite) in kata.suites.enumerated() {
                let green =
                    kata.pattern.name == "ChainOfResponsibility"
                    || (kata.pattern.name == "State" && (index < 2 || stateDone))
                    || (kata.pattern.name == "Proxy" && proxyDone)
                outcomes.append(
                    outcome(
                        "\(kata.pattern.testModule).\(suite)/t()/S.swift:1:1", green ? .passed : .failed,
                        line: 50))
            }
        }
        var report = RunReport()
        report.outcomes = outcomes
        return report
    }

    /// The capstone's brief, as far as the printer reads it; kept for the test's length.
    let folder: TemporaryFolder
    var printer: ReportPrinter { ReportPrinter(workspace: Workspace(root: folder.url), terminal: .plain) }

    init() throws {
        folder = try TemporaryFolder()
        try folder.write(
            "Katas/ScanCapstone/README.md",
            "# B\n\n## Step 0: the safety net\n\n## Step 1: units\n\n## Step 2: the screen's states are objects\n"
        )
    }

    @Test("The progress table has the capstones in their own section, with the safety net and what they need")
    func tableSection() throws {
        let report = try report()
        let lines = printer.table(Catalog.katas.map { KataProgress(kata: $0, report: report) })
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let steps = Catalog.patternKatas.map(\.stepCount).reduce(0, +)
        #expect(
            lines.first == "Pattern Katas: 1 of 9 katas done, 6 of \(steps) steps green", "The nine alone")
        let section = try #require(lines.firstIndex { $0.hasPrefix("Capstones") })
        #expect(lines[section - 1] == "" && lines[section - 2].hasPrefix("   9  Proxy"))
        let messaging = try #require(lines.firstIndex { $0.hasPrefix("  11  Messaging capstone") })
        #expect(
            Array(lines[(section + 1)..<messaging]) == [
                "  10  Scan capstone            ██░░░░░░░░  1/5",
                "      ✔ Safety net: green, 1 of 1 tests pass",
                "      ✘ Needs Chain of Responsibility: done · State: 2 of 6 steps · Proxy: 0 of 5 steps",
            ])
    }

    @Test(
        "A step whose kata is not done says so instead of its failure: \"Step 2 needs State: 2 of 6 steps\"")
    func needsItsKata() throws {
        let progress = KataProgress(kata: try scanCapstone(), report: try report())
        let next = printer.next(progress)
        #expect(next.contains("Next: Scan capstone, Step 2: the screen's states are objects"))
        #expect(next.contains("Step 2 needs State: 2 of 6 steps. Finish it first: swift run kata test state"))
        #expect(!next.contains("Failing") && !next.contains("Expectation failed"))
        #expect(next.hasSuffix("swift test --filter ScanCapstone" + "Tests.Step2ScanView"))
        let steps = printer.steps(of: progress)
        #expect(steps.contains("✔ The given safety net: 1 of 1 tests pass"))
        #expect(
            steps.contains(
                "✘ Step 2: the screen's states are objects: 0 of 1 tests pass (needs State: 2 of 6 steps)"))
        #expect(
            steps.contains("✘ Step 4: 0 of 1 tests pass (needs State: 2 of 6 steps and Proxy: 0 of 5 steps)"))
    }

    @Test(
        "The learner's net comes before step 1: what it misses, by what each change does, or its test that fails"
    )
    func learnerNet() throws {
        let net = "ScanCapstoneNetTests.ScanNet"
        var missing = try report()
        var catcher = outcome("\(net)/a()/N.swift:1:1", .passed, line: 1)
        catcher.catches = [2, 5, 9]
        missing.outcomes += [
            catcher, outcome("\(net)/b()/N.swift:4:1", .passed, line: 4),
            RunReport.Outcome(
                id: "\(net)/" + EventStream.suiteCheck, displayName: "ScanNet (the suite)", status: .failed,
                issues: [
                    EventStream.Issue(
                        message: "Issue recorded",
                        comment:
                            "Your net catches 9 of 10 planted changes.\nIt misses:\n- 4. Taps go astray.",
                        filePath: nil, line: nil)
                ], filePath: nil, line: nil),
        ]
        let progress = KataProgress(kata: try scanCapstone(), report: missing)
        #expect(progress.learnerNetHolds == false && !progress.isDone)
        #expect(progress.stepToWorkOn == 0, "The hint command gives step 0's hints")
        let next = printer.next(progress)
        #expect(next.contains("Next: Scan capstone, Step 0: the safety net"))
        #expect(
            next.contains("Your net catches 9 of 10 planted changes.")
                && next.contains("- 4. Taps go astray."))
        #expect(
            next.contains("What each of your tests catches:") && next.contains("\"Test at 1\": 2, 5 and 9")
                && next.contains("\"Test at 4\": nothing"),
            "Which test catches which planted change, by number: \(next)")
        #expect(next.hasSuffix("swift test --filter ScanCapstoneNetTests"))
        #expect(
            printer.steps(of: progress).contains("✘ Step 0: the safety net: catches 9 of 10 planted changes.")
        )

        var failing = try report()
        failing.outcomes.append(outcome("\(net)/a()/N.swift:1:1", .failed, line: 3))
        let wrong = KataProgress(kata: try scanCapstone(), report: failing)
        #expect(printer.next(wrong).contains("Failing    \"Test at 3\""))
        #expect(printer.capstoneLines(wrong).first == "✘ Your net: \"Test at 3\" fails on a correct program")

        var caught = try report()
        caught.outcomes.append(outcome("\(net)/a()/N.swift:1:1", .passed, line: 1))
        let done = KataProgress(kata: try scanCapstone(), report: caught)
        #expect(done.learnerNetHolds == true && done.stepToWorkOn == 2)
        #expect(printer.capstoneLines(done).first == "✔ Your net: every planted change caught, by 1 test")
        #expect(printer.next(done).contains("Next: Scan capstone, Step 2"))
    }

    @Test("Once its kata is done, the step shows its real failure")
    func realFailure() throws {
        let progress = KataProgress(kata: try scanCapstone(), report: try report(stateDone: true))
        let next = printer.next(progress)
        #expect(!next.contains("needs"))
        #expect(next.contains("Failing    \"Test at 11\"") && next.contains("Expectation failed: at 11"))
    }

    @Test(
        "A red safety net comes first: it runs on an unfinished kata, or the refactoring changed behaviour it pins"
    )
    func redSafetyNet() throws {
        // Every kata it needs is done: the refactoring itself changed something.
        let changed = KataProgress(
            kata: try scanCapstone(),
            report: try report(netFails: true, stepOneGreen: false, stateDone: true, proxyDone: true))
        #expect(!changed.isDone && changed.safetyNetHolds == false)
        #expect(
            printer.capstoneLines(changed).first
                == "✘ Safety net: red: the refactoring changed behaviour the safety net pins (\"Test at 1\")")
        let next = printer.next(changed)
        #expect(next.hasPrefix("Next: Scan capstone, the safety net is red"))
        #expect(next.contains("The refactoring changed behaviour the safety net pins."))
        #expect(next.contains("Failing    \"Test at 1\""))
        #expect(next.hasSuffix("swift test --filter ScanCapstone" + "Tests.SafetyNet"))

        // State isn't done: the safety net runs the whole screen, which may go through the
        // learner's State whichever step is on (a kata broken after its step went green breaks
        // the steps before it too), so the unfinished kata is named first.
        let onState = KataProgress(
            kata: try scanCapstone(), report: try report(netFails: true, stepOneGreen: false, proxyDone: true)
        )
        #expect(onState.unfinishedPrerequisites.map(\.kata.pattern.name) == ["State"])
        #expect(
            printer.capstoneLines(onState).first
                == "✘ Safety net: red, and it runs on your own modules: State is not done (2 of 6 steps)")
        let stateNext = printer.next(onState)
        #expect(
            stateNext.contains(
                "The safety net runs on your own modules, and State is not done (2 of 6 steps). "
                    + "Finish it first: swift run kata test state"))
    }
}
