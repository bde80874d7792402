import Foundation
import KataCore

/// The stubs as git has them: the kata's folder at one commit.
///
/// Which commit: the one the tool noted when it first saw the kata's stubs untouched
/// (``recordStubCommits(in:)``), or one the learner chooses (`kata reset`).
package struct GitStubSource: StubSource {
    let root: URL
    let commit: String

    /// One commit that changed a kata's folder, for the learner to choose from.
    package struct Candidate: Equatable {
        package let commit: String
        /// How the learner reads it: `1a2b3c4 2026-11-23 Alice: State: split step 3`.
        package let summary: String
    }

    /// The stubs of the commit the tool noted; `nil` when that commit is not in the repository
    /// (a fresh clone of another fork).
    package init?(root: URL, recorded: String) {
        guard (try? Git.run(["cat-file", "-e", "\(recorded)^{commit}"], in: root)) != nil else { return nil }
        self.init(root: root, commit: recorded)
    }

    /// The stubs of `commit`.
    package init(root: URL, commit: String) {
        self.root = root
        self.commit = commit
    }

    /// The commits that changed `kata`'s folder, newest first, from `HEAD` back (at most 8), and
    /// last the one that added it.
    package static func candidates(for kata: Kata, in root: URL) throws -> [Candidate] {
        let folder = "Katas/\(kata.pattern.name)/"
        func list(_ arguments: [String]) throws -> [Candidate] {
            let format = ["log", "--format=%H%x09%h %ad %an: %s", "--date=short"]
            return try Git.lines(Git.run(format + arguments, in: root)).compactMap { line in
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
    package static func recordStubCommits(in workspace: Workspace) {
        let root = workspace.root
        var state = workspace.loadState()
        let missing = Catalog.katas.filter { state.stubCommits[$0.pattern.name] == nil }
        guard !missing.isEmpty, let head = try? commit(Git.run(["rev-parse", "HEAD"], in: root)) else {
            return
        }
        var changed = Git.locallyChangedKataFiles(in: root)
        if let upstream = try? commit(Git.run(["merge-base", "HEAD", "origin/HEAD"], in: root)),
            let committed = try? Git.run(["diff", "--name-only", upstream, "HEAD", "--", "Katas"], in: root)
        {
            changed += Git.lines(committed)
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

    package var description: String { "commit \(commit.prefix(7))" }

    package func files(in folder: String) throws -> [String] {
        try Git.lines(Git.run(["ls-tree", "-r", "--name-only", commit, "--", folder + "/"], in: root))
    }

    package func contents(of path: String) throws -> Data {
        try Git.run(["show", "\(commit):\(path)"], in: root)
    }

    /// The commit git printed alone (`rev-parse`, `merge-base`).
    private static func commit(_ output: Data) -> String {
        String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
