// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Testing
import URLRouter

/// MatchingRules.md: the fallback route, a parameter type of one's own, generation and link
/// sources.
@Suite("Articles: Matching rules")
struct MatchingRulesArticleTests {
    /// With `shop://` registered too, `shop://anything` reaches `shop://`, and `other://x` and
    /// `tel:123` reach `**`.
    @Test(arguments: [
        ("shop://anything", "shop://"),
        ("other://x", "**"),
        ("tel:123", "**"),
    ])
    func fallbackForEveryScheme(url: String, winner: String) throws {
        let router = Router()
        try router.register("shop://") { request in request.complete("the shop's own fallback") }
        try router.register("**", priority: -1) { request in
            request.complete("no page for \(request.url)")
        }
        #expect(router.match(url)?.pattern == winner)
        if winner == "**" {
            #expect(router.object(for: url) as? String == "no page for \(url)")
        }
    }

    @Test(arguments: [
        ("shop://product/ABCDEFGH", "ABCDEFGH"),
        ("shop://product/ABCDEFG", nil),     // 7 letters
        ("shop://product/ABCDEFG1", nil),    // a digit
    ])
    func parameterTypeOfYourOwn(url: String, code: String?) throws {
        let router = Router()
        try router.register(RouteParameterType("sku") { $0.count == 8 && $0.allSatisfy(\.isLetter) })
        try router.register("shop://product/:code<sku>") { request in
            request.complete(request.parameters["code"])
        }
        #expect(router.object(for: url) as? String == code)
    }

    /// Matching the generated link against the pattern gives the parameters back.
    @Test func generationGivesTheParametersBack() throws {
        let router = Router()
        try router.register("shop://item/:id<int>") { _ in }
        let link = try router.url(for: "shop://item/:id<int>", parameters: ["id": "7", "ref": "mail"])
        // "shop://item/7?ref=mail"
        #expect(link == "shop://item/7?ref=mail")
        #expect(router.match(link)?.parameters.dictionary == ["id": "7", "ref": "mail"])
    }

    @Test func oneRouteForEveryLinkSource() async throws {
        let router = Router()
        let values = try await evaluate {
            try router.register("item/:id", origins: [.scheme("shop"), .scheme("shopapp"),
                                                      .web("shop.example.com"), .web("www.shop.example.com")]) { request in
                request.complete(request.parameters["id"])
            }
            router.open("shopapp://item/42")                        // true
            router.open("https://WWW.Shop.Example.com/item/42")     // true
            try router.url(for: "item/:id", parameters: ["id": "42"], origin: .web("shop.example.com"))
            // "https://shop.example.com/item/42"
        }
        try #require(values.count == 3)
        #expect(values[0] as? Bool == true)
        #expect(values[1] as? Bool == true)
        #expect(values[2] as? String == "https://shop.example.com/item/42")
        // One route, listed with its origins.
        #expect(
            router.routes.map(\.description)
                == ["item/:id [shop, shopapp, https://shop.example.com, https://www.shop.example.com]"])
    }
}

/// DeepLinksOnLinux.md: links from outside, and web links.
@Suite("Articles: Deep links on Linux")
struct DeepLinksOnLinuxArticleTests {
    /// A scheme outside the allow-list is refused, and so is an internal-only route; a link
    /// that passes both reaches matching.
    @Test(arguments: [
        ("account://debug/reset", "refused"),
        ("mail://debug/reset", "refused"),
        ("settings://debug/reset", "notFound"),
    ])
    func linksFromOutsideAreExternal(link: String, reply expected: String) async throws {
        let printed = try await capturingPrints {
            let router = Router(options: .init(allowedExternalSchemes: ["shop", "account", "settings"]))
            try router.register("account://debug/reset", access: .internal) { request in
                request.complete("reset")
            }
            router.open(link, source: .external) { result in reply(result) }
        }
        #expect(printed == expected + "\n")
    }

    /// A web link matches only over https, on one of the route's hosts (ASCII
    /// case-insensitive), with no port and no userinfo; lookalike hosts never match.
    @Test(arguments: [
        ("shop://item/42", true),
        ("https://shop.example.com/item/42", true),
        ("https://SHOP.Example.com/item/42", true),
        ("http://shop.example.com/item/42", false),
        ("https://shop.example.com:443/item/42", false),
        ("https://me@shop.example.com/item/42", false),
        ("https://shop.example.com.evil.net/item/42", false),
        ("https://shop.example.com/item/abc", false),
    ])
    func webLinks(url: String, opens: Bool) throws {
        let router = Router(options: .init(allowedExternalSchemes: ["shop"], allowedExternalHosts: ["shop.example.com"]))
        try router.register("item/:id<int>", origins: [.scheme("shop"), .web("shop.example.com")]) { request in
            request.complete(request.parameters["id"])
        }
        #expect(router.canOpen(url, source: .external) == opens)
    }
}

/// The daemon's answer to a link: here the value, or the error's code, printed.
private func reply(_ result: Result<Any?, RouteError>) {
    switch result {
    case .success(let value): print(value ?? "nil")
    case .failure(let error): print(error.code)
    }
}
