import Foundation
import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

/// Stubs from a dictionary, standing in for git.
struct FakeStubs: StubSource {
    var stubs: [String: String]
    func files(in folder: String) throws -> [String] {
        stubs.keys.filter { $0.hasPrefix(folder + "/") }.sorted()
    }
    func contents(of path: String) throws -> Data { Data((stubs[path] ?? "").utf8) }
    var description: String { "the fake stubs" }
}

@Suite("Resetting a kata never loses the learner's files")
struct ResetTests {
    let stubs = FakeStubs(stubs: [
        "Katas/Strategy/Lexical.swift": "// TODO: Step 1 — filter\n",
        "Katas/Strategy/Model.swift": "// TODO: Step 3 — hold one strategy\n",
    ])

    func learnerFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("Katas/Strategy/Lexical.swift", "my step 1 work")
        try folder.write("Katas/Strategy/Model.swift", "my step 3 work")
        try folder.write("Katas/Strategy/Helpers.swift", "my own file")
        return folder
    }

    @Test("Every file is backed up, then the stubs are written back and the learner's extra file goes")
    func wholeKata() throws {
        let folder = try learnerFolder()
        let reset = KataReset(workspace: Workspace(root: folder.url), source: stubs)
        let plan = try reset.plan(try #require(Catalog.kata(named: "strategy")), step: nil)
        #expect(plan.restore == ["Katas/Strategy/Lexical.swift", "Katas/Strategy/Model.swift"])
        #expect(plan.remove == ["Katas/Strategy/Helpers.swift"])
        try reset.apply(plan)

        #expect(folder.read("Katas/Strategy/Lexical.swift") == "// TODO: Step 1 — filter\n")
        #expect(folder.read("Katas/Strategy/Helpers.swift") == nil)
        let backup = plan.backup.path.replacingOccurrences(of: folder.url.path + "/", with: "")
        #expect(backup.hasPrefix(".kata/backups/Strategy-"))
        #expect(folder.read("\(backup)/Lexical.swift") == "my step 1 work")
        #expect(folder.read("\(backup)/Model.swift") == "my step 3 work")
        #expect(folder.read("\(backup)/Helpers.swift") == "my own file")
    }

    @Test("The brief and its hints are the project's: never backed up, written back or removed")
    func briefAndHintsStay() throws {
        let folder = try learnerFolder()
        try folder.write("Katas/Strategy/README.md", "the brief, newer than the stubs")
        try folder.write("Katas/Strategy/HINTS.md", "the hints, newer than the stubs")
        var withDocuments = stubs
        withDocuments.stubs["Katas/Strategy/README.md"] = "an older brief"
        withDocuments.stubs["Katas/Strategy/HINTS.md"] = "older hints"
        let reset = KataReset(workspace: Workspace(root: folder.url), source: withDocuments)
        let plan = try reset.plan(try #require(Catalog.kata(named: "strategy")), step: nil)
        #expect(plan.restore == ["Katas/Strategy/Lexical.swift", "Katas/Strategy/Model.swift"])
        #expect(plan.remove == ["Katas/Strategy/Helpers.swift"])
        try reset.apply(plan)

        #expect(folder.read("Katas/Strategy/README.md") == "the brief, newer than the stubs")
        #expect(folder.read("Katas/Strategy/HINTS.md") == "the hints, newer than the stubs")
        let backup = plan.backup.path.replacingOccurrences(of: folder.url.path + "/", with: "")
        #expect(folder.read("\(backup)/Lexical.swift") == "my step 1 work")
        #expect(folder.read("\(backup)/README.md") == nil, "The brief is not the learner's to back up")
        #expect(folder.read("\(backup)/HINTS.md") == nil, "The hints are not the learner's to back up")
    }

    @Test("--step restores only the files with that step's TODO, and keeps the rest")
    func oneStep() throws {
        let folder = try learnerFolder()
        let reset = KataReset(workspace: Workspace(root: folder.url), source: stubs)
        let plan = try reset.plan(try #require(Catalog.kata(named: "strategy")), step: 3)
        #expect(plan.restore == ["Katas/Strategy/Model.swift"] && plan.remove == [])
        try reset.apply(plan)
        #expect(folder.read("Katas/Strategy/Model.swift") == "// TODO: Step 3 — hold one strategy\n")
        #expect(folder.read("Katas/Strategy/Lexical.swift") == "my step 1 work")
        #expect(folder.read("Katas/Strategy/Helpers.swift") == "my own file")
        #expect(throws: KataReset.Failure.self) {
            try reset.plan(try #require(Catalog.kata(named: "strategy")), step: 2)
        }
    }

    @Test("Two resets in the same second keep two backups")
    func twoBackups() throws {
        let folder = try learnerFolder()
        let reset = KataReset(
            workspace: Workspace(root: folder.url), source: stubs, now: Date(timeIntervalSince1970: 0))
        let kata = try #require(Catalog.kata(named: "strategy"))
        let first = try reset.plan(kata, step: nil)
        try reset.apply(first)
        try folder.write("Katas/Strategy/Lexical.swift", "second try")
        let second = try reset.plan(kata, step: nil)
        #expect(second.backup != first.backup)
        try reset.apply(second)
        #expect(
            try String(contentsOf: second.backup.appending(path: "Lexical.swift"), encoding: .utf8)
                == "second try")
        #expect(
            try String(contentsOf: first.backup.appending(path: "Lexical.swift"), encoding: .utf8)
                == "my step 1 work")
    }

    @Test("When the backup can't be written, no learner file is touched")
    func backupFails() throws {
        let folder = try learnerFolder()
        try folder.write(".kata/backups", "a file where the backups folder should be")
        let reset = KataReset(workspace: Workspace(root: folder.url), source: stubs)
        let plan = try reset.plan(try #require(Catalog.kata(named: "strategy")), step: nil)
        #expect(throws: (any Error).self) { try reset.apply(plan) }
        #expect(folder.read("Katas/Strategy/Lexical.swift") == "my step 1 work")
        #expect(folder.read("Katas/Strategy/Helpers.swift") == "my own file")
    }

    /// Runs `kata reset strategy` on `folder`, and what it said.
    func reset(
        _ folder: TemporaryFolder, yes: Bool = false, ask: ((String) -> Bool)?,
        source: (any StubSource)? = nil
    ) throws -> (status: KataTool.ExitStatus, said: String) {
        final class Said { var text = "" }
        let said = Said()
        let status = ResetCommand.reset(
            try #require(Catalog.kata(named: "strategy")), step: nil, yes: yes, source: source ?? stubs,
            workspace: Workspace(root: folder.url), terminal: .plain, ask: ask,
            say: { said.text += $0 + "\n" }, sayError: { said.text += $0 + "\n" })
        return (status, said.text)
    }

    func backups(in folder: TemporaryFolder) -> [String] {
        (try? FileManager.default.contentsOfDirectory(
            atPath: folder.url.appending(path: ".kata/backups").path))
            ?? []
    }

    @Test("Nobody to ask (no terminal): it says nothing was copied or written, and nothing was")
    func noTerminal() throws {
        let folder = try learnerFolder()
        let (status, said) = try reset(folder, ask: nil)
        #expect(status == .failure)
        #expect(
            said.contains("If it goes on, it first copies your files to .kata/backups/Strategy-")
        )
        #expect(
            said.contains(
                "Nothing changed: there is no terminal to ask on, so nothing was copied or written."))
        #expect(!said.contains("Your files are copied"), "It never says it copied what it did not")
        #expect(backups(in: folder).isEmpty)
        #expect(folder.read("Katas/Strategy/Lexical.swift") == "my step 1 work")
    }

    @Test("Declined: it says nothing was copied or written, and nothing was")
    func declined() throws {
        let folder = try learnerFolder()
        var asked: [String] = []
        let (status, said) = try reset(
            folder,
            ask: {
                asked.append($0)
                return false
            })
        #expect(status == .failure && asked == ["Reset?"])
        #expect(said.contains("Nothing changed: nothing was copied or written."))
        #expect(backups(in: folder).isEmpty)
        #expect(folder.read("Katas/Strategy/Helpers.swift") == "my own file")
    }

    @Test("Done: it names how many files went back, and the backup it made, which holds every file")
    func done() throws {
        let folder = try learnerFolder()
        let (status, said) = try reset(folder, ask: { _ in true })
        #expect(status == .success)
        let backup = try #require(backups(in: folder).first)
        #expect(
            said.contains(
                "Done: 2 files back to the stubs, 1 of yours removed. Your files, as they were, are in .kata/backups/\(backup)/."
            ))
        #expect(folder.read(".kata/backups/\(backup)/Helpers.swift") == "my own file")
        #expect(folder.read("Katas/Strategy/Lexical.swift") == "// TODO: Step 1 — filter\n")
    }

    @Test("A backup that fails: it says nothing was written, and nothing was")
    func backupFailsSaid() throws {
        let folder = try learnerFolder()
        try folder.write(".kata/backups", "a file where the backups folder should be")
        let (status, said) = try reset(folder, yes: true, ask: nil)
        #expect(status == .failure)
        #expect(said.contains("The reset stopped before writing anything"))
        #expect(said.contains("Your files are as they were."))
        #expect(folder.read("Katas/Strategy/Lexical.swift") == "my step 1 work")
    }

    @Test(
        "A write that fails after the backup: it says where every file of the learner's is, and it is there")
    func writeFailsSaid() throws {
        let folder = try learnerFolder()
        // A stub whose path is under one of the learner's files: it can't be written.
        let source = FakeStubs(
            stubs: stubs.stubs.merging(["Katas/Strategy/Helpers.swift/Inner.swift": "// TODO: Step 1\n"]) {
                a, _ in a
            })
        let (status, said) = try reset(folder, yes: true, ask: nil, source: source)
        #expect(status == .failure)
        let backup = try #require(backups(in: folder).first)
        #expect(said.contains("The reset stopped while writing the stubs"))
        #expect(said.contains("Every file of yours, as it was, is in .kata/backups/\(backup)/."))
        #expect(folder.read(".kata/backups/\(backup)/Helpers.swift") == "my own file")
        #expect(folder.read(".kata/backups/\(backup)/Lexical.swift") == "my step 1 work")
    }

    @Test("Git gives the stubs as committed, not as edited")
    func gitStubs() async throws {
        let folder = try TemporaryFolder()
        try folder.write("Katas/Strategy/Lexical.swift", "stub")
        try await shell(
            "git init -q --template= && git add . && git -c user.name=k -c user.email=k@k commit -qm stubs",
            in: folder.url)
        try folder.write("Katas/Strategy/Lexical.swift", "edited")
        let source = GitStubSource(root: folder.url, commit: "HEAD")
        #expect(try source.files(in: "Katas/Strategy") == ["Katas/Strategy/Lexical.swift"])
        #expect(try source.contents(of: "Katas/Strategy/Lexical.swift") == Data("stub".utf8))
    }

    @Test(
        "Not noted: the commits that changed the kata, newest first, the one that added it last; without asking, that one"
    )
    func gitStubsAfterCommittedWork() async throws {
        let folder = try TemporaryFolder()
        // The learner's work keeps every TODO: no guess from the code could tell it from the stubs.
        let stub = (1...4).map { "// TODO: Step \($0) — do it" }.joined(separator: "\n")
        try folder.write("Katas/Strategy/Lexical.swift", stub)
        let commit = "git add . && git -c user.name=k -c user.email=k@k commit -qm"
        try await shell("git init -q --template= && \(commit) stubs", in: folder.url)
        try folder.write("Katas/Strategy/Lexical.swift", stub + "\nsolved, TODOs kept")
        try await shell("\(commit) 'my work'", in: folder.url)
        let strategy = try #require(Catalog.kata(named: "strategy"))
        let said = Said()
        let (summaries, chosenStub) = try await blocking {
            let candidates = try GitStubSource.candidates(for: strategy, in: folder.url)
            let chosen = ResetCommand.chooseStubCommit(
                of: strategy, yes: true, root: folder.url, output: said.output)
            return (candidates.map(\.summary), try chosen?.contents(of: "Katas/Strategy/Lexical.swift"))
        }
        #expect(summaries.map { $0.hasSuffix("k: my work") } == [true, false])
        #expect(summaries.last?.hasSuffix("k: stubs") == true)
        let lines = said.take()
        #expect(lines.first?.hasPrefix("The tool never saw the Strategy stubs untouched") == true)
        #expect(
            lines.last?.hasPrefix("It takes the commit that added the kata, ") == true && lines.count == 2)
        #expect(chosenStub == Data(stub.utf8))
    }

    @Test(
        "Work committed before the tool's first run is never noted as the stubs: it differs from upstream's")
    func notedOnlyAsUpstream() async throws {
        let upstream = try TemporaryFolder()
        let stub = (1...4).map { "// TODO: Step \($0) — do it" }.joined(separator: "\n")
        try upstream.write("Katas/Strategy/Lexical.swift", stub)
        try upstream.write(
            "Katas/Factory/Pick.swift", (1...5).map { "// TODO: Step \($0)" }.joined(separator: "\n"))
        let commit = "git add . && git -c user.name=k -c user.email=k@k commit -qm"
        try await shell("git init -q --template= && \(commit) stubs", in: upstream.url)
        let clone = try TemporaryFolder()
        try await shell("git clone -q --template= '\(upstream.url.path)' .", in: clone.url)
        try clone.write("Katas/Strategy/Lexical.swift", stub + "\nsolved, TODOs kept")
        try await shell("\(commit) 'my work'", in: clone.url)
        let workspace = Workspace(root: clone.url)
        try await blocking { GitStubSource.recordStubCommits(in: workspace) }
        #expect(workspace.loadState().stubCommits["Strategy"] == nil)
        #expect(workspace.loadState().stubCommits["Factory"] != nil, "An untouched kata is noted")
    }

    @Test(
        "The stubs' commit, noted on the first run, wins even when the learner kept the TODOs and committed")
    func recordedStubs() async throws {
        let folder = try TemporaryFolder()
        let stub = (1...4).map { "// TODO: Step \($0) — do it" }.joined(separator: "\n")
        try folder.write("Katas/Strategy/Lexical.swift", stub)
        let commit = "git add . && git -c user.name=k -c user.email=k@k commit -qm"
        try await shell("git init -q --template= && \(commit) stubs", in: folder.url)
        let workspace = Workspace(root: folder.url)
        try await blocking { GitStubSource.recordStubCommits(in: workspace) }
        try folder.write("Katas/Strategy/Lexical.swift", stub + "\nsolved, TODOs kept")
        try await shell("\(commit) 'my work'", in: folder.url)
        try await blocking { GitStubSource.recordStubCommits(in: workspace) }  // later runs change nothing
        let recorded = try #require(workspace.loadState().stubCommits["Strategy"])
        let source = try #require(GitStubSource(root: folder.url, recorded: recorded))
        #expect(try source.contents(of: "Katas/Strategy/Lexical.swift") == Data(stub.utf8))
    }

    func shell(_ command: String, in folder: URL) async throws {
        let status = try await blocking { CapturedCommand.run(["sh", "-c", command], in: folder)?.status }
        #expect(status == 0, "\(command)")
    }
}
