import Testing
import URLRouter

/// `.` and `..` segments: URL parsers resolve them away, so `url(for:)` refuses to print them
/// and no placeholder, `*` or `**` takes one. A literal of the same text is still matched.
extension MatchingRulesTests {
    struct DotCase: Sendable, CustomTestStringConvertible {
        let url: String
        /// The pattern that takes it, or nil.
        let winner: String?
        /// What `explain` says of the pattern it would have reached, or nil.
        let verdict: (pattern: String, verdict: RouteExplanation.Verdict)?
        var testDescription: String { url }
    }

    static let dotPatterns = [
        "shop://item/:id", "shop://page/:name.html", "shop://star/*/x", "shop://files/**", "shop://dots/../up",
    ]

    static let dotCases: [DotCase] = [
        DotCase(url: "shop://item/..", winner: nil, verdict: ("shop://item/:id", .dotSegment(segment: 2, found: ".."))),
        DotCase(url: "shop://item/.", winner: nil, verdict: ("shop://item/:id", .dotSegment(segment: 2, found: "."))),
        DotCase(
            url: "shop://item/%2E%2e", winner: nil, verdict: ("shop://item/:id", .dotSegment(segment: 2, found: ".."))),
        DotCase(url: "shop://item/...", winner: "shop://item/:id", verdict: nil),
        DotCase(url: "shop://item/.a", winner: "shop://item/:id", verdict: nil),
        DotCase(url: "shop://item/%2E%2F", winner: "shop://item/:id", verdict: nil),
        DotCase(
            url: "shop://page/..html", winner: nil,
            verdict: ("shop://page/:name.html", .dotSegment(segment: 2, found: "."))),
        DotCase(
            url: "shop://page/...html", winner: nil,
            verdict: ("shop://page/:name.html", .dotSegment(segment: 2, found: ".."))),
        DotCase(url: "shop://page/....html", winner: "shop://page/:name.html", verdict: nil),
        DotCase(
            url: "shop://star/../x", winner: nil, verdict: ("shop://star/*/x", .dotSegment(segment: 2, found: ".."))),
        DotCase(
            url: "shop://files/a/../b", winner: nil, verdict: ("shop://files/**", .dotSegment(segment: 3, found: ".."))),
        DotCase(
            url: "shop://files/a/./b", winner: nil, verdict: ("shop://files/**", .dotSegment(segment: 3, found: "."))),
        DotCase(url: "shop://files/a/b..", winner: "shop://files/**", verdict: nil),
        DotCase(url: "shop://files", winner: "shop://files/**", verdict: nil),
        DotCase(url: "shop://dots/../up", winner: "shop://dots/../up", verdict: nil),
    ]

    @Test(arguments: dotCases)
    func noPlaceholderOrWildcardTakesADotSegment(_ test: DotCase) throws {
        let router = try patternEchoRouter(Self.dotPatterns)
        #expect(winner(router, test.url) == test.winner)
        let explanation = router.explain(test.url)
        #expect(explanation.winner == test.winner)
        if let (pattern, verdict) = test.verdict {
            #expect(explanation.candidates.first { $0.pattern == pattern }?.verdict == verdict)
        }
    }

    /// The fallback hands its path over as `**`, so it refuses what `**` refuses.
    @Test(arguments: [
        "shop://item/..", "shop://%2Fetc/passwd", "shop://a/../../etc/passwd", "shop://a/%2E%2E%2F%2E%2E/x",
    ])
    func theSchemeFallbackTakesNoDotSegment(_ url: String) throws {
        let router = try patternEchoRouter(["shop://item/:id", "shop://"])
        #expect(winner(router, url) == nil)
        let verdict = router.explain(url).candidates.first { $0.pattern == "shop://" }?.verdict
        #expect(verdict.map { if case .dotSegment = $0 { true } else { false } } == true)
        #expect(winner(router, "shop://a/b%2Fc/.x") == "shop://")
    }

    struct DotWordRoute: URLRoute {
        static let pattern = "fz://:word/:count"
        var word: String
        var count: UInt8
    }

    /// A typed match prints and matches back: the fuzzer's `FZ:.//9` (scheme `FZ`, segments `.`
    /// and `9`) must not match with `word == "."`, which `url(for:)` cannot print.
    @Test(arguments: ["FZ:.//9", "fz://../9", "fz://%2e/9"])
    func aTypedRouteTakesNoDotSegmentSoEveryMatchPrints(url: String) throws {
        let router = Router()
        try router.registerObject(DotWordRoute.self) { route, _ in route.word }
        #expect(router.match(url, as: DotWordRoute.self) == nil)
        #expect(!router.canOpen(url))
        let printed = try router.url(for: DotWordRoute(word: "...", count: 9))
        #expect(router.match(printed, as: DotWordRoute.self)?.word == "...")
    }
}

/// An encoded `/` does not smuggle a dot segment, or an empty one, into the path a `**` takes: the joined path would be
/// `a/../b` or `/etc/passwd`, which the raw URL could never give.
@Suite struct CatchAllEncodedSlashTests {
    @Test(arguments: [
        ("files://open/a%2F..%2Fb", false), ("files://open/..%2F..%2Fetc%2Fpasswd", false),
        ("files://open/%2E%2E%2Fx", false), ("files://open/x/%2E%2E%2F%2E%2E%2Fy", false),
        ("files://open/%2Fetc%2Fpasswd", false), ("files://open/a%2F%2Fb", false), ("files://open/a%2F.%2Fb", false),
        ("files://open/a%2Fb", true), ("files://open/a/b.c/..c", true),
    ])
    func aCatchAllTakesNoDotPieceBehindAnEncodedSlash(url: String, taken: Bool) throws {
        let router = Router()
        try router.registerObject("files://open/**") { request in request.mergedParameters["**"] as? String }
        let value = router.object(for: url, source: .external) as? String
        #expect((value != nil) == taken, "\(url) gave ** = \(value ?? "nil")")
        #expect(router.canOpen(url) == taken)
        #expect((router.explain(url).winner != nil) == taken)
    }
}
