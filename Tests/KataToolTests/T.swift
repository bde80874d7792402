import Testing
@Test func okKataTool() { #expect(true) }
