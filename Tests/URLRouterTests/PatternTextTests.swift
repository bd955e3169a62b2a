import Testing
@testable import URLRouter

/// Pattern texts are front-coded (`PatternText`): each entry keeps only what it does not share
/// with the one before. Every pattern must read back as appended, whatever it shares.
@Suite struct PatternTextTests {
    private func roundTrip(_ patterns: [String]) -> [String] {
        var text = PatternText()
        let starts = patterns.map { text.append($0) }
        return patterns.indices.map { id in text.pattern(id) { starts[$0] } }
    }

    @Test(arguments: [
        ["app://a/b"],
        ["app://a/b", "app://a/b/:id", "app://a/b/:id/c/:d", "app://a/b", "app://a"],
        ["x://a", "x://ab", "x://abc", "x://ab", "x://a", "y://"],
        ["", "a", "", "ab", ""],
        ["app://café/é", "app://café/ê", "app://cafe/é", "app://👍/:id", "app://👍"],
    ])
    func patternsReadBackAsAppended(patterns: [String]) {
        #expect(roundTrip(patterns) == patterns)
    }

    /// Long shared prefixes across restart points, and lengths that take two-byte numbers.
    @Test(arguments: [1, 31, 32, 33, 100])
    func longRunsAcrossRestarts(count: Int) {
        let stem = "app://" + String(repeating: "m", count: 200)
        let patterns = (0..<count).map { index in index % 3 == 0 ? stem : stem + "/page_\(index)/" + String(repeating: "x", count: index) }
        #expect(roundTrip(patterns) == patterns)
    }

    @Test func randomPatternsReadBack() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("ab/:*é".unicodeScalars).map(String.init)
        var patterns: [String] = []
        for _ in 0..<2_000 {
            let base = patterns.last.map { String($0.prefix(Int.random(in: 0...$0.count, using: &random))) } ?? ""
            let tail = (0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            patterns.append(base + tail)
        }
        #expect(roundTrip(patterns) == patterns)
    }

    @Test func aRouterListsEveryPatternAsRegistered() throws {
        let router = Router()
        let patterns = (0..<70).map { "App://Module_\($0 / 10)/Page_\($0)" + ($0 % 3 == 0 ? "/:id" : "") }
        for pattern in patterns { try router.register(pattern) { _ in } }
        #expect(router.deregister(patterns[40]))
        var expected = patterns
        expected.remove(at: 40)
        #expect(router.routes.map(\.pattern) == expected)
        #expect(router.match("app://module_6/Page_63/7")?.pattern == patterns[63])
    }
}
