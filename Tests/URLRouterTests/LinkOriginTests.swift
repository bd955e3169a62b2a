import Testing

@testable import URLRouter

@Suite("Link origins")
struct LinkOriginTests {
    static let origins: [LinkOrigin] = [
        .scheme("shop"), .scheme("ShopApp"), .web("shop.example.com"), .web("WWW.shop.example.com"),
    ]

    /// One route for `item/:id` under every origin, returning the pattern it matched.
    static func makeRouter(options: Router.Options = Router.Options()) throws -> Router {
        let router = Router(options: options)
        try router.registerObject("item/:id", origins: origins) { request in request.pattern }
        return router
    }

    @Test(
        "web hosts and schemes reach the same route",
        arguments: [
            ("shop://item/42", "shop://item/:id"),
            ("SHOPAPP://item/42?ref=mail", "shopapp://item/:id"),
            ("https://shop.example.com/item/42", "https://shop.example.com/item/:id"),
            ("https://SHOP.Example.COM/item/42", "https://shop.example.com/item/:id"),
            ("HTTPS://www.shop.example.com/item/42#top", "https://www.shop.example.com/item/:id"),
            ("https://shop.example.com//item/42/", "https://shop.example.com/item/:id"),
        ])
    func matches(url: String, pattern: String) throws {
        let router = try Self.makeRouter()
        #expect(winner(router, url) == pattern)
        #expect(router.match(url)?.parameters["id"] == "42")
    }

    @Test(
        "lookalike hosts, ports, userinfo and other shapes are not matched",
        arguments: [
            "http://shop.example.com/item/42",  // web origins serve https only
            "https://shop.example.com.evil.net/item/42",
            "https://evilshop.example.com/item/42",
            "https://xn--shp-sna.example.com/item/42",  // punycode of a lookalike name
            "https://\u{0455}hop.example.com/item/42",  // Cyrillic dze for "s"
            "https://shop.example.com:443/item/42",
            "https://evil@shop.example.com/item/42",
            "https://shop.example.com./item/42",  // trailing dot: refused, not folded away
            "https://evil.net/shop.example.com/item/42",
            "https://item/42",  // in a web link the host is no segment
            "shop://shop.example.com/item/42",  // in a custom scheme the host is one
            "other://item/42",
            "https://shop.example.com/Item/42",  // the path stays case-sensitive
        ])
    func refuses(url: String) throws {
        let router = try Self.makeRouter()
        #expect(winner(router, url) == nil)
    }

    @Test(
        "bad registrations say what is wrong and add nothing",
        arguments: [
            ("shop://item/:id", [LinkOrigin.scheme("shop")]),
            ("/item/:id", [.scheme("shop")]),
            ("", [.scheme("shop")]),
            ("item/:id", []),
            ("item/:id", [.scheme("shop"), .scheme("SHOP")]),
            ("item/:id", [.web("shop.example.com"), .web("Shop.Example.com")]),
            ("item/:id", [.scheme("https")]),
            ("item/:id", [.scheme("Http")]),
            ("item/:id", [.scheme("1shop")]),
            ("item/:id", [.scheme("")]),
            ("item/:id", [.web("shop.example.com:443")]),
            ("item/:id", [.web("evil@shop.example.com")]),
            ("item/:id", [.web("shop.example.com.")]),
            ("item/:id", [.web("sh\u{00F6}p.example.com")]),
            ("item/:id", [.web("\u{212A}iosk.example.com")]),  // Kelvin sign: lowercases to "k" in Unicode
            ("item/:id", [.web("")]),
            ("item/:id", [.web("-shop.example.com")]),
            ("item/:id", [.web("shop..example.com")]),
            ("item/:id", [.web(String(repeating: "a", count: 64) + ".example.com")]),
        ])
    func invalid(path: String, origins: [LinkOrigin]) throws {
        let router = Router()
        let error = caught { try router.register(path, origins: origins) { _ in } }
        #expect(error?.code == .invalidPattern)
        #expect(router.routes.isEmpty)
    }

    @Test func aHostLabelMayHoldUpTo63Bytes() throws {
        let router = Router()
        let host = String(repeating: "a", count: 63) + ".example.com"
        try router.registerObject("item/:id", origins: [.web(host)]) { $0.parameters["id"] }
        #expect(router.object(for: "https://\(host)/item/42") as? String == "42")
    }

    @Test func listedOnceWithItsSources() throws {
        let routes = try Self.makeRouter().routes
        #expect(routes.map(\.pattern) == ["item/:id"])
        #expect(
            routes.first?.origins == [
                .scheme("shop"), .scheme("shopapp"), .web("shop.example.com"), .web("www.shop.example.com"),
            ])
        #expect(
            routes.first?.description
                == "item/:id [shop, shopapp, https://shop.example.com, https://www.shop.example.com]")
    }

    @Test(
        "generation prints the origin asked for",
        arguments: [
            (LinkOrigin.scheme("shop"), ["id": "42"], "shop://item/42", "shop://item/:id"),
            (.scheme("SHOPAPP"), ["id": "42", "ref": "mail"], "shopapp://item/42?ref=mail", "shopapp://item/:id"),
            (
                .web("shop.example.com"), ["id": "42"], "https://shop.example.com/item/42",
                "https://shop.example.com/item/:id"
            ),
            (
                .web("WWW.Shop.Example.com"), ["id": "a b/c"], "https://www.shop.example.com/item/a%20b%2Fc",
                "https://www.shop.example.com/item/:id"
            ),
        ])
    func generates(origin: LinkOrigin, parameters: [String: String], expected: String, pattern: String) throws {
        let router = try Self.makeRouter()
        let url = try router.url(for: "item/:id", parameters: parameters, origin: origin)
        #expect(url == expected)
        let match = try #require(router.match(url))
        #expect(match.parameters["id"] == parameters["id"])
        #expect(match.pattern == pattern)
    }

    @Test(
        "generation refuses a origin the route does not have",
        arguments: [
            ("item/:id", LinkOrigin.web("evil.example.com")),
            ("item/:id", .scheme("mail")),
            ("cart", .scheme("shop")),
        ])
    func generationRefusesUnknownSources(path: String, origin: LinkOrigin) throws {
        let router = try Self.makeRouter()
        try router.register("shop://cart") { _ in }
        let error = caught { try router.url(for: path, parameters: ["id": "1"], origin: origin) }
        #expect(error?.code == .invalidParameter)
        #expect(error?.message.contains(origin.description) == true)
    }

    @Test(
        "a conflict on any origin refuses the whole registration",
        arguments: [
            "https://shop.example.com/item/:x",
            "shopapp://item/:other",
            "SHOP://item/:id",
        ])
    func conflictOnAnySource(existing: String) throws {
        let router = Router()
        try router.register(existing) { _ in }
        let error = caught { try router.register("item/:id", origins: Self.origins) { _ in } }
        #expect(error?.code == .conflict)
        #expect(error?.message.contains(existing) == true)
        #expect(router.routes.count == 1)
        #expect(router.match("shop://item/1")?.pattern == (existing.hasPrefix("SHOP") ? existing : nil))
        #expect(router.match("https://www.shop.example.com/item/1") == nil)
    }

    @Test func conflictsNameTheRouteWithItsSources() throws {
        let router = try Self.makeRouter()
        let error = caught { try router.register("shopapp://item/:x") { _ in } }
        #expect(error?.code == .conflict)
        #expect(
            error?.message.contains("item/:id [shop, shopapp, https://shop.example.com, https://www.shop.example.com]")
                == true)
        try router.register("item/:x", origins: [.web("www.shop.example.com")], replacing: true) { _ in }
        #expect(router.routes.map(\.pattern) == ["item/:x"])
        #expect(router.match("shop://item/1") == nil)
    }

    @Test func precedenceTreatsItAsOneRoute() throws {
        let router = try Self.makeRouter()
        try router.registerObject("https://shop.example.com/item/new") { _ in "new" }
        try router.registerObject("/item/:id", priority: -1) { _ in "scheme-less" }
        #expect(router.object(for: "https://shop.example.com/item/new") as? String == "new")
        #expect(
            router.match("https://www.shop.example.com/item/new")?.pattern == "https://www.shop.example.com/item/:id")
        #expect(router.object(for: "shopapp://item/7") as? String == "shopapp://item/:id")
        #expect(router.object(for: "mail://item/7") as? String == "scheme-less")
    }
}
