import Foundation
import Testing

@testable import URLRouter

@Suite("Explain report")
struct ExplainReportTests {
    /// Each candidate line shows its whole pattern, padded to the longest one in characters, so that the verdicts line
    /// up: a pattern with a combining mark, an emoji or a flag (more UTF-16 units than characters) is neither cut short
    /// nor misaligned.
    @Test(arguments: ["shop://cafe\u{301}/:id", "shop://🙂/:id", "shop://🇫🇷/:id", "shop://家居/:id", "shop://ab/:id"])
    func candidateLinesShowWholePatternsAligned(_ pattern: String) throws {
        let router = Router()
        try router.register(pattern) { _ in }
        try router.register("shop://x") { _ in }
        let url = pattern.replacingOccurrences(of: ":id", with: "1")
        let lines = router.explain(url).description.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(lines.count == 2)
        #expect(lines.contains { $0.hasPrefix("  ✓ \(pattern)  won") }, "\(lines)")
        let width = max(pattern.count, "shop://x".count)
        let padded = "shop://x" + String(repeating: " ", count: width - 8)
        #expect(lines.contains { $0.hasPrefix("  ✗ \(padded)  segment") })
    }
}
