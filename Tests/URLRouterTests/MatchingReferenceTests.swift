import Testing

@testable import URLRouter

/// Random route sets against a reference matcher that applies the routing rules literally, for
/// every kind of segment: literals (short and long, escaped, in any case), typed placeholders
/// (custom type too), suffixes, `*`, `**`, optional groups, scheme-less patterns, fallbacks,
/// `scheme:` without `//`, priorities, replacements, deregistrations, `caseInsensitivePaths`
/// and percent-encoded URLs. The reference is `ReferenceMatcher.swift`, which the
/// `ReferenceMatching` fuzz target runs too.
@Suite struct MatchingReferenceTests {
    @Test(arguments: 0..<250)
    func everySegmentKindAgreesWithTheReference(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &* 7919 &+ 11)
        try ReferenceScenario(&random).replay { problem in Issue.record(Comment(rawValue: problem)) }
    }

    /// The scenarios compare matches, not only misses: about half their URLs match a route.
    @Test func theScenariosMatchOftenEnoughToMeanSomething() throws {
        var (matched, urls) = (0, 0)
        for seed in 0..<40 {
            var random = SeededRandom(seed: UInt64(seed) &* 7919 &+ 11)
            let scenario = ReferenceScenario(&random)
            matched += try scenario.replay { problem in Issue.record(Comment(rawValue: problem)) }
            urls += scenario.urls.count
        }
        #expect(urls > 200 && matched * 4 > urls, "\(matched) of \(urls) URLs matched")
    }

    /// Typed placeholders of different types at one place are not ordered by the rules: for
    /// `a/1/b` against `a/:x<int>/:z` and `a/:y<bool>/b`, the first branch that matches to the
    /// end wins, in either registration order, and a priority decides when one route must.
    @Test func typedPlaceholdersOfDifferentTypesAtOnePlaceTakeTheFirstBranchThatMatches() throws {
        for patterns in [["a/:x<int>/:z", "a/:y<bool>/b"], ["a/:y<bool>/b", "a/:x<int>/:z"]] {
            let match = try patternEchoRouter(patterns).match("x://a/1/b")
            #expect(match.map { patterns.contains($0.pattern) } == true, "\(patterns)")
        }
        for (lower, higher) in [("a/:x<int>/:z", "a/:y<bool>/b"), ("a/:y<bool>/b", "a/:x<int>/:z")] {
            let router = Router()
            try router.register(lower) { _ in }
            try router.register(higher, priority: 1) { _ in }
            #expect(router.match("x://a/1/b")?.pattern == higher)
        }
    }

    /// The host compares case-insensitively, so `app://A` and `app://a` have one shape
    /// (registering one after the other conflicts), and a pattern whose optional groups make
    /// both is ambiguous; with `caseInsensitivePaths`, so is one whose groups differ in case
    /// deeper down, which is two routes without it.
    @Test(arguments: [
        ("app://(/A)(/a)", false, true), ("app://x(/A)(/a)", true, true), ("app://x(/A)(/a)", false, false),
        ("/(A)(/a)", false, true),
    ])
    func combinationsThatDifferOnlyInFoldedCaseAreAmbiguous(pattern: String, foldsPaths: Bool, ambiguous: Bool) throws {
        let router = Router()
        try router.register("app://a") { _ in }
        #expect(caught { try router.register("app://A") { _ in } }?.code == .conflict)
        let folding = Router(options: .init(caseInsensitivePaths: foldsPaths))
        let error = caught { try folding.register(pattern) { _ in } }
        #expect(error?.code == (ambiguous ? .invalidPattern : nil), "\(String(describing: error))")
        #expect(folding.routes.count == (ambiguous ? 0 : 1))
        #expect(caught { try folding.url(for: pattern, parameters: [:]) }?.code == (ambiguous ? .invalidPattern : nil))
    }
}

extension SeededRandom: ReferenceChoices {
    mutating func below(_ bound: Int) -> Int { next(bound) }
}
