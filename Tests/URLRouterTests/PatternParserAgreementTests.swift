import Testing
@testable import URLRouter

/// Registration parses all-ASCII patterns byte by byte; the result, and every error message,
/// must be the ones the general (Character-based) parser gives.
@Suite struct PatternParserAgreementTests {
    /// The parse as comparable text: the pattern's parts, or the error.
    private static func parsed(_ text: String, bytewise: Bool, maxSegments: Int = 64) -> String {
        do {
            let pattern = try RoutePattern(
                text, knownTypes: { ["int", "slug"].contains($0) }, limits: Router.Limits(maxSegments: maxSegments),
                bytewise: bytewise)
            return "\(pattern.scheme ?? "-") \(pattern.hasAuthority) \(pattern.isFallback) \(pattern.expansions)"
        } catch {
            return "error \(error.code): \(error.message)"
        }
    }

    @Test(arguments: [
        "app://item/:id", "APP://Item/:id<int>.json", "app://", "app:///", "app://a/**", "app://a/**/", "app://a/**/b",
        "tel:/:n", "x:", "/item/:id", "item", "//a//b//", ":x", "*", "**", "*/*", "a/:x/:x", "a/:x/:y/:x",
        "a/:1x", "a/:", "a/:-", "a/:x<", "a/:x<>", "a/:x<nope>", "a/:x<int", "a/:x.<b", "a/:x<int>>", "a/:x>",
        "a/:_/:__x9", "a/%41%zz/%E4/%E5%AE%B6", "a?b", "a#b", "a\u{7}b", "a\u{7}?", "a\u{7F}", "a\tb",
        "a/b c/d", "localhost:8080/x", "h:8080", "a+b.c-d:rest", "1a:b", String(repeating: "s", count: 300) + "://a",
        "a/b/c/d/e", "a/:x.html", "a/:x<slug>.v1.json", "a/:x<int>tail", "a/:x::y",
    ])
    func bothParsersAgree(pattern: String) {
        #expect(Self.parsed(pattern, bytewise: true) == Self.parsed(pattern, bytewise: false))
    }

    @Test func theSegmentLimitIsTheSame() {
        #expect(Self.parsed("a/b/c/d", bytewise: true, maxSegments: 3) == Self.parsed("a/b/c/d", bytewise: false, maxSegments: 3))
        #expect(Self.parsed("a/b/c/d", bytewise: true, maxSegments: 3).hasPrefix("error"))
    }

    /// Random patterns over an alphabet heavy in the characters the parser cares about.
    @Test(arguments: 0..<20)
    func randomPatternsAgree(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 77)
        let alphabet: [String] = "aZ9_:/*<>.%4Ex?#-+ int".map { String($0) } + ["\u{1}", "://", "<int>", "<slug>", "**"]
        for _ in 0..<300 {
            let pattern = (0..<random.next(14)).map { _ in alphabet[random.next(alphabet.count)] }.joined()
            #expect(Self.parsed(pattern, bytewise: true) == Self.parsed(pattern, bytewise: false), "\(pattern.debugDescription)")
        }
    }
}
