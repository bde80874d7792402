import Foundation
import KataCore
import KataSystem

/// `kata reset <kata> [--step N]`: puts the stubs back.
///
/// It first copies the learner's files to a backup folder it names, so nothing is ever lost.
/// Every message it prints says what did happen: before the reset, what it will do; after it,
/// what it did, on every path (declined, nobody to ask, a backup that failed, a write that
/// failed).
enum ResetCommand {
    static func run(_ options: Options, _ context: KataCommand.Context) -> ExitStatus {
        guard let kata = context.kata() else { return .usage }
        if let step = options.step, step > kata.stepCount {
            context.output.error("\(kata.pattern.displayName) has steps 1 to \(kata.stepCount).")
            return .usage
        }
        let (workspace, yes) = (context.workspace, options.has(.yes))
        let noted = workspace.loadState().stubCommits[kata.pattern.name].flatMap {
            GitStubSource(root: workspace.root, recorded: $0)
        }
        guard
            let source = noted
                ?? chooseStubCommit(of: kata, yes: yes, root: workspace.root, output: context.output)
        else { return .failure }
        let ask: ((String) -> Bool)? = Console.canAsk ? { Console.confirm($0) } : nil
        return reset(
            kata, step: options.step, yes: yes, source: source, workspace: workspace,
            terminal: context.terminal, ask: ask, say: context.output.line, sayError: context.output.error)
    }

    /// The commit to take the stubs from, when the tool never noted it.
    ///
    /// The learner says which; with nobody to ask, or `--yes`, it is the commit that added the
    /// kata. `nil` after saying why nothing changed.
    ///
    /// Never a guess from the code: a learner's commit may keep every `// TODO`, and a
    /// maintainer's may have none left.
    static func chooseStubCommit(of kata: Kata, yes: Bool, root: URL, output: Output) -> GitStubSource? {
        let candidates: [GitStubSource.Candidate]
        do {
            candidates = try GitStubSource.candidates(for: kata, in: root)
        } catch {
            output.error(
                "Cannot find the stubs: \(error). `kata reset` needs the repository's git history. Nothing changed."
            )
            return nil
        }
        guard let added = candidates.last else {
            output.error("No commit has Katas/\(kata.pattern.name)/. Nothing changed.")
            return nil
        }
        output.line(
            "The tool never saw the \(kata.pattern.displayName) stubs untouched (it notes them the first time it "
                + "runs while Katas/\(kata.pattern.name)/ is as cloned), so it does not know which commit holds them."
        )
        guard Console.canAsk, !yes else {
            output.line("It takes the commit that added the kata, \(added.summary).")
            return GitStubSource(root: root, commit: added.commit)
        }
        output.line("The commits that changed Katas/\(kata.pattern.name)/, newest first:")
        for (index, candidate) in candidates.enumerated() {
            let label = index == candidates.count - 1 ? "  (added the kata)" : ""
            output.line("  \(index + 1). \(candidate.summary)\(label)")
        }
        guard let answer = Console.ask("Which commit's stubs? [1-\(candidates.count)]"),
            let number = Int(answer), candidates.indices.contains(number - 1)
        else {
            output.line("Nothing changed: no commit chosen.")
            return nil
        }
        return GitStubSource(root: root, commit: candidates[number - 1].commit)
    }

    /// Resets `kata` (or one step of it) from `source`, saying what happens.
    ///
    /// - Parameters:
    ///   - ask: asks the learner a yes-or-no question; `nil` when there is nobody to ask
    ///     (standard input is not a terminal).
    ///   - say: where the messages go (standard output; errors go there too, for the tests).
    static func reset(
        _ kata: Kata, step: Int?, yes: Bool, source: any StubSource, workspace: Workspace,
        terminal: Terminal, ask: ((String) -> Bool)?,
        say: (String) -> Void, sayError: (String) -> Void
    ) -> ExitStatus {
        let reset = KataReset(workspace: workspace, source: source)
        let plan: KataReset.Plan
        do {
            plan = try reset.plan(kata, step: step)
        } catch {
            sayError("\(error) Nothing changed.")
            return .failure
        }
        let backup = workspace.relative(plan.backup.path) + "/"
        let what = step.map { "step \($0) of \(kata.pattern.displayName)" } ?? kata.pattern.displayName
        say("Resetting \(what) restores these files to the stubs of \(source.description):")
        for file in plan.restore { say("  \(file)") }
        for file in plan.remove { say("  \(file) (yours: removed)") }
        if let step {
            for (file, others) in plan.otherSteps.sorted(by: { $0.key < $1.key }) {
                let list = others.map(String.init).joined(separator: ", ")
                say(
                    "  Note: \(file) also holds step\(others.count > 1 ? "s" : "") \(list): "
                        + "your work for \(others.count > 1 ? "them" : "it") there goes back to the stub too, "
                        + "not only step \(step).")
            }
        }
        say(
            (yes ? "It first copies" : "If it goes on, it first copies")
                + " your files to \(backup), then writes the stubs.")
        if !yes, ask?("Reset?") != true {
            say(
                ask == nil
                    ? "Nothing changed: there is no terminal to ask on, so nothing was copied or written. "
                        + "Add --yes to reset without being asked."
                    : "Nothing changed: nothing was copied or written. (Add --yes to reset without being asked.)"
            )
            return .failure
        }
        do {
            try reset.apply(plan)
        } catch let failure {
            switch failure.stage {
            case .backup:
                sayError(
                    "The reset stopped before writing anything: your files could not be copied to \(backup) "
                        + "(\(failure.underlying)). Your files are as they were"
                        + (failure.copied ? "; a part of the copy is in \(backup)." : "."))
            case .writing:
                sayError(
                    "The reset stopped while writing the stubs (\(failure.underlying)): some files may be stubs "
                        + "already. Every file of yours, as it was, is in \(backup).")
            }
            return .failure
        }
        let name = kata.pattern.name
        var state = workspace.loadState()
        state.currentStep[name] = nil
        state.lastRun[name] = nil
        state.done.remove(name)
        // The hints seen start again: the step's, or every step's.
        state.hintsSeen = state.hintsSeen.filter { key, _ in
            step.map { key != "\(name)/\($0)" } ?? !key.hasPrefix(name + "/")
        }
        workspace.save(state)
        let restored = plan.restore.count
        say(
            terminal.paint(
                "Done: \(restored) file\(restored == 1 ? "" : "s") back to the stubs"
                    + (plan.remove.isEmpty ? "" : ", \(plan.remove.count) of yours removed")
                    + ". Your files, as they were, are in \(backup).", .green))
        return .success
    }
}
