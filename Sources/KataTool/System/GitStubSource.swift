import Foundation

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
