import Foundation
import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

/// `kata watch` as the learner meets it: its runs, what it prints and when it ends, with a world
/// the test scripts (runs, typing, saves, Ctrl-C) in place of the terminal and the files.
@Suite("kata watch, run by a scripted world")
struct WatchingTests {
    let strategy = Catalog.katas[0]
    let factory = Catalog.katas[1]

    /// The world the watch sees, played from a script.
    final class Script {
        /// What each run of a kata ends with, in order; `.failure` once they are used up.
        var results: [KataTool.ExitStatus] = []
        /// What is typed at each wait of 20 ms, in order; nothing once they are used up.
        var typed: [String?] = []
        /// A file saved after this many looks at the files (its kata, then its time).
        var saves: [(afterLooks: Int, path: String)] = []
        /// Ctrl-C after this many waits.
        var interruptAfterWaits: Int?
        private(set) var ran: [String] = []
        private(set) var hinted: [String] = []
        private(set) var looks = 0
        private var waits = 0

        /// The world, over `workspace`: a run that passes notes its kata done, as `kata test` does.
        func world(_ workspace: Workspace) -> WatchCommand.World {
            let instant = ContinuousClock.now
            return WatchCommand.World(
                test: { kata in
                    self.ran.append(kata.pattern.name)
                    let result: KataTool.ExitStatus =
                        self.results.isEmpty ? .failure : self.results.removeFirst()
                    if result == .success {
                        var state = workspace.loadState()
                        state.done.insert(kata.pattern.name)
                        workspace.save(state)
                    }
                    return result
                },
                hint: { self.hinted.append($0.pattern.name) },
                line: { _ in
                    self.waits += 1
                    return self.typed.isEmpty ? nil : self.typed.removeFirst()
                },
                typing: true,
                modificationTimes: { folders in
                    self.looks += 1
                    var times: [String: Date] = [:]
                    for folder in folders { times["\(folder)/File.swift"] = Date(timeIntervalSince1970: 0) }
                    let seen = self.saves.filter { save in
                        self.looks > save.afterLooks && folders.contains { save.path.hasPrefix($0 + "/") }
                    }
                    for save in seen {
                        times[save.path] = Date(timeIntervalSince1970: 1)
                    }
                    return times
                },
                interrupted: { self.interruptAfterWaits.map { self.waits >= $0 } ?? false },
                now: { instant })
        }
    }

    func watch(_ script: Script, following: Bool = false, manual: Bool = false) throws -> (
        KataTool.ExitStatus, [String]
    ) {
        let folder = try TemporaryFolder()
        var options = Options()
        if manual { options.flags.insert(.manual) }
        let said = Said()
        let workspace = Workspace(root: folder.url)
        let context = KataCommand.Context(
            workspace: workspace, terminal: .plain, options: options, output: said.output)
        let status = WatchCommand.watch(
            strategy, following: following, context: context, world: script.world(workspace))
        return (status, said.take())
    }

    let waiting =
        "Run 1 took 0.00 secs. Watching Katas/ for saves · h Enter: hint · q Enter: quit · Ctrl-C: quit"

    @Test("A save in the watched kata runs it again; q and Enter quits, after saying how to")
    func saveRunsAgain() throws {
        let script = Script()
        // Looks 1 and 2 are the snapshot before the first run; the save comes at the third wait.
        script.saves = [(afterLooks: 3, path: "Katas/Strategy/LexicalSearchStrategy.swift")]
        script.typed = [nil, nil, nil, nil, "q"]
        let (status, said) = try watch(script)
        #expect(status == .success)
        #expect(script.ran == ["Strategy", "Strategy"])
        #expect(said == ["", waiting, "", waiting.replacingOccurrences(of: "Run 1", with: "Run 2")])
    }

    @Test("A save in another kata does nothing while a kata is named")
    func namedStays() throws {
        let script = Script()
        script.saves = [(afterLooks: 1, path: "Katas/Factory/SchemeConnectionFactory.swift")]
        script.typed = Array(repeating: nil, count: 60) + ["q"]
        let (status, _) = try watch(script)
        #expect(status == .success)
        #expect(script.ran == ["Strategy"])
    }

    @Test("With no kata named, a save in another kata moves the watch there, within half a second")
    func followsTheLearner() throws {
        let script = Script()
        // Looks 1 and 2 are the snapshots before the first run (Strategy's folder, then Katas/).
        script.saves = [(afterLooks: 2, path: "Katas/Factory/SchemeConnectionFactory.swift")]
        script.typed = Array(repeating: nil, count: 25) + ["q"]
        let (status, _) = try watch(script, following: true)
        #expect(status == .success)
        #expect(script.ran == ["Strategy", "Factory"], "25 waits of 20 ms: half a second")
    }

    @Test("h and Enter shows the watched kata's hint and waits on; Enter alone runs again")
    func hintThenRun() throws {
        let script = Script()
        script.typed = ["h", "", "quit"]
        let (status, _) = try watch(script)
        #expect(status == .success)
        #expect(script.hinted == ["Strategy"])
        #expect(script.ran == ["Strategy", "Strategy"])
    }

    @Test("A kata that turns green moves on to the next at once; its first run waits")
    func movesOn() throws {
        let script = Script()
        script.results = [.failure, .success, .failure]
        script.typed = ["", "q"]
        let (status, said) = try watch(script)
        #expect(status == .success)
        #expect(script.ran == ["Strategy", "Strategy", "Factory"])
        #expect(said.contains("\nOn to Factory, the next kata not done:\n"))
    }

    @Test("Ctrl-C while waiting, or during a run, ends the watch as interrupted")
    func interrupted() throws {
        let waiting = Script()
        waiting.interruptAfterWaits = 3
        #expect(try watch(waiting).0 == .interrupted)
        #expect(waiting.ran == ["Strategy"])
        let running = Script()
        running.results = [.interrupted]
        #expect(try watch(running).0 == .interrupted)
    }

    @Test("--manual: a save runs nothing; Enter runs again, and the wait says so")
    func manual() throws {
        let script = Script()
        script.saves = [(afterLooks: 1, path: "Katas/Strategy/LexicalSearchStrategy.swift")]
        script.typed = [nil, nil, nil, "", "q"]
        let (status, said) = try watch(script, manual: true)
        #expect(status == .success)
        #expect(script.ran == ["Strategy", "Strategy"])
        #expect(said.contains { $0.hasPrefix("Run 1 took 0.00 secs. Press Enter to run again") })
    }
}
