import Testing

@testable import URLRouter

/// Behaviours at the edges of decoding, deregistration and redirects:
/// - a placeholder with a literal suffix decodes its value as any placeholder does, keeping
///   raw the escapes that make no valid UTF-8 (``URLHandlingTests/escapes``).
/// - a `+` in a pattern's literal is a plus sign, never a space, with or without form decoding.
/// - `deregister` of a pattern whose combinations reach different routes removes nothing, even
///   when the last route it reaches has as many leaves as the pattern has combinations.
/// - a redirect starts a new open: a route that declined the first URL is a candidate again
///   for the URL an interceptor redirects to.
@Suite struct EdgeCaseTests {
    @Test(arguments: URLHandlingTests.escapes)
    func aSuffixPlaceholderDecodesItsValueLikeAnyOther(_ example: URLHandlingTests.EscapeCase) throws {
        let router = Router()
        try router.register("x://file/:name.txt") { _ in }
        let match = try #require(router.match("x://file/\(example.raw).txt"))
        #expect(match.parameters["name"] == example.decoded)
    }

    @Test(arguments: [false, true])
    func aPlusInAPathLiteralIsAPlusSign(formDecoding: Bool) throws {
        let router = try patternEchoRouter(
            ["x://tag/c++", "x://tag/:name"], options: Router.Options(formDecoding: formDecoding))
        #expect(winner(router, "x://tag/c++") == "x://tag/c++")
        #expect(winner(router, "x://tag/c%2B%2B") == "x://tag/c++")
        #expect(winner(router, "x://tag/c%20%20") == "x://tag/:name")
        #expect(router.match("x://tag/c%20%20")?.parameters["name"] == "c  ")
    }

    /// `a(/c)` has the shape of `a` for its first combination and of `a/c(/d)`'s first for its
    /// second: it names no one route, so nothing is removed.
    @Test func deregisterRemovesNothingWhenCombinationsReachDifferentRoutes() throws {
        let router = try patternEchoRouter(["x://a", "x://a/c(/d)"])
        #expect(router.deregister("x://a(/c)") == false)
        #expect(winner(router, "x://a") == "x://a")
        #expect(winner(router, "x://a/c") == "x://a/c(/d)")
        #expect(winner(router, "x://a/c/d") == "x://a/c(/d)")
        router.update { routes in
            #expect(routes.deregister("x://a(/c)") == false)
        }
        #expect(winner(router, "x://a/c") == "x://a/c(/d)")
        // A placeholder in place of `c` is another shape and removes nothing; the pattern itself does.
        #expect(router.deregister("x://a/:x(/d)") == false)
        #expect(router.deregister("x://a/c(/d)"))
        #expect(winner(router, "x://a/c") == nil)
        #expect(winner(router, "x://a") == "x://a")
    }

    /// The route that declined `x://item/old` serves the URL the next route's gate redirects to.
    @Test func aRedirectAfterADeclineOffersEveryRouteAgain() throws {
        let router = Router()
        let calls = Recorder<String>()
        try router.register("x://item/:id") { request in
            let id = request.parameters["id"] ?? ""
            calls.record("item \(id)")
            if id == "old" { request.decline() } else { request.complete("item \(id)") }
        }
        try router.register("x://item/*") { request in
            calls.record("any")
            request.complete("any")
        }
        router.addInterceptor { open in
            open.pattern == "x://item/*" ? .redirect("x://item/new") : .proceed
        }
        #expect(router.outcomes("x://item/old") == [.value("item new")])
        #expect(calls.values == ["item old", "item new"])
    }
}
