/// How far a learner is in one kata, as one run's results say.
package struct KataProgress {
    package let kata: Kata
    /// Each step's tests, step 1 first, in the order they are declared.
    package let steps: [[RunReport.Outcome]]
    /// The compiler's first error in this kata's files, when the package did not build or the
    /// kata was left out of it.
    let compilerError: RunReport.CompilerError?
    /// The katas this one needs (a capstone's prerequisites) that were left out of the build
    /// because they don't compile, so this one was left out too.
    let leftOutPrerequisites: [Kata]
    /// Every module the run left out because it doesn't compile, sorted: what a `swift test` by
    /// hand must leave out too (`KATA_LEAVE_OUT`).
    let leftOutOfRun: [String]
    /// A crash of the kata's code while another kata's test ran.
    let backgroundCrash: RunReport.Crash?
    /// A capstone's characterization tests (its safety net), in the order they are declared;
    /// empty for a pattern's kata.
    package let safetyNet: [RunReport.Outcome]
    /// A capstone's prerequisite katas, as the same run found them: those whose tests ran.
    package let prerequisites: [KataProgress]
    /// The tests of the net the learner writes at a capstone's step 0, with the suite's own check
    /// (what they missed) among them; empty when step 0 is given.
    let learnerNet: [RunReport.Outcome]

    package init(kata: Kata, report: RunReport) {
        self.kata = kata
        let tests = Self.inSourceOrder(report.outcomes(inModule: kata.pattern.testModule))
        steps = (1...max(kata.stepCount, 1)).map { step in tests.filter { kata.step(ofTest: $0.id) == step } }
        safetyNet = tests.filter { kata.isSafetyNet(test: $0.id) }
        learnerNet = kata.capstone?.learnerNet.map { Self.inSourceOrder(report.outcomes(inModule: $0)) } ?? []
        compilerError = report.buildErrors.first { $0.kata == kata } ?? report.leftOutError(of: kata)
        leftOutOfRun = report.leftOut.keys.sorted()
        leftOutPrerequisites = kata.prerequisites.compactMap { pattern in
            Catalog.katas.first { $0.pattern == pattern && report.leftOutError(of: $0) != nil }
        }
        backgroundCrash = report.backgroundCrashes[kata.pattern.testModule]
        prerequisites = kata.prerequisites.compactMap { pattern in
            Catalog.katas.first { $0.pattern == pattern }.map { KataProgress(kata: $0, report: report) }
        }
        .filter(\.ran)
    }

    /// Whether the step's tests ran and all passed.
    func isGreen(step: Int) -> Bool { Self.allPassed(steps[step - 1]) == true }

    /// Whether every one of `tests` passed; `nil` when none ran.
    private static func allPassed(_ tests: [RunReport.Outcome]) -> Bool? {
        tests.isEmpty ? nil : tests.allSatisfy(\.passed)
    }

    /// `outcomes` in the order their tests are declared: by file, then line.
    private static func inSourceOrder(_ outcomes: [RunReport.Outcome]) -> [RunReport.Outcome] {
        outcomes.sorted { ($0.filePath ?? "", $0.line ?? 0) < ($1.filePath ?? "", $1.line ?? 0) }
    }

    package var greenSteps: Int { (1...steps.count).count(where: isGreen(step:)) }

    /// The steps a learner counts, green and in all: a capstone's step 0 counts when the learner
    /// writes it.
    var stepTally: (green: Int, total: Int) {
        guard kata.capstone?.learnerNet != nil else { return (greenSteps, kata.stepCount) }
        return (greenSteps + (learnerNetHolds == true ? 1 : 0), kata.stepCount + 1)
    }
    /// Every step green, and for a capstone its safety net and the learner's net too.
    package var isDone: Bool {
        greenSteps == kata.stepCount && safetyNetHolds != false && learnerNetHolds != false
    }
    /// Whether any of the kata's tests ran.
    package var ran: Bool { steps.contains { !$0.isEmpty } || !safetyNet.isEmpty || !learnerNet.isEmpty }

    /// Whether the net the learner writes at step 0 passes on the correct programs and catches
    /// every planted change; `nil` for a kata without one, or when it did not run.
    var learnerNetHolds: Bool? { Self.allPassed(learnerNet) }

    /// What the learner's net misses, as its suite said it: `Your net catches 6 of 10 planted
    /// changes.` and one line per change; empty when it misses nothing, or its tests themselves
    /// fail.
    var learnerNetGrade: [String] {
        learnerNet.filter(\.isSuiteCheck)
            .flatMap(\.issues).compactMap(\.comment).flatMap { $0.split(separator: "\n").map(String.init) }
    }

    /// The first test of the learner's net that fails on a correct program.
    var learnerNetFailure: RunReport.Outcome? {
        learnerNet.first { !$0.passed && !$0.isSuiteCheck }
    }

    /// Whether a capstone's safety net ran and passed; `nil` for a kata with none, or when it
    /// did not run.
    var safetyNetHolds: Bool? { Self.allPassed(safetyNet) }

    /// The prerequisites of `step` that ran and are not done: while one is not, the capstone's
    /// step runs the learner's unfinished code, and its failures say little.
    func unfinishedPrerequisites(ofStep step: Int) -> [KataProgress] {
        let needed = kata.prerequisites(ofStep: step)
        return prerequisites.filter { needed.contains($0.kata.pattern) && !$0.isDone }
    }

    /// Every prerequisite that ran and is not done.
    ///
    /// A red safety net may come from any of them: it runs the whole screen on the learner's own
    /// modules, and which of them it goes through depends on how far the refactoring got (a
    /// kata broken after its step went green breaks the steps before and after it too).
    var unfinishedPrerequisites: [KataProgress] {
        prerequisites.filter { !$0.isDone }
    }

    /// The step to work on, as the state file keeps it: 0 while a capstone's learner net (its
    /// step 0) doesn't hold, else ``currentStep``.
    package var stepToWorkOn: Int? { learnerNetHolds == false ? 0 : currentStep }

    /// The first step that isn't green: the one to work on.
    var currentStep: Int? { (1...steps.count).first { !isGreen(step: $0) } }

    /// The test that crashed or hung, if one did.
    var stopped: (step: Int, outcome: RunReport.Outcome)? {
        let index = steps.firstIndex { $0.contains(where: \.status.stoppedTheRun) }
        return index.flatMap { index in
            steps[index].first(where: \.status.stoppedTheRun).map { (index + 1, $0) }
        }
    }

    /// The first test of a capstone's safety net that did not pass.
    var safetyNetFailure: RunReport.Outcome? { safetyNet.first { !$0.passed } }

    /// The first test of the current step that did not pass.
    var firstFailure: RunReport.Outcome? {
        currentStep.flatMap { step in steps[step - 1].first { !$0.passed } }
    }
}

extension RunReport.Outcome.Status {
    /// Whether the test stopped the test process: a crash or a hang.
    package var stoppedTheRun: Bool {
        switch self {
        case .crashed, .hung: return true
        default: return false
        }
    }
}
