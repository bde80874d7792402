import Foundation

/// Where the untouched stubs come from: a git commit of the repository.
protocol StubSource {
    /// The stub files under `folder` (`Katas/Strategy`), as paths relative to the repository.
    func files(in folder: String) throws -> [String]
    /// A stub file's committed content.
    func contents(of path: String) throws -> Data
    /// The commit, for the learner: `commit 1a2b3c4`.
    var description: String { get }
}

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
        let workspace = context.workspace
        let source: GitStubSource
        if let recorded = workspace.loadState().stubCommits[kata.pattern.name],
            let noted = GitStubSource(root: workspace.root, recorded: recorded)
        {
            source = noted
        } else {
            guard
                let chosen = chooseStubCommit(
                    of: kata, yes: options.yes, root: workspace.root, output: context.output)
            else {
                return .failure
            }
            source = chosen
        }
        let ask: ((String) -> Bool)? = Terminal.canAsk ? { Terminal.confirm($0) } : nil
        return reset(
            kata, step: options.step, yes: options.yes, source: source, workspace: context.workspace,
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
        guard Terminal.canAsk, !yes else {
            output.line("It takes the commit that added the kata, \(added.summary).")
            return GitStubSource(root: root, commit: added.commit)
        }
        output.line("The commits that changed Katas/\(kata.pattern.name)/, newest first:")
        for (index, candidate) in candidates.enumerated() {
            let label = index == candidates.count - 1 ? "  (added the kata)" : ""
            output.line("  \(index + 1). \(candidate.summary)\(label)")
        }
        guard let answer = Terminal.ask("Which commit's stubs? [1-\(candidates.count)]"),
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
        if !yes {
            guard let ask else {
                say(
                    "Nothing changed: there is no terminal to ask on, so nothing was copied or written. "
                        + "Add --yes to reset without being asked.")
                return .failure
            }
            guard ask("Reset?") else {
                say(
                    "Nothing changed: nothing was copied or written. (Add --yes to reset without being asked.)"
                )
                return .failure
            }
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
        var state = workspace.loadState()
        state.currentStep[kata.pattern.name] = nil
        state.lastRun[kata.pattern.name] = nil
        state.done.remove(kata.pattern.name)
        for key in state.hintsSeen.keys where key.hasPrefix(kata.pattern.name + "/") {
            if step == nil || key == "\(kata.pattern.name)/\(step ?? 0)" {
                state.hintsSeen[key] = nil
            }
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

/// Puts a kata's stubs back, after a backup.
struct KataReset {
    let workspace: Workspace
    let source: any StubSource
    /// The moment in the backup folder's name.
    var now = Date()

    /// What a reset will do.
    struct Plan: Equatable {
        /// The files to write back, relative to the repository.
        var restore: [String]
        /// The learner's own files in the kata that no stub has (not with `--step`).
        var remove: [String]
        /// The folder the kata's current files are copied to first.
        var backup: URL
        /// With `--step`: the other steps each restored file holds TODOs for, by file.
        var otherSteps: [String: [Int]] = [:]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The files of a kata's folder that are the project's, not the learner's.
    ///
    /// The brief and its hints: a reset neither backs them up, nor writes them back, nor removes
    /// them.
    static let projectFiles: Set<String> = ["README.md", "HINTS.md"]

    /// Whether `path` (relative to the kata's folder, or to the repository) is one of the
    /// learner's files: anything but the folder's ``projectFiles``.
    static func isLearnerFile(_ path: String, in folder: String) -> Bool {
        let relative = path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
        return !projectFiles.contains(relative)
    }

    func plan(_ kata: Kata, step: Int?) throws -> Plan {
        let folder = "Katas/\(kata.pattern.name)"
        var restore = try source.files(in: folder).filter { Self.isLearnerFile($0, in: folder) }.sorted()
        var remove: [String] = []
        var otherSteps: [String: [Int]] = [:]
        if let step {
            restore = try restore.filter { path in
                let text = String(decoding: try source.contents(of: path), as: UTF8.self)
                let steps = Set(ShapeCheck.todoSteps(in: text).map(\.step))
                guard steps.contains(step) else { return false }
                let others = steps.subtracting([step]).sorted()
                if !others.isEmpty { otherSteps[path] = others }
                return true
            }
            guard !restore.isEmpty else {
                throw Failure(description: "No stub of \(kata.pattern.name) has a `// TODO: Step \(step)`.")
            }
        } else {
            remove = workspace.files(in: folder).filter { Self.isLearnerFile($0, in: folder) }
                .map { "\(folder)/\($0)" }.filter { !restore.contains($0) }
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        var backup = workspace.backupsFolder.appending(
            path: "\(kata.pattern.name)-\(formatter.string(from: now))")
        var suffix = 2
        while FileManager.default.fileExists(atPath: backup.path) {
            backup = workspace.backupsFolder.appending(
                path: "\(kata.pattern.name)-\(formatter.string(from: now))-\(suffix)")
            suffix += 1
        }
        return Plan(restore: restore, remove: remove, backup: backup, otherSteps: otherSteps)
    }

    /// Why ``apply(_:)`` stopped, and how far it got.
    struct ApplyFailure: Error {
        enum Stage {
            /// Reading the stubs or copying the learner's files: nothing was written.
            case backup
            /// Writing the stubs or removing the learner's extra files, after a complete backup.
            case writing
        }
        let stage: Stage
        /// Whether a part of the backup folder was made.
        let copied: Bool
        let underlying: any Error
    }

    /// Copies the learner's files of the kata's folder to the backup, then writes the stubs back.
    ///
    /// Nothing is written unless the backup is complete.
    ///
    /// - Throws: ``ApplyFailure``, which says whether anything was written.
    func apply(_ plan: Plan) throws(ApplyFailure) {
        let fileManager = FileManager.default
        var copied = false
        let stubs: [(String, Data)]
        do {
            stubs = try plan.restore.map { ($0, try source.contents(of: $0)) }
            try fileManager.createDirectory(at: plan.backup, withIntermediateDirectories: true)
            copied = true
            let folders = Set(
                (plan.restore + plan.remove).map { $0.split(separator: "/").prefix(2).joined(separator: "/") }
            )
            for folder in folders.sorted() {
                for file in workspace.files(in: folder) where Self.isLearnerFile(file, in: folder) {
                    let target = plan.backup.appending(path: file)
                    try fileManager.createDirectory(
                        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try fileManager.copyItem(
                        at: workspace.root.appending(path: "\(folder)/\(file)"), to: target)
                }
            }
        } catch {
            throw ApplyFailure(stage: .backup, copied: copied, underlying: error)
        }
        do {
            for (path, data) in stubs {
                let url = workspace.root.appending(path: path)
                try fileManager.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url, options: .atomic)
            }
            for path in plan.remove {
                try fileManager.removeItem(at: workspace.root.appending(path: path))
            }
        } catch {
            throw ApplyFailure(stage: .writing, copied: true, underlying: error)
        }
    }
}

/// The stubs as git has them: the kata's folder at one commit.
///
/// Which commit: the one the tool noted when it first saw the kata's stubs untouched
/// (``recordStubCommits(in:)``), or one the learner chooses (``ResetCommand/chooseStubCommit``).
struct GitStubSource: StubSource {
    let root: URL
    let commit: String

    /// One commit that changed a kata's folder, for the learner to choose from.
    struct Candidate: Equatable {
        let commit: String
        /// How the learner reads it: `1a2b3c4 2026-11-23 Alice: State: split step 3`.
        let summary: String
    }

    /// The stubs of the commit the tool noted; `nil` when that commit is not in the repository
    /// (a fresh clone of another fork).
    init?(root: URL, recorded: String) {
        guard (try? Self.git(["cat-file", "-e", "\(recorded)^{commit}"], in: root)) != nil else { return nil }
        self.init(root: root, commit: recorded)
    }

    /// The commits that changed `kata`'s folder, newest first, from `HEAD` back (at most 8), and
    /// last the one that added it.
    static func candidates(for kata: Kata, in root: URL) throws -> [Candidate] {
        let folder = "Katas/\(kata.pattern.name)/"
        func list(_ arguments: [String]) throws -> [Candidate] {
            let text = try git(
                ["log", "--format=%H%x09%h %ad %an: %s", "--date=short"] + arguments, in: root)
            return String(decoding: text, as: UTF8.self).split(separator: "\n").compactMap { line in
                let parts = line.split(separator: "\t", maxSplits: 1)
                return parts.count == 2 ? Candidate(commit: String(parts[0]), summary: String(parts[1])) : nil
            }
        }
        var newest = try list(["-n", "8", "HEAD", "--", folder])
        let added = try list(["--diff-filter=A", "--reverse", "HEAD", "--", folder]).first
        if let added, !newest.contains(added) { newest.append(added) }
        if let added, let index = newest.firstIndex(of: added), index != newest.count - 1 {
            newest.remove(at: index)
            newest.append(added)
        }
        return newest
    }

    /// Whether the kata's folder at this commit has a `// TODO: Step N` for every step.
    ///
    /// - Parameter listed: the files of `Katas/` at this commit, when the caller has listed them
    ///   already (one `git ls-tree` for every kata instead of one each).
    func hasEveryTodo(of kata: Kata, listed: [String]? = nil) throws -> Bool {
        let folder = "Katas/\(kata.pattern.name)"
        let files = try listed.map { $0.filter { $0.hasPrefix(folder + "/") } } ?? files(in: folder)
        var steps: Set<Int> = []
        for file in files where file.hasSuffix(".swift") {
            steps.formUnion(
                ShapeCheck.todoSteps(in: String(decoding: try contents(of: file), as: UTF8.self)).map(\.step))
        }
        return steps.isSuperset(of: 1...kata.stepCount)
    }

    /// Notes that `HEAD` holds a kata's stubs, for each kata not noted yet that is untouched there.
    ///
    /// Untouched: no local change; the same as upstream's (`origin/HEAD`, where there is one), so
    /// work the learner committed before the tool's first run is never noted as the stubs; and,
    /// as a last guard, a TODO for every step. The commands that run tests do this first, so the
    /// first run after cloning notes the stubs before the learner commits any work.
    static func recordStubCommits(in workspace: Workspace) {
        var state = workspace.loadState()
        let missing = Catalog.katas.filter { state.stubCommits[$0.pattern.name] == nil }
        guard !missing.isEmpty,
            let head = try? git(["rev-parse", "HEAD"], in: workspace.root),
            let head = Optional(
                String(decoding: head, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { return }
        var changed = VerifyCommand.locallyChangedKataFiles(in: workspace.root)
        if let upstream = try? git(["merge-base", "HEAD", "origin/HEAD"], in: workspace.root),
            let committed = try? git(
                [
                    "diff", "--name-only",
                    String(decoding: upstream, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
                    "HEAD", "--", "Katas",
                ], in: workspace.root)
        {
            changed += String(decoding: committed, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        let source = GitStubSource(root: workspace.root, commit: head)
        guard let listed = try? source.files(in: "Katas") else { return }
        for kata in missing where !changed.contains(where: { $0.hasPrefix("Katas/\(kata.pattern.name)/") }) {
            if (try? source.hasEveryTodo(of: kata, listed: listed)) == true {
                state.stubCommits[kata.pattern.name] = head
            }
        }
        workspace.save(state)
    }

    /// The stubs of `commit`.
    init(root: URL, commit: String) {
        self.root = root
        self.commit = commit
    }

    var description: String { "commit \(commit.prefix(7))" }

    func files(in folder: String) throws -> [String] {
        let listing = try Self.git(["ls-tree", "-r", "--name-only", commit, "--", folder + "/"], in: root)
        return String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func contents(of path: String) throws -> Data {
        try Self.git(["show", "\(commit):\(path)"], in: root)
    }

    private static func git(_ arguments: [String], in root: URL) throws -> Data {
        guard let result = CapturedCommand.run(["git", "-C", root.path] + arguments), result.status == 0
        else {
            throw KataReset.Failure(description: "git \(arguments.joined(separator: " ")) failed")
        }
        return result.output
    }
}
