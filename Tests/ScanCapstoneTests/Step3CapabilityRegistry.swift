import ScanCapstone
import ScanKit
import Testing

@MainActor
@Suite("Step 3 — the decoder comes from the registry")
struct Step3CapabilityRegistry {
    @Test("placeholder [3.1]")
    func placeholder() {
        #expect(Bool(false))
    }
}
