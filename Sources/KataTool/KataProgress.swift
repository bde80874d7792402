/// How far a learner is in one kata, as one run's results say.
struct KataProgress {
    let kata: Kata
    /// Each step's tests, step 1 first, in the order they are declared.
    let steps: [[RunReport.Outcome]]
    /// The compiler's first error in this kata's files, when the package did not build.
    let compilerError: RunReport.CompilerError?
    /// A crash of the kata's code while another kata's test ran.
    let backgroundCrash: RunReport.Crash?

    init(kata: Kata, report: RunReport) {
        self.kata = kata
        let tests = report.outcomes(inModule: kata.pattern.testModule)
        steps = (1...max(kata.stepCount, 1)).map { step in
            tests.filter { kata.step(ofTest: $0.id) == step }
                .sorted { ($0.filePath ?? "", $0.line ?? 0) < ($1.filePath ?? "", $1.line ?? 0) }
        }
        compilerError = report.buildErrors.first { $0.kata == kata }
        backgroundCrash = report.backgroundCrashes[kata.pattern.testModule]
    }

    /// Whether the step's tests ran and all passed.
    func isGreen(step: Int) -> Bool {
        let tests = steps[step - 1]
        return !tests.isEmpty && tests.allSatisfy(\.passed)
    }

    var greenSteps: Int { (1...steps.count).filter(isGreen(step:)).count }
    var isDone: Bool { greenSteps == kata.stepCount }
    /// Whether any of the kata's tests ran.
    var ran: Bool { steps.contains { !$0.isEmpty } }

    /// The first step that isn't green: the one to work on.
    var currentStep: Int? { (1...steps.count).first { !isGreen(step: $0) } }

    /// The test that crashed or hung, if one did.
    var stopped: (step: Int, outcome: RunReport.Outcome)? {
        for (index, tests) in steps.enumerated() {
            if let test = tests.first(where: { $0.status.stoppedTheRun }) { return (index + 1, test) }
        }
        return nil
    }

    /// The first test of the current step that did not pass.
    var firstFailure: RunReport.Outcome? {
        currentStep.flatMap { step in steps[step - 1].first { !$0.passed } }
    }
}

extension RunReport.Outcome.Status {
    /// Whether the test stopped the test process: a crash or a hang.
    var stoppedTheRun: Bool {
        switch self {
        case .crashed, .hung: return true
        default: return false
        }
    }
}
