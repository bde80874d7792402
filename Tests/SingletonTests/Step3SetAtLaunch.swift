import KataTestSupport
import MessagingKit
import Singleton
import Testing

@Suite(
    "Singleton · Step 3 — Set once, at launch", .tags(.messaging),
    .noEscapeHatches("Singleton", rule: "1.10"))
struct Step3SetAtLaunch {
    @Test("Read before launch set it: notSet, no default and no crash; once set, the value [3.1]")
    func readBeforeAndAfter() throws {
        let slot = SetOnce<ConnectionManager>()
        #expect(throws: SetOnceError.notSet, "Nobody set it yet: notSet") { try slot.value }
        #expect(throws: SetOnceError.notSet, "Asked again, still notSet: reading sets nothing") {
            try slot.value
        }
        let manager = ConnectionManager(pool: InMemoryConnectionPool())
        try slot.set(manager)
        #expect(try slot.value === manager, "Once set, every read returns the manager launch set")
        #expect(try slot.value === manager)
    }

    @Test("The first set wins: another throws alreadySet, the same value too, and the first stays [3.2]")
    func firstSetWins() throws {
        let slot = SetOnce<ConnectionManager>()
        let first = ConnectionManager(pool: InMemoryConnectionPool())
        let second = ConnectionManager(pool: InMemoryConnectionPool())
        try slot.set(first)
        #expect(throws: SetOnceError.alreadySet, "A second manager is refused") { try slot.set(second) }
        #expect(throws: SetOnceError.alreadySet, "The same manager again is refused too") {
            try slot.set(first)
        }
        #expect(try slot.value === first, "The first stays")

        let numbers = SetOnce<Int>()
        try numbers.set(0)
        #expect(throws: SetOnceError.alreadySet, "0 is a value: set, not empty") { try numbers.set(1) }
        #expect(try numbers.value == 0)
    }

    @Test(
        "Tasks that set at once: exactly one wins, the others get alreadySet, and every read after is the winner's [3.3]"
    )
    func racingSets() async throws {
        for _ in 0..<20 {
            let slot = SetOnce<ConnectionManager>()
            let managers = (0..<50).map { _ in ConnectionManager(pool: InMemoryConnectionPool()) }
            let winners = await withTaskGroup(of: ConnectionManager?.self) { group in
                for manager in managers {
                    group.addTask { (try? slot.set(manager)) != nil ? manager : nil }
                }
                return await group.reduce(into: [ConnectionManager]()) { if let won = $1 { $0.append(won) } }
            }
            try #require(winners.count == 1, "Exactly one of 50 racing sets wins, not \(winners.count)")
            #expect(try slot.value === winners[0], "Every read after is the winner's")
        }
        // A look under one lock and a store under another loses only when two sets land between
        // them, which no test can force: the source is read instead.
        let takings = try LearnerSource.lockTakings(inFunction: "set", file: "SetOnce.swift")
        #expect(
            takings.count <= 1,
            "set(_:) takes its lock once: \"is it set?\" and \"set it\" are one step under one lock, not \(takings)"
        )
    }

    @Test("ConnectionManager.launch is one slot for the app's life [3.4]")
    func launchIsOneSlot() throws {
        #expect(ConnectionManager.launch === ConnectionManager.launch, "Every read is the same slot")
        let declarations = try LearnerSource.staticLets(named: "launch")
        #expect(declarations.count == 1, "launch is a stored `static let launch`, made once, like shared")
        #expect(
            try LearnerSource.emptySlotDeclarations(named: "launch").count == 1,
            "launch starts empty, made with SetOnce() and nothing in it: before start-up sets it, reading it says notSet, never a manager made behind the caller's back"
        )
        #expect(
            try LearnerSource.mentions(of: "launch") == declarations,
            "Only the app's start-up sets launch: nothing in the module reads or sets it, not withCurrent, not current"
        )
    }
}
