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

    /// The stubs of `commit`.
    init(root: URL, commit: String) {
        self.root = root
        self.commit = commit
    }

    /// The commits that changed `kata`'s folder, newest first, from `HEAD` back (at most 8), and
    /// last the one that added it.
    static func candidates(for kata: Kata, in root: URL) throws -> [Candidate] {
        let folder = "Katas/\(kata.pattern.name)/"
        func list(_ arguments: [String]) throws -> [Candidate] {
            let format = ["log", "--format=%H%x09%h %ad %an: %s", "--date=short"]
            return try lines(git(format + arguments, in: root)).compactMap { line in
                let parts = line.split(separator: "\t", maxSplits: 1)
                return parts.count == 2 ? Candidate(commit: String(parts[0]), summary: String(parts[1])) : nil
            }
        }
        var newest = try list(["-n", "8", "HEAD", "--", folder])
        if let added = try list(["--diff-filter=A", "--reverse", "HEAD", "--", folder]).first {
            newest.removeAll { $0 == added }
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
        let root = workspace.root
        var state = workspace.loadState()
        let missing = Catalog.katas.filter { state.stubCommits[$0.pattern.name] == nil }
        guard !missing.isEmpty, let head = try? commit(git(["rev-parse", "HEAD"], in: root)) else { return }
        var changed = VerifyCommand.locallyChangedKataFiles(in: root)
        if let upstream = try? commit(git(["merge-base", "HEAD", "origin/HEAD"], in: root)),
            let committed = try? git(["diff", "--name-only", upstream, "HEAD", "--", "Katas"], in: root)
        {
            changed += lines(committed)
        }
        let source = GitStubSource(root: root, commit: head)
        guard let listed = try? source.files(in: "Katas") else { return }
        for kata in missing where !changed.contains(where: { $0.hasPrefix("Katas/\(kata.pattern.name)/") }) {
            if (try? source.hasEveryTodo(of: kata, listed: listed)) == true {
                state.stubCommits[kata.pattern.name] = head
            }
        }
        workspace.save(state)
    }

    var description: String { "commit \(commit.prefix(7))" }

    func files(in folder: String) throws -> [String] {
        try Self.lines(Self.git(["ls-tree", "-r", "--name-only", commit, "--", folder + "/"], in: root))
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

    /// What git printed, one line each.
    private static func lines(_ output: Data) -> [String] {
        String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The commit git printed alone (`rev-parse`, `merge-base`).
    private static func commit(_ output: Data) -> String {
        String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
