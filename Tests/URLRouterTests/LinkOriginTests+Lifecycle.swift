import Testing

@testable import URLRouter

@Suite("Link origins: deregister, explain, batches, allow-list")
struct LinkOriginLifecycleTests {
    static let origins = LinkOriginTests.origins

    @Test(
        "deregister takes the same registration, whole",
        arguments: [
            ("item/:id", [LinkOrigin](), false),
            ("shop://item/:id", [], false),
            ("https://shop.example.com/item/:id", [], false),
            ("item/:id", [.scheme("shop")], false),
            ("item/:id", [.scheme("shop"), .scheme("shopapp"), .web("shop.example.com")], false),
            ("item/:id", LinkOriginTests.origins + [.scheme("mail")], false),
            ("item/:id", LinkOriginTests.origins.reversed(), true),
            (
                "item/:other",
                [.web("SHOP.example.com"), .scheme("SHOP"), .web("www.shop.example.com"), .scheme("shopapp")], true
            ),
        ])
    func deregister(path: String, origins: [LinkOrigin], removed: Bool) throws {
        let router = try LinkOriginTests.makeRouter()
        #expect(router.deregister(path, origins: origins) == removed)
        #expect(router.routes.isEmpty == removed)
        for url in [
            "shop://item/1", "shopapp://item/1", "https://shop.example.com/item/1",
            "https://www.shop.example.com/item/1",
        ] {
            #expect((router.match(url) == nil) == removed, "\(url)")
        }
    }

    @Test func aPlainPatternNeverRemovesARouteWithSources() throws {
        let router = Router()
        try router.register("item/:id", origins: [.scheme("shop")]) { _ in }
        #expect(!router.deregister("shop://item/:id"))
        #expect(!router.deregister("shop://item/:id", origins: []))
        #expect(router.match("shop://item/1") != nil)
        #expect(router.deregister("item/:id", origins: [.scheme("SHOP")]))
    }

    @Test func deregisterWhatRoutesLists() throws {
        let router = try LinkOriginTests.makeRouter()
        try router.register("shop://cart") { _ in }
        for route in router.routes { #expect(router.deregister(route.pattern, origins: route.origins)) }
        #expect(router.routes.isEmpty)
        try router.register("item/:id", origins: Self.origins) { _ in }
    }

    @Test func optionalGroupsUnderEverySource() throws {
        let router = Router()
        try router.registerObject("item/:id(/reviews)", origins: [.scheme("shop"), .web("shop.example.com")]) {
            $0.pattern
        }
        #expect(
            winner(router, "https://shop.example.com/item/1/reviews") == "https://shop.example.com/item/:id(/reviews)")
        #expect(winner(router, "shop://item/1") == "shop://item/:id(/reviews)")
        #expect(
            try router.url(for: "item/:id(/reviews)", parameters: ["id": "3"], origin: .web("shop.example.com"))
                == "https://shop.example.com/item/3/reviews")
        #expect(router.deregister("item/:id(/reviews)", origins: [.web("shop.example.com"), .scheme("shop")]))
        #expect(router.match("https://shop.example.com/item/1/reviews") == nil)
    }

    /// As conflicts and `deregister` do, `url(for:origin:)` finds the route by its shape: placeholder names
    /// do not matter.
    @Test func generationFindsTheRouteByItsShape() throws {
        let router = Router()
        try router.register("item/:id", origins: [.scheme("shop"), .web("shop.example.com")]) { _ in }
        let link = try router.url(for: "item/:name", parameters: ["name": "1"], origin: .scheme("shop"))
        #expect(link == "shop://item/1")
        let unlisted = caught { try router.url(for: "item/:name", parameters: ["name": "1"], origin: .scheme("zz")) }
        #expect(unlisted?.code == .invalidParameter)
        #expect(
            unlisted?.message == #""item/:name" has no origin "zz": its origins are https://shop.example.com, shop."#)
        let none = caught { try router.url(for: "cart/:name", parameters: ["name": "1"], origin: .scheme("zz")) }
        #expect(none?.message.hasSuffix("no route is registered for it with link origins.") == true)
        let bad = caught { try router.url(for: "item/:id(", parameters: ["id": "1"], origin: .scheme("shop")) }
        #expect(bad?.code == .invalidPattern, "a bad path is no missing origin: \(String(describing: bad))")
    }

    @Test(
        "explain judges the route by the origin that fits",
        arguments: [
            ("https://SHOP.example.com/item/42", "https://shop.example.com/item/:id", RouteExplanation.Verdict.won),
            ("shopapp://item/42", "shopapp://item/:id", .won),
            (
                "https://evilshop.example.com/item/42", "https://shop.example.com/item/:id",
                .wrongLiteral(segment: 1, expected: "shop.example.com", found: "evilshop.example.com")
            ),
            (
                "https://shop.example.com:443/item/42", "https://shop.example.com/item/:id",
                .wrongLiteral(segment: 1, expected: "shop.example.com", found: "shop.example.com:443")
            ),
        ])
    func explain(url: String, pattern: String, verdict: RouteExplanation.Verdict) throws {
        let explanation = try LinkOriginTests.makeRouter().explain(url)
        #expect(explanation.candidates.count == 1)
        #expect(explanation.candidates.first?.pattern == pattern)
        #expect(explanation.candidates.first?.verdict == verdict)
        #expect(explanation.winner == (verdict == .won ? pattern : nil))
    }

    @Test func explainNamesTheWinnerBySource() throws {
        let router = try LinkOriginTests.makeRouter()
        try router.register("/item/:id") { _ in }
        let candidate = router.explain("shopapp://item/4").candidates.first { $0.pattern == "/item/:id" }
        #expect(candidate?.verdict == .laterTier(winner: "shopapp://item/:id"))
        // A scheme-less pattern reads a web link's host as its first segment, as for any URL.
        let web = router.explain("https://shop.example.com/item/4").candidates.first { $0.pattern == "/item/:id" }
        #expect(web?.verdict == .wrongLiteral(segment: 1, expected: "item", found: "shop.example.com"))
    }

    @Test func batchIsAllOrNothing() throws {
        let router = Router()
        try router.register("https://www.shop.example.com/item/:x") { _ in }
        let error = caught {
            try router.update { routes in
                try routes.register("cart", origins: [.scheme("shop"), .web("shop.example.com")]) { _ in }
                try routes.register("item/:id", origins: Self.origins) { _ in }
            }
        }
        #expect(error?.code == .conflict)
        #expect(router.match("https://shop.example.com/cart") == nil)
        try router.update { routes in
            try routes.registerObject("cart", origins: [.scheme("shop"), .web("shop.example.com")]) { _ in "cart" }
            let removed = routes.deregister("cart", origins: [.web("shop.example.com"), .scheme("shop")])
            #expect(removed)
            try routes.registerObject("cart", origins: [.scheme("shop"), .web("shop.example.com")]) { _ in "cart" }
        }
        #expect(router.object(for: "https://shop.example.com/cart") as? String == "cart")
    }

    @Test func compactionKeepsEverySource() throws {
        let router = try LinkOriginTests.makeRouter()
        for index in 0..<100 { try router.register("tmp://r/\(index)") { _ in } }
        for index in 0..<100 { #expect(router.deregister("tmp://r/\(index)")) }
        #expect(winner(router, "https://www.shop.example.com/item/5") == "https://www.shop.example.com/item/:id")
        #expect(router.deregister("item/:id", origins: Self.origins))
    }

    static let allowList = Router.Options(
        allowedExternalSchemes: ["shop", "https"], allowedExternalHosts: ["Shop.Example.com", "kiosk.example.com"])

    @Test(
        "external web links must be https to a listed host",
        arguments: [
            ("https://shop.example.com/item/1", true),
            ("https://SHOP.EXAMPLE.COM/item/1", true),
            ("HTTPS://shop.example.com/item/1", true),
            ("HTTPS://evil.net/item/1", false),  // the scheme list has https, but the host list decides
            ("HTTP://shop.example.com/item/1", false),
            ("shop://item/1", true),
            ("https://evil.net/item/1", false),
            ("https://shop.example.com.evil.net/item/1", false),
            ("https://shop.example.com:443/item/1", false),
            ("https://a@shop.example.com/item/1", false),
            ("https://shop.example.com./item/1", false),
            ("https://shop%2Eexample.com/item/1", false),
            ("https://kiosk.example.com/item/1", true),
            ("https:\u{301}/item/1", false),  // ":" and a combining mark are one Character
            ("https://\u{212A}iosk.example.com/item/1", false),  // Kelvin sign, not "k"
            ("http://shop.example.com/item/1", false),
            ("mail://item/1", false),
        ])
    func hostAllowList(url: String, allowed: Bool) throws {
        let router = Router(options: Self.allowList)
        // A host placeholder takes any host, so the allow-list alone decides.
        try router.register("https://:host/item/:id") { _ in }
        try router.register("http://:host/item/:id") { _ in }
        try router.register("/item/:id") { _ in }
        #expect(router.canOpen(url))
        #expect(router.canOpen(url, source: .external) == allowed)
        #expect((router.explain(url, source: .external).refusal == nil) == allowed)
        let failures = Recorder<RouteError>()
        router.open(url, source: .external) { if case .failure(let error) = $0 { failures.record(error) } }
        let refusal = failures.values.first
        #expect((refusal == nil) == allowed)
        if !allowed { #expect(refusal?.code == .refused) }
    }

    @Test func withoutAHostListTheSchemeListDecides() throws {
        let router = try LinkOriginTests.makeRouter(options: .init(allowedExternalSchemes: ["shop"]))
        #expect(router.canOpen("shop://item/1", source: .external))
        #expect(!router.canOpen("https://shop.example.com/item/1", source: .external))
        let open = try LinkOriginTests.makeRouter(options: .init(allowedExternalHosts: ["shop.example.com"]))
        #expect(open.canOpen("shopapp://item/1", source: .external))
        #expect(open.canOpen("https://shop.example.com/item/1", source: .external))
        #expect(!open.canOpen("https://www.shop.example.com/item/1", source: .external))
    }

    /// A match names the origin it came through, for every expansion of every origin, also for
    /// a route registered after others, replaced, and kept through compaction.
    @Test func theMatchNamesTheOriginOfEveryExpansion() throws {
        let router = Router()
        for index in 0..<70 { try router.register("t://filler/\(index)") { _ in } }
        let origins: [LinkOrigin] = [.scheme("shop"), .web("shop.example.com"), .scheme("shopapp")]
        try router.register("item/:id(/reviews)(/all)", origins: origins) { _ in }
        try router.register("item/:id(/reviews)(/all)", origins: origins, replacing: true) { _ in }
        for index in 0..<70 { router.deregister("t://filler/\(index)") }  // compacts the table
        let expected = [
            "shop://item/1": "shop://item/:id(/reviews)(/all)",
            "shop://item/1/reviews/all": "shop://item/:id(/reviews)(/all)",
            "https://shop.example.com/item/1/all": "https://shop.example.com/item/:id(/reviews)(/all)",
            "https://shop.example.com/item/1/reviews": "https://shop.example.com/item/:id(/reviews)(/all)",
            "shopapp://item/1/reviews": "shopapp://item/:id(/reviews)(/all)",
            "shopapp://item/1/all": "shopapp://item/:id(/reviews)(/all)",
        ]
        for (url, pattern) in expected {
            #expect(router.match(url)?.pattern == pattern, "\(url)")
        }
    }
}
