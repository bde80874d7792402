import ScanCapstone
import ScanKit
import Testing

/// Step 0: what the legacy screen does, pinned before the first move. Green on the legacy code,
/// and green after every step.
@MainActor
@Suite("Safety net — the legacy screen's behaviour, pinned")
struct SafetyNet {
    @Test("one code shows its result and goes where its kind goes [0.1]")
    func oneCode() throws {
        let screen = standardScreen()
        screen.scanWithCamera([frame(1, [try code("https://shop.example/p/1")])])
        #expect(screen.display == .result(try code("https://shop.example/p/1")))
    }
}
