import Testing
@Test func okMessagingKit() { #expect(true) }
