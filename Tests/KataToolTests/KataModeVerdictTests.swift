import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

@Suite("Judging a kata-mode run")
struct KataModeVerdictTests {
    let strategy = Pattern(name: "Strategy")

    func red(_ id: String) -> RunReport.Outcome { result(id, failures: ["Expectation failed"]) }
    func green(_ id: String) -> RunReport.Outcome { result(id, failures: []) }
    func result(_ id: String, failures: [String], skipped: Bool = false) -> RunReport.Outcome {
        RunReport.Outcome(
            id: id, displayName: id, status: skipped ? .skipped : failures.isEmpty ? .passed : .failed,
            issues: failures.map { EventStream.Issue(message: $0, comment: nil, filePath: nil, line: nil) },
            filePath: nil, line: nil)
    }

    @Test("All kata tests red and all other tests green is a pass")
    func passes() {
        let verdict = KataModeVerdict(
            patterns: [strategy],
            outcomes: [
                red("StrategyTests.Step1/a()"), red("StrategyTests.Step2/b()"),
                green("ScanKitTests.Codes/c()"),
            ]
        )
        #expect(verdict.problems.isEmpty)
        #expect(verdict.summaries == [.init(pattern: strategy, total: 2, red: 2)])
        #expect(verdict.otherTotal == 1 && verdict.otherPassed == 1)
    }

    @Test("A kata test that passes on the stub is named")
    func kataTestGreenOnStub() {
        let verdict = KataModeVerdict(
            patterns: [strategy],
            outcomes: [red("StrategyTests.Step1/a()"), green("StrategyTests.Step1/b()")])
        #expect(verdict.problems.count == 1)
        #expect(
            verdict.problems.first?.hasPrefix("StrategyTests.Step1/b() passed on the untouched stub") == true)
    }

    @Test("A failing test outside the katas is named with its message")
    func domainTestFails() {
        let verdict = KataModeVerdict(
            patterns: [strategy],
            outcomes: [
                red("StrategyTests.Step1/a()"), result("MessagingKitTests.Clock/t()", failures: ["boom"]),
            ])
        #expect(
            verdict.problems == [
                "MessagingKitTests.Clock/t() failed: boom. Tests outside the katas must pass in both modes."
            ])
    }

    @Test("A kata whose tests did not run at all is reported")
    func missingKataTests() {
        let verdict = KataModeVerdict(
            patterns: [strategy, Pattern(name: "State")], outcomes: [red("StrategyTests.S/a()")])
        #expect(verdict.problems.count == 1)
        #expect(verdict.problems.first?.hasPrefix("No StateTests ran.") == true)
    }

    @Test("A test another kata's filter would select is reported")
    func filterLeak() {
        let verdict = KataModeVerdict(
            patterns: [Pattern(name: "State")],
            outcomes: [red("StateTests.S/a()"), green("ScanKitTests.ScanStateTests/b()")])
        #expect(verdict.problems.count == 1)
        #expect(verdict.problems.first?.contains("`swift test --filter StateTests` would run it too") == true)
    }

    @Test("Story tests must skip themselves on the stubs; one that runs is named, red or green")
    func storyTestsSkip() {
        let skipped = result("StoryTests.Story/wholeStory()", failures: [], skipped: true)
        let fine = KataModeVerdict(patterns: [strategy], outcomes: [red("StrategyTests.S/a()"), skipped])
        #expect(fine.problems.isEmpty)
        #expect(fine.referenceOnlySkipped == 1 && fine.otherTotal == 0)

        let ran = KataModeVerdict(
            patterns: [strategy],
            outcomes: [red("StrategyTests.S/a()"), red("StoryTests.Story/wholeStory()")])
        #expect(
            ran.problems == [
                "StoryTests.Story/wholeStory() ran on the stubs. It checks the reference solutions wired "
                    + "together, so it must skip itself unless KATA_SOLUTIONS=1."
            ])
    }

    @Test("A skipped kata test is reported: it is not red")
    func skippedKataTest() {
        let skipped = result("StrategyTests.S/b()", failures: [], skipped: true)
        let verdict = KataModeVerdict(patterns: [strategy], outcomes: [red("StrategyTests.S/a()"), skipped])
        #expect(
            verdict.problems == [
                "StrategyTests.S/b() was skipped. A kata test must run, and fail on the stub."
            ])
    }

    @Test("A brief's counts of the stubs' tests are read, so verify can hold them to the run")
    func statedCounts() {
        #expect(
            VerifyCommand.statedCounts(inBrief: "x\nRun it now: 31 tests fail. When") ?? (-1, -1) == (0, 31))
        #expect(
            VerifyCommand.statedCounts(inBrief: "Run it now: 2 tests pass and 21 fail. The 2") ?? (-1, -1)
                == (2, 21))
        #expect(VerifyCommand.statedCounts(inBrief: "Run the tests.") == nil)
    }
}
