import Testing

@testable import URLRouter

/// A plain placeholder whose field is an `Int`: the pattern takes `new`, the field does not.
private struct ExplainedPageRoute: URLRoute {
    static let pattern = "shop://list/:page"
    var page: Int
}

@Suite("Explain")
struct ExplainTests {
    static func makeRouter() throws -> Router {
        let router = Router()
        try router.register("shop://item/:id") { _ in }
        try router.register("shop://item/new") { _ in }
        try router.register("shop://item/:id<int>/edit") { _ in }
        try router.register("shop://item/:id/reviews", priority: 3) { _ in }
        try router.register("/item/:id") { _ in }
        try router.register("shop://**") { _ in }
        try router.register("shop://") { _ in }
        try router.register("mail://inbox") { _ in }
        return router
    }

    @Test func parsesTheURL() throws {
        let explanation = try Self.makeRouter().explain("SHOP://item/4%202?ref=home&flag#top%20x")
        #expect(explanation.scheme == "shop")
        #expect(explanation.host == "item")
        #expect(explanation.segments == ["item", "4 2"])
        #expect(
            explanation.queryItems == [
                RouteQueryItem(name: "ref", value: "home"), RouteQueryItem(name: "flag", value: ""),
            ])
        #expect(explanation.fragment == "top x")
        #expect(explanation.winner == "shop://item/:id")
    }

    @Test(
        "every candidate says why it won or lost",
        arguments: [
            ("shop://item/42", "shop://item/:id", RouteExplanation.Verdict.won),
            ("shop://item/42", "shop://item/new", .wrongLiteral(segment: 2, expected: "new", found: "42")),
            ("shop://item/42", "shop://item/:id<int>/edit", .tooFewSegments(needed: 3, found: 2)),
            ("shop://item/abc/edit", "shop://item/:id<int>/edit", .typeMismatch(segment: 2, type: "int", found: "abc")),
            ("shop://item/42", "/item/:id", .laterTier(winner: "shop://item/:id")),
            ("shop://item/42", "shop://**", .lessSpecific(segment: 1, winner: "shop://item/:id")),
            ("shop://item/42", "shop://", .laterTier(winner: "shop://item/:id")),
            ("shop://item/new", "shop://item/:id", .lessSpecific(segment: 2, winner: "shop://item/new")),
            (
                "shop://item/new/reviews", "shop://**",
                .lowerPriority(priority: 0, winner: "shop://item/:id/reviews", winnerPriority: 3)
            ),
            ("shop://item/42/x/y", "shop://item/:id", .tooManySegments(allowed: 2, found: 4)),
            ("shop://item/..", "shop://item/:id", .dotSegment(segment: 2, found: "..")),
        ])
    func verdicts(url: String, pattern: String, verdict: RouteExplanation.Verdict) throws {
        let explanation = try Self.makeRouter().explain(url)
        let candidate = try #require(explanation.candidates.first { $0.pattern == pattern })
        #expect(candidate.verdict == verdict)
    }

    @Test(
        "a loser that matches is told where the trie's search put the winner first",
        arguments: [
            // The longer suffix first, then a typed placeholder before a plain one.
            (
                ["f://x/:name.gz", "f://x/:name.tar.gz"], "f://x/a.tar.gz",
                .lessSpecific(segment: 2, winner: "f://x/:name.tar.gz")
            ),
            (
                ["f://x/:n.json", "f://x/:n<int>.json"], "f://x/5.json",
                .lessSpecific(segment: 2, winner: "f://x/:n<int>.json")
            ),
            // Two types as specific: the router's order of types decides, whatever was
            // registered first and however specific what follows.
            (
                ["f://x/:a<int>/:b", "f://x/:a<digits>/end"], "f://x/12/end",
                .typeTriedLater(segment: 2, winner: "f://x/:a<int>/:b")
            ),
            (
                ["f://x/:a<digits>/:b", "f://x/:a<int>/end"], "f://x/1/end",
                .typeTriedLater(segment: 2, winner: "f://x/:a<int>/end")
            ),
            // A route of optional groups takes the combination the search reaches first, not the
            // first one written.
            (["t://a(/b)(/:x)", "t://a/:y/**"], "t://a/b", .lessSpecific(segment: 2, winner: "t://a(/b)(/:x)")),
            (
                ["t://p(/:y<int>)(/:x)", "t://p/:z<bool>"], "t://p/1",
                .typeTriedLater(segment: 2, winner: "t://p(/:y<int>)(/:x)")
            ),
            (
                ["t://:v.json(/*)", "t://:v.json(/*)/**"], "t://1.json/a",
                .lessSpecific(segment: 3, winner: "t://:v.json(/*)")
            ),
        ] as [([String], String, RouteExplanation.Verdict)])
    func tiesInRank(patterns: [String], url: String, verdict: RouteExplanation.Verdict) throws {
        let router = Router()
        let digits = RouteParameterType("digits") { !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }
        try router.register(digits)
        for pattern in patterns { try router.register(pattern) { _ in } }
        let explanation = router.explain(url)
        // The first registered pattern that did not win.
        let loser = try #require(explanation.candidates.first { $0.pattern != explanation.winner })
        #expect(loser.verdict == verdict)
    }

    @Test(
        "a route of optional groups is judged by the combination that comes closest",
        arguments: [
            ("shop://list(/:page<int>)", "shop://list/abc", .typeMismatch(segment: 2, type: "int", found: "abc")),
            ("shop://list(/:page<int>)", "shop://list/1/2", .tooManySegments(allowed: 2, found: 3)),
            ("shop://a(/b)", "shop://a/c", .wrongLiteral(segment: 2, expected: "b", found: "c")),
            ("shop://a(/:x/:y<int>)", "shop://a/b/c", .typeMismatch(segment: 3, type: "int", found: "c")),
            ("shop://list/:a(/:b)", "shop://list", .tooFewSegments(needed: 2, found: 1)),
        ] as [(String, String, RouteExplanation.Verdict)])
    func optionalGroups(pattern: String, url: String, verdict: RouteExplanation.Verdict) throws {
        let router = Router()
        try router.register(pattern) { _ in }
        #expect(router.explain(url).candidates.map(\.verdict) == [verdict])
    }

    @Test func aTypedRouteThatLostIsJudgedByItsFields() throws {
        let router = Router()
        try router.register("shop://list/new") { _ in }
        try router.register(ExplainedPageRoute.self) { _, _ in }
        try router.register("shop://list/:name/**") { _ in }
        let candidates = router.explain("shop://list/new").candidates
        #expect(
            candidates.map(\.verdict) == [
                .won, .fieldMismatch(#"field "page": "new" is not a valid Int"#),
                .lessSpecific(segment: 2, winner: "shop://list/new"),
            ])
        #expect(router.explain("shop://list/2").candidates.map(\.verdict).first == .won)
    }

    /// The ones that matched but lost come in the order the router tries them, not as registered: the first is the
    /// one that wins once the winner is gone.
    @Test func theRunnerUpComesRightAfterTheWinner() throws {
        let router = Router()
        for pattern in ["shop://a/*/c", "shop://a/b/**", "shop://a/:x/c", "shop://a/b/c", "/a/b/c"] {
            try router.register(pattern, priority: pattern == "shop://a/b/c" ? -1 : 0) { _ in }
        }
        let runnersUp = ["shop://a/b/**", "shop://a/:x/c", "shop://a/*/c", "/a/b/c", "shop://a/b/c"]
        #expect(router.explain("shop://a/b/c").candidates.map(\.pattern) == runnersUp)
        #expect(router.deregister("shop://a/b/**"))
        #expect(router.explain("shop://a/b/c").candidates.map(\.pattern) == Array(runnersUp.dropFirst()))
    }

    /// A link from outside that the allow-lists refuse is refused whether or not a route matches it, as `open` says.
    @Test func explainsAnAllowListRefusalWithoutAWinner() throws {
        let router = Router(options: .init(allowedExternalSchemes: ["shop"]))
        try router.register("shop://item/:id") { _ in }
        let error = Recorder<RouteError.Code>()
        router.open("other://item/42", source: .external) { if case .failure(let e) = $0 { error.record(e.code) } }
        #expect(error.values == [.refused])
        let explanation = router.explain("other://item/42", source: .external)
        let message = #"Refused "other://item/42": the scheme "other" is not allowed from outside."#
        #expect(explanation.refusal?.message == message)
        #expect(explanation.description.contains("external  refused: "))
        #expect(router.explain("other://item/42").refusal == nil)
        #expect(router.explain("shop://item/42", source: .external).refusal == nil)
    }

    @Test func listsOnlyCandidatesForTheScheme() throws {
        let explanation = try Self.makeRouter().explain("shop://item/1")
        #expect(!explanation.candidates.contains { $0.pattern == "mail://inbox" })
        #expect(explanation.candidates.first?.verdict == .won)
        #expect(explanation.candidates.count == 7)
    }

    @Test func printsAReadableReport() throws {
        let router = Router()
        try router.register("shop://item/:id") { _ in }
        try router.register("shop://item/new") { _ in }
        let text = router.explain("shop://item/42?ref=home").description
        #expect(
            text == """
                URL       shop://item/42?ref=home
                scheme    shop
                host      item
                segments  item · 42
                query     ref=home
                winner    shop://item/:id
                  ✓ shop://item/:id  won
                  ✗ shop://item/new  segment 2: "42" is not the literal "new"
                """)
    }

    @Test func reportKeepsOneLinePerField() throws {
        let router = Router()
        try router.register("shop://item/:id") { _ in }
        let text = router.explain("shop://item/a%0Awinner%E2%80%A8x?q=%0D\u{85}#top%0A").description
        // URL, scheme, host, segments, query, fragment, winner, one candidate: seven breaks.
        #expect(text.unicodeScalars.filter(RouteError.breaksLines).count == 7, "\(text)")
        #expect(text.contains("segments  item · a\\nwinner\\u{2028}x"))
        #expect(text.contains("query     q=\\r\\u{0085}"))
    }

    @Test func explainsMissesAndLimits() throws {
        let router = Router(options: .init(limits: .init(maxSegments: 2)))
        try router.register("shop://item/:id") { _ in }
        #expect(router.explain("shop://nothing").winner == nil)
        let over = router.explain("shop://a/b/c")
        #expect(over.error?.code == .limitExceeded)
        #expect(over.segments == ["a", "b", "c"])
        // A URL the route would take, but for its 300 query items: no route is tried, none won.
        let crowded = router.explain("shop://item/42?" + (0..<300).map { "q\($0)=1" }.joined(separator: "&"))
        #expect(crowded.error?.code == .limitExceeded && crowded.winner == nil && crowded.candidates.isEmpty)
        #expect(crowded.description.contains("winner    (none: no pattern is tried)"), "\(crowded)")
        #expect(router.explain("shop://nothing").description.contains("winner    (none: no pattern matches)"))
        // Over the length limit the URL is not split: nothing in proportion to its length is made.
        let long = router.explain("shop://item/" + String(repeating: "a/", count: 20_000))
        #expect(long.error?.code == .limitExceeded && long.scheme == nil && long.segments.isEmpty)
    }
}
