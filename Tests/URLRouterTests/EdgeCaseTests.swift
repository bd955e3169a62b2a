import Testing

@testable import URLRouter

/// Behaviours at the edges of decoding, deregistration and redirects:
/// - an escape sequence that decodes to an overlong form, a UTF-16 surrogate or a scalar above
///   U+10FFFF is not valid UTF-8, so the value keeps its raw text, in the path and in the query,
///   while well-formed sequences of every length decode.
/// - a `+` in a pattern's literal is a plus sign, never a space, with or without form decoding.
/// - `deregister` of a pattern whose combinations reach different routes removes nothing, even
///   when the last route it reaches has as many leaves as the pattern has combinations.
/// - a redirect starts a new open: a route that declined the first URL is a candidate again
///   for the URL an interceptor redirects to.
@Suite struct EdgeCaseTests {
    /// A raw segment or query value and the text the router gives for it.
    struct DecodedValue: Sendable, CustomTestStringConvertible {
        let raw: String
        let value: String
        init(_ raw: String, _ value: String) {
            self.raw = raw
            self.value = value
        }
        var testDescription: String { "\(raw) → \(value)" }
    }

    static let decodedValues: [DecodedValue] = [
        // well-formed: two, three and four bytes, at the edges of each lead byte's range
        DecodedValue("%C3%A9", "é"),
        DecodedValue("%E0%A0%80", "\u{800}"),
        DecodedValue("%E2%82%AC", "€"),
        DecodedValue("%ED%9F%BF", "\u{D7FF}"),
        DecodedValue("%EE%80%80", "\u{E000}"),
        DecodedValue("%F0%90%80%80", "\u{10000}"),
        DecodedValue("%F4%8F%BF%BF", "\u{10FFFF}"),
        // overlong forms stay raw
        DecodedValue("%C0%AF", "%C0%AF"),
        DecodedValue("%E0%80%80", "%E0%80%80"),
        DecodedValue("%E0%9F%BF", "%E0%9F%BF"),
        DecodedValue("%F0%80%80%80", "%F0%80%80%80"),
        // surrogates stay raw
        DecodedValue("%ED%A0%80", "%ED%A0%80"),
        DecodedValue("%ED%BF%BF", "%ED%BF%BF"),
        // above U+10FFFF stays raw
        DecodedValue("%F4%90%80%80", "%F4%90%80%80"),
        DecodedValue("%F5%80%80%80", "%F5%80%80%80"),
        // a sequence cut short stays raw, with what follows it
        DecodedValue("a%E2%82b", "a%E2%82b"),
    ]

    @Test(arguments: decodedValues)
    func escapesDecodeOnlyToValidUTF8(_ example: DecodedValue) throws {
        let router = Router()
        try router.register("x://item/:id") { _ in }
        let match = try #require(router.match("x://item/\(example.raw)?q=\(example.raw)"))
        #expect(match.parameters["id"] == example.value)
        #expect(match.parameters["q"] == example.value)
        #expect(match.parameters.queryItems == [RouteQueryItem(name: "q", value: example.value)])
    }

    @Test(arguments: decodedValues)
    func aSuffixPlaceholderDecodesItsValueTheSameWay(_ example: DecodedValue) throws {
        let router = Router()
        try router.register("x://file/:name.txt") { _ in }
        let match = try #require(router.match("x://file/\(example.raw).txt"))
        #expect(match.parameters["name"] == example.value)
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
