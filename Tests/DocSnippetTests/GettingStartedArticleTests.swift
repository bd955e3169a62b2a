// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Testing
import URLRouter

/// The landing page's example (URLRouter.md).
@Suite("Articles: URLRouter")
struct URLRouterArticleTests {
    @Test func overviewPrintsTheItem() async throws {
        let printed = try await capturingPrints {
            let router = Router()
            try router.register("shop://item/:id<int>") { request in
                request.complete("item \(request.parameters["id"]!)")
            }
            router.open("shop://item/42?ref=home") { result in print(result) }   // success(Optional("item 42"))
        }
        #expect(printed == "success(Optional(\"item 42\"))\n")
    }
}

/// GettingStarted.md: register at start-up, open from anywhere, make links. The package's only
/// test that registers routes on `Router.shared`; it removes them again.
@Suite("Articles: Getting started")
struct GettingStartedArticleTests {
    @Test func registerOpenAndMakeLinks() async throws {
        let router = Router.shared
        defer { router.removeAll() }

        try router.register("shop://item/:id<int>") { request in
            let source = request.userInfo["source"] as? String ?? "-"
            request.complete("item \(request.parameters["id"]!) from \(source)")
        }
        try router.registerObject("shop://item/:id<int>/view") { request in
            ItemView(id: request.parameters.int("id")!, referrer: request.parameters["ref"])
        }

        var values: [Any] = []
        let printed = try await capturingPrints {
            values = try await evaluate {
                router.open("shop://item/42", userInfo: ["source": "push"]) { result in
                    print(result)                      // success(Optional("item 42 from push"))
                }
                let view = router.object(for: "shop://item/42/view") as? ItemView
                let value = try await router.value(opening: "shop://item/7")
                print(router.canOpen("shop://item/abc"))                         // false: "abc" is not an int
                print(router.match("shop://item/42")?.parameters["id"] ?? "-")   // 42, runs nothing
                view
                value
            }
        }
        #expect(printed == "success(Optional(\"item 42 from push\"))\nfalse\n42\n")
        // The open's result, then `view` and `value` (the prints give no value).
        try #require(values.count == 3)
        #expect(values[0] as? Bool == true)
        #expect(values[1] as? ItemView == ItemView(id: 42))
        #expect(values[2] as? String == "item 7 from -")

        let link = try router.url(for: "shop://item/:id<int>", parameters: ["id": "7", "ref": "mail"])
        // "shop://item/7?ref=mail"
        #expect(link == "shop://item/7?ref=mail")
        #expect(router.match(link)?.parameters.dictionary == ["id": "7", "ref": "mail"])
    }
}

/// ComingFromOtherRouters.md: an MGJRouter registration and open.
@Suite("Articles: Coming from other routers")
struct ComingFromOtherRoutersArticleTests {
    @Test func mgjRouterCallsPrintTheValue() async throws {
        let router = Router()
        let printed = try await capturingPrints {
            try router.register("mgj://foo/:bar") { request in
                request.complete("bar is \(request.parameters["bar"]!)")
            }
            router.open("mgj://foo/baz", userInfo: ["from": "home"]) { result in
                print(result)   // success(Optional("bar is baz"))
            }
        }
        #expect(printed == "success(Optional(\"bar is baz\"))\n")
    }
}
