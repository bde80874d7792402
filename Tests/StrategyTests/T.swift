import Testing
import Strategy
@Suite("Step 1 — Probe") struct Step1 {
  @Test("answer is 42") func a() { #expect(answer() == 42, "rule") }
  @Test("param", arguments: [1,2]) func b(x: Int) { #expect(answer() == 42 + x - x) }
}
