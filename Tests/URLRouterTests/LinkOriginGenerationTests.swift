import Testing

@testable import URLRouter

@Suite("Link origins: generation checks every combination")
struct LinkOriginGenerationTests {
    /// `item/:id` and `list(/:page)` under a scheme and a web host.
    static func makeRouter() throws -> Router {
        let router = Router()
        let origins: [LinkOrigin] = [.scheme("shop"), .web("shop.example.com")]
        try router.register("item/:id", origins: origins) { _ in }
        try router.register("list(/:page)", origins: origins) { _ in }
        return router
    }

    /// A path with a combination no route of that origin has would print a link that routes nowhere: refused, as a
    /// path no route has is.
    @Test(
        "url(for:origin:) refuses a path with a combination no route of the origin serves",
        arguments: [
            ("item/:id(/reviews)", ["id": "1"]),
            ("item/:id(/:tab)", ["id": "1", "tab": "x"]),
            ("list(/:page)(/all)", ["page": "2"]),
        ])
    func refusesUnservedCombinations(path: String, parameters: [String: String]) throws {
        let router = try Self.makeRouter()
        for origin in [LinkOrigin.web("shop.example.com"), .scheme("shop")] {
            var printed: String?
            let error = caught { printed = try router.url(for: path, parameters: parameters, origin: origin) }
            #expect(error?.code == .invalidParameter, "\(origin) printed \(printed ?? "nothing")")
        }
    }

    @Test(
        "url(for:origin:) prints what some route serves whole",
        arguments: [
            ("list(/:page)", ["page": "2"], "https://shop.example.com/list/2"),
            ("list(/:page)", [:], "https://shop.example.com/list"),
            ("list/:n", ["n": "3"], "https://shop.example.com/list/3"),
            ("item/:x", ["x": "4"], "https://shop.example.com/item/4"),
        ])
    func printsServedPaths(path: String, parameters: [String: String], expected: String) throws {
        let router = try Self.makeRouter()
        let link = try router.url(for: path, parameters: parameters, origin: .web("shop.example.com"))
        #expect(link == expected)
        #expect(router.canOpen(link))
    }
}

/// A typed route under a scheme and a web host.
private struct ReviewItemRoute: URLRoute {
    static let pattern = "item/:id"
    static let origins: [LinkOrigin] = [.scheme("shop"), .web("shop.example.com")]
    var id: Int
}

@Suite("Link origins: generation for an origin no route can have")
struct LinkOriginMalformedOriginTests {
    /// A port, userinfo, trailing dot or a scheme that is none: no route has such an origin, so generation says so
    /// with `.invalidParameter`, as for any origin the route lacks, and does not call the path an invalid pattern.
    @Test(
        "url(for:origin:) reports a malformed origin as one the route does not have",
        arguments: [
            LinkOrigin.web("shop.example.com."), .web("shop.example.com:443"), .web("evil@shop.example.com"),
            .web("sh\u{00F6}p.example.com"), .scheme("1shop"), .scheme("https"),
        ])
    func malformedOrigin(origin: LinkOrigin) throws {
        let router = Router()
        try router.register(ReviewItemRoute.self) { _, _ in }
        let plain = caught { try router.url(for: "item/:id", parameters: ["id": "1"], origin: origin) }
        #expect(plain?.code == .invalidParameter, "\(String(describing: plain))")
        #expect(plain?.message.contains(origin.description) == true)
        let typed = caught { try router.url(for: ReviewItemRoute(id: 1), origin: origin) }
        #expect(typed?.code == .invalidParameter, "\(String(describing: typed))")
        #expect(typed?.message.contains(origin.description) == true)
    }
}
