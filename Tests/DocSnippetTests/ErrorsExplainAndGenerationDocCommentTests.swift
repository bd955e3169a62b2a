// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Testing
import URLRouter

/// The doc comments of RouteError, of `explain` and RouteExplanation, of URL generation and of
/// RouteParameterType.
@Suite("Doc comments: errors, explain, generation, parameter types")
struct ErrorsExplainAndGenerationDocCommentTests {
    @Test func anError() async throws {
        let router = Router()
        let printed = await capturingPrints {
            do throws(RouteError) {
                try router.register("shop://item/:id<money>") { _ in }
            } catch {
                print(error)        // Invalid pattern "shop://item/:id<money>": unknown type "money" ...
                print(error.code)   // invalidPattern
            }
        }
        #expect(printed.hasPrefix(#"Invalid pattern "shop://item/:id<money>": unknown type "money""#), "\(printed)")
        #expect(printed.hasSuffix("\ninvalidPattern\n"), "\(printed)")
    }

    @Test func anErrorOfYourOwn() {
        func openOrders(signedIn: Bool) throws(RouteError) {
            guard signedIn else {
                throw RouteError(.refused, "Login required for \"account://orders\"")
            }
        }
        let error = #expect(throws: RouteError.self) { try openOrders(signedIn: false) }
        #expect(error?.code == .refused && error?.message == #"Login required for "account://orders""#)
        #expect(error?.description == error?.message)
    }

    @Test func explain() async throws {
        let router = Router()
        try router.register("shop://item/:id") { _ in }
        try router.register("shop://item/new") { _ in }
        let values = await evaluate {
            let explanation = router.explain("shop://item/42")
            explanation.winner                                  // "shop://item/:id"
            explanation.candidates.map(\.verdict)               // [.won, .wrongLiteral(...), ...]
        }
        try #require(values.count == 2)
        #expect(values[0] as? String == "shop://item/:id")
        #expect(
            values[1] as? [RouteExplanation.Verdict] == [.won, .wrongLiteral(segment: 2, expected: "new", found: "42")])

        let printed = await capturingPrints {
            print(router.explain("shop://item/42?ref=home"))
            // URL       shop://item/42?ref=home
            // scheme    shop
            // host      item
            // segments  item · 42
            // query     ref=home
            // winner    shop://item/:id
            //   ✓ shop://item/:id  won
            //   ✗ shop://item/new  segment 2: "42" is not the literal "new"
        }
        #expect(printed == """
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

    @Test func generation() async throws {
        let router = Router()
        let values = try await evaluate {
            try router.url(for: "shop://item/:id", parameters: ["id": "42", "ref": "mail"])
            // "shop://item/42?ref=mail"
            try router.url(for: "files://open/**", parameters: ["**": "docs/a b.txt"])
            // "files://open/docs/a%20b.txt"
        }
        #expect(values.map { $0 as? String } == ["shop://item/42?ref=mail", "files://open/docs/a%20b.txt"])
    }

    /// Register the type first, then patterns that use it.
    @Test(arguments: [
        ("blog://post/swift-on-linux", "swift-on-linux"),
        ("blog://post/Swift-on-Linux", nil),
    ])
    func aParameterType(url: String, slug: String?) throws {
        let router = Router()
        try router.register(RouteParameterType("slug") { $0.allSatisfy { $0.isLowercase || $0 == "-" } })
        try router.register("blog://post/:slug<slug>") { request in request.complete(request.parameters["slug"]) }
        #expect(router.object(for: url) as? String == slug)
    }
}
