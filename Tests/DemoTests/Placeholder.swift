import Testing

@Test func demoPlaceholder() { #expect(true) }
