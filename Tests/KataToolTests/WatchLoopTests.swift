import Testing

@testable import KataCore
@testable import KataSystem
@testable import KataTool

@Suite("What kata watch does next")
struct WatchLoopTests {
    // The learning path's first two katas, and its first capstone.
    let strategy = Catalog.katas[0]
    let factory = Catalog.katas[1]
    let scan = Catalog.capstones[0]

    @Test("A kata that turns green while watched moves on, at once; one green from the start stays")
    func movesOnWhenItTurnsGreen() {
        #expect([strategy, factory, scan].map(\.pattern.name) == ["Strategy", "Factory", "ScanCapstone"])
        var loop = WatchLoop(kata: strategy, following: true)
        #expect(loop.ran(done: true) { factory } == .wait, "Green at the first run: the learner came to look")
        #expect(loop.ran(done: true) { factory } == .wait)
        #expect(loop.ran(done: false) { factory } == .wait)
        #expect(loop.ran(done: true) { factory } == .moveOn(to: factory))
        #expect(loop.kata == factory)
        #expect(loop.ran(done: true) { nil } == .wait, "The next kata's first run is a first run")
        #expect(loop.ran(done: false) { nil } == .wait)
        #expect(loop.ran(done: true) { nil } == .allDone, "Nothing left to move on to")
    }

    @Test(
        "A line typed: q or quit quits, h or hint shows a hint, anything else runs again",
        arguments: [
            ("q", WatchLoop.Typed.quit), (" Quit ", .quit), ("h", .hint), ("HINT", .hint), ("", .runAgain),
            ("qq", .runAgain), ("run", .runAgain),
        ])
    func typed(line: String, typed: WatchLoop.Typed) {
        #expect(WatchLoop(kata: strategy, following: false).typed(line) == typed)
    }

    @Test("A save runs the kata when it can change its result; a capstone's prerequisites count")
    func savesThatMatter() {
        var named = WatchLoop(kata: strategy, following: false)
        #expect(named.saved(["Katas/Strategy/Lexical.swift"]) == strategy)
        #expect(
            named.saved(["Katas/Factory/Scheme.swift"]) == nil, "Named: another kata's save changes nothing")
        #expect(named.saved(["README.md", "Katas/README.md"]) == nil)
        var capstone = WatchLoop(kata: scan, following: false)
        #expect(capstone.saved(["Katas/State/ScanViewModel.swift"]) == scan, "It runs the learner's State")
        #expect(capstone.saved(["Katas/Factory/Scheme.swift"]) == nil, "It doesn't run Factory")
    }

    @Test("Following, a save in another kata moves the watch there, and that kata's first run is a first run")
    func follows() {
        var loop = WatchLoop(kata: strategy, following: true)
        #expect(loop.ran(done: false) { nil } == .wait)
        #expect(loop.saved(["Katas/Factory/Scheme.swift", "Katas/Proxy/Lazy.swift"]) == factory)
        #expect(loop.kata == factory)
        #expect(loop.ran(done: true) { strategy } == .wait, "Green at its first run here: it stays")
        #expect(loop.saved(["Katas/Factory/Scheme.swift"]) == factory)
        #expect(loop.saved(["Katas/NoSuchKata/File.swift"]) == nil)
    }
}
