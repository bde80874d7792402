import ScanCapstoneSubjects
import ScanKit
import Testing

// Step 0: your safety net. Write characterization tests here: each one records what the legacy
// screen does (read Katas/ScanCapstone/ScanScreen.swift), not what you think it should do.
//
// Make every screen with `makeScreen()`. The suite's `.plantedChanges` runs each test on your
// screen, on the legacy screen, and on 10 programs that each change one behaviour a refactoring
// could plausibly change. A test must pass on the first two. Your net is done when, together,
// your tests fail on all 10: `swift run kata test scan-capstone` says which ones they miss.
// (In `swift test`'s own output, a "known issue" is one of your tests failing on a planted
// change: a catch.)

@Suite(.plantedChanges)
@MainActor
struct ScanNet {
    // TODO: Step 0 — finish this test, then write the others. What does the legacy screen route
    //       for one product code?
    @Test func aProductCodeIsRouted() throws {
        let screen = makeScreen()
        let product = try ScannedCode(payload: "4006381333931", symbology: .ean13)

        screen.scanWithCamera([Frame(number: 1, codes: [product])])

        #expect(screen.routed == [], "Write what the legacy screen routes here.")
    }
}
