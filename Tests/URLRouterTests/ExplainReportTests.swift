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

extension ExplainReportTests {
    /// What the URL carries reaches the report's header lines escaped: a bidi override or a zero-width space, raw or
    /// percent-encoded, in the host, a segment, the query or the fragment, cannot reorder or hide what is printed.
    @Test(arguments: [
        "shop://a\u{202E}b/1", "shop://item/%E2%80%AEgpj.exe", "shop://item/1?ref=%E2%80%8Bx",
        "shop://item/1#\u{2066}top",
        "shop://item/\u{200F}1?\u{202A}=v",
    ])
    func headerLinesEscapeInvisibleFormatCharacters(_ url: String) throws {
        let router = Router()
        try router.register("shop://item/:id") { _ in }
        let report = router.explain(url).description
        #expect(
            !report.unicodeScalars.contains { $0.properties.generalCategory == .format }, "\(report.debugDescription)")
        #expect(report.contains("\\u{"), "\(report)")
    }
}
