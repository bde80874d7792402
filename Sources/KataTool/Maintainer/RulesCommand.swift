import KataCore
import KataSystem

/// `kata rules [<kata>]`: the briefs' numbered rules against the tests' citations, without
/// building anything (``RuleCheck``).
enum RulesCommand {
    static func run(_ options: Options, _ context: KataCommand.Context) -> ExitStatus {
        var katas = Catalog.katas
        if options.positional.first != nil {
            guard let kata = context.kata() else { return .usage }
            katas = [kata]
        }
        let check = RuleCheck(workspace: context.workspace)
        var total = 0
        for kata in katas {
            let problems = check.problems(of: kata)
            total += problems.count
            let rules = RuleCheck.rules(
                inBrief: context.workspace.read("Katas/\(kata.pattern.name)/README.md"))
            context.output.line(
                "\(context.terminal.mark(problems.isEmpty)) \(kata.pattern.displayName): \(rules.count) rules"
                    + (problems.isEmpty ? ", each tested" : ""))
            for problem in problems { context.output.line("  - \(problem)") }
        }
        return ExitStatus(ok: total == 0)
    }
}
