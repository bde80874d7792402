import Testing
@Test func okScanKit() { #expect(true) }
