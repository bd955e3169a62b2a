import Testing
import URLRouter

/// Failures of older routers (MGJRouter, JLRoutes, URLNavigator and home-grown ones), each
/// pinned by name so that none comes back.
@Suite(.timeLimit(.minutes(1))) struct RegressionTests {
    @Test(arguments: [["shop://item/:id", "shop://item/new"], ["shop://item/new", "shop://item/:id"]])
    func aPlaceholderShadowingALiteral(_ patterns: [String]) throws {
        let router = try patternEchoRouter(patterns)
        #expect(winner(router, "shop://item/new") == "shop://item/new")
        #expect(winner(router, "shop://item/42") == "shop://item/:id")
        #expect(router.match("shop://item/42")?.parameters["id"] == "42")
    }

    @Test func anUnknownMiddleSegmentSkipped() throws {
        let router = try patternEchoRouter(["shop://item/detail", "shop://item/:id/detail"])
        #expect(winner(router, "shop://item/unknown/extra/detail") == nil)
        #expect(winner(router, "shop://detail") == nil)
        #expect(winner(router, "shop://unknown/item/detail") == nil)
        #expect(winner(router, "shop://item/7/detail") == "shop://item/:id/detail")
    }

    @Test func extraTrailingSegmentsFallingBackToAShorterRoute() throws {
        let router = try patternEchoRouter(["shop://item", "shop://item/:id"])
        #expect(winner(router, "shop://item/1/2") == nil)
        #expect(winner(router, "shop://item/1/2/3/4") == nil)
        let log = CompletionLog()
        #expect(!router.open("shop://item/1/edit", completion: log.completion))
        #expect(log.all == [.failure(.notFound)])
    }

    @Test(arguments: [
        "shop://item/1/extra", "shop://itemx", "shop://ite", "shop://item/", "shop:/", "shop", "mall://item/1",
        "shopx://item/1",
    ])
    func canOpenTrueForUnregisteredPaths(_ url: String) throws {
        let router = Router()
        let counter = Counter()
        try router.register("shop://item/:id") { _ in counter.increment() }
        #expect(!router.canOpen(url))
        #expect(!router.open(url))
        #expect(counter.count == 0)
    }

    @Test func aQueryItemOverridingAPathValueOrAReservedField() throws {
        let router = Router()
        let seen = Slot<String>()
        try router.register("shop://item/:id") { request in
            seen.set(
                [
                    request.parameters["id"]!, request.url, request.pattern, "\(request.userInfo["from"] ?? "-")",
                    "\(request.userInfo.count)", "\(request.mergedParameters["id"]!)",
                    "\(request.mergedParameters["from"]!)",
                ].joined(separator: " "))
            request.complete("done")
        }
        let url =
            "shop://item/42?id=7&MGJRouterParameterURL=evil&MGJRouterParameterUserInfo=evil&userInfo=evil&url=evil&pattern=evil&completion=evil&from=evil"
        let log = CompletionLog()
        #expect(router.open(url, userInfo: ["from": "push"], completion: log.completion))
        #expect(seen.get == "42 \(url) shop://item/:id push 1 42 push")
        #expect(log.all == [.value("done")])
    }

    @Test func aNestedURLInAQueryValueBreakingTheMatch() throws {
        let router = Router()
        try router.registerObject("app://web") { $0.parameters["url"] }
        try router.registerObject("app://web/:page") { $0.parameters["page"] }
        #expect(router.object(for: "app://web?url=https://x.com/p?a=1") as? String == "https://x.com/p?a=1")
        #expect(router.object(for: "app://web?url=app://web/evil") as? String == "app://web/evil")
        #expect(router.object(for: "app://web/home?url=https://x.com/a/b/c") as? String == "home")
    }

    @Test func nonASCIIPatternsCollapsing() throws {
        let router = try patternEchoRouter(["shop://家居/:id", "shop://家具/:id", "shop://🎉", "shop://🎊"])
        #expect(winner(router, "shop://家居/1") == "shop://家居/:id")
        #expect(winner(router, "shop://家具/1") == "shop://家具/:id")
        #expect(winner(router, "shop://%E5%AE%B6%E5%85%B7/1") == "shop://家具/:id")
        #expect(winner(router, "shop://🎊") == "shop://🎊")
        #expect(winner(router, "shop://%F0%9F%8E%89") == "shop://🎉")
        #expect(winner(router, "shop://其他/1") == nil)
        #expect(router.routes.count == 4)
    }

    @Test func percentEncodedSlashSplittingASegment() throws {
        let router = Router()
        try router.registerObject("files://open/:path") { $0.parameters["path"] }
        #expect(router.object(for: "files://open/docs%2Freport.pdf") as? String == "docs/report.pdf")
        #expect(router.match("files://open/docs/report.pdf") == nil)
    }

    @Test func aValueWithAPercentSignDropped() throws {
        let router = Router()
        try router.registerObject("pay://discount/:amount") { request in
            "\(request.parameters["amount"] ?? "nil") \(request.parameters["note"] ?? "nil")"
        }
        #expect(router.object(for: "pay://discount/100%?note=100%") as? String == "100% 100%")
        #expect(router.object(for: "pay://discount/50%25?note=%zz") as? String == "50% %zz")
        #expect(
            router.match("pay://discount/100%?note=100%")?.parameters.dictionary == ["amount": "100%", "note": "100%"])
    }

    @Test func deregisteringARouteRemovingItsChildren() throws {
        let router = try patternEchoRouter([
            "shop://item", "shop://item/:id", "shop://item/:id/edit", "shop://item/new",
        ])
        #expect(router.deregister("shop://item"))
        #expect(winner(router, "shop://item") == nil)
        #expect(winner(router, "shop://item/1") == "shop://item/:id")
        #expect(winner(router, "shop://item/1/edit") == "shop://item/:id/edit")
        #expect(winner(router, "shop://item/new") == "shop://item/new")
        #expect(router.deregister("shop://item/:id"))
        #expect(winner(router, "shop://item/1/edit") == "shop://item/:id/edit")
    }

    @Test func twoPlaceholdersAtOneLevelSilentlyShadowingEachOther() throws {
        let router = Router()
        try router.registerObject("shop://item/:id") { _ in "id" }
        let error = caught { try router.registerObject("shop://item/:name") { _ in "name" } }
        #expect(error?.code == .conflict)
        #expect(error?.message.contains("\"shop://item/:id\"") == true)
        #expect(router.object(for: "shop://item/x") as? String == "id")
        #expect(router.match("shop://item/x")?.parameters.path == ["id": "x"])
    }

    @Test(arguments: [
        ("shop://missing", RouteError.Code.notFound), ("shop://item/1/2", .notFound), ("", .notFound),
        ("%%", .notFound), ("x://" + String(repeating: "a/", count: 100), .limitExceeded),
    ])
    func theCompletionNeverCalledOnAMiss(_ url: String, code: RouteError.Code) async throws {
        let router = Router()
        try router.register("shop://item/:id") { $0.complete("hit") }
        let log = CompletionLog()
        #expect(!router.open(url, completion: log.completion))
        #expect(log.all == [.failure(code)])
        let error = await #expect(throws: RouteError.self) { try await router.value(opening: url) }
        #expect(error?.code == code)
    }

    @Test func aSchemeFallbackThatNeverFires() throws {
        let router = try patternEchoRouter(["mgj://", "mgj://foo/bar"])
        #expect(winner(router, "mgj://foo/bar") == "mgj://foo/bar")
        #expect(winner(router, "mgj://foo/bar/baz") == "mgj://")
        #expect(winner(router, "mgj://anything") == "mgj://")
        #expect(winner(router, "MGJ://") == "mgj://")
        #expect(winner(router, "other://foo/bar") == nil)
    }
}
