import Foundation
import Testing
import URLRouter

/// What ComingFromOtherRouters.md promises a user of MGJRouter, JLRoutes, URLNavigator or
/// CTMediator, each done the way the article says (URLNavigator and CTMediator in the next file).
@Suite(.timeLimit(.minutes(1))) struct MigrationClaimsTests {
    // MARK: MGJRouter

    @Test func mgjObjectForURLWithUserInfo() throws {
        let router = Router()
        try router.registerObject("mgj://search/:keyword") { request in
            "\(request.parameters["keyword"]!) for \(request.userInfo["user"] as? String ?? "-") at \(request.url)"
        }
        let object = router.object(for: "mgj://search/tea", userInfo: ["user": "ann"]) as? String
        #expect(object == "tea for ann at mgj://search/tea")
    }

    @Test func mgjCompletionFromAnotherThreadRunsOnce() throws {
        let router = Router()
        let done = DispatchSemaphore(value: 0)
        try router.register("mgj://load") { request in
            Thread {
                request.complete("loaded")
                request.complete("again")
                done.signal()
            }.start()
        }
        let log = CompletionLog()
        #expect(router.open("mgj://load", completion: log.completion))
        done.wait()
        #expect(log.all == [.value("loaded")])
    }

    /// `MGJ_ROUTER_WILDCARD_CHARACTER` (`~`) takes any one segment there; here `~` is a literal
    /// and `*` (or a placeholder) is the one-segment wildcard.
    @Test func mgjWildcardCharacterIsStar() throws {
        let router = try patternEchoRouter(["mgj://~/detail", "mgj://*/help"])
        #expect(winner(router, "mgj://shop/detail") == nil)
        #expect(winner(router, "mgj://~/detail") == "mgj://~/detail")
        #expect(winner(router, "mgj://shop/help") == "mgj://*/help")
        #expect(winner(router, "mgj://shop/help/more") == nil)
        #expect(caught { try router.registerObject("~://search") { _ in nil } }?.code == .invalidPattern)
        try router.registerObject("/search") { $0.pattern }
        #expect(winner(router, "any://search") == "/search")
    }

    @Test func mgjDeregisterAndGenerate() throws {
        let router = Router()
        try router.register("mgj://user/:id/:tab") { $0.complete(nil) }
        let link = try router.url(for: "mgj://user/:id/:tab", parameters: ["tab": "info", "id": "7"])
        #expect(link == "mgj://user/7/info")
        #expect(router.deregister("mgj://user/:uid/:page"))  // by shape: the names do not matter
        #expect(!router.canOpen("mgj://user/7/info"))
        #expect(!router.deregister("mgj://user/:id/:tab"))
    }

    @Test func mgjQueryNeverOverwritesThePath() throws {
        let router = Router()
        try router.registerObject("mgj://user/:id") { request in request.parameters["id"] }
        #expect(router.object(for: "mgj://user/1?id=2") as? String == "1")
        #expect(router.match("mgj://user/1?id=2")?.parameters.queryItems == [RouteQueryItem(name: "id", value: "2")])
    }

    @Test func mgjExtraSegmentsNeedADoubleStar() throws {
        let router = try patternEchoRouter(["mgj://foo/:bar"])
        #expect(winner(router, "mgj://foo/baz/extra") == nil)
        try router.registerObject("mgj://foo/:bar/**") { request in request.wildcard.joined(separator: ",") }
        #expect(router.object(for: "mgj://foo/baz/extra/more") as? String == "extra,more")
    }

    /// A value completed after the handler returned reaches `open`'s completion, not `object(for:)`.
    @Test func mgjLateCompletionReachesOpenOnly() throws {
        let router = Router()
        let kept = Slot<RouteRequest>()
        try router.register("mgj://late") { request in kept.set(request) }
        try router.register("mgj://silent") { _ in }
        #expect(router.object(for: "mgj://late") == nil)
        let log = CompletionLog()
        #expect(router.open("mgj://late", completion: log.completion))
        #expect(log.all.isEmpty)
        kept.get?.complete("late")
        #expect(log.all == [.value("late")])
        #expect(router.outcomes("mgj://silent") == [.value(nil)])
        kept.set(nil)  // the request keeps the table, whose handler keeps `kept`
    }

    // MARK: JLRoutes

    @Test func jlGlobalRoutesServeEverySchemeAfterTheSchemesOwn() throws {
        let router = try patternEchoRouter(["/user/view/:userID", "thing://user/view/:userID"])
        #expect(winner(router, "thing://user/view/5") == "thing://user/view/:userID")
        #expect(winner(router, "other://user/view/5") == "/user/view/:userID")
        #expect(winner(router, "other:user/view/5") == "/user/view/:userID")
        // The host is the first segment even when dotted: a web link needs its host as an origin.
        #expect(winner(router, "https://example.com/user/view/5") == nil)
        try router.registerObject("user/view/:userID", origins: [.web("example.com")]) { $0.pattern }
        #expect(winner(router, "https://example.com/user/view/5") == "https://example.com/user/view/:userID")
    }

    @Test func jlAHigherPriorityGlobalRouteWinsFirst() throws {
        let router = Router()
        try router.registerObject("/user/view/:userID", priority: 1) { _ in "global" }
        try router.registerObject("thing://user/view/:userID") { _ in "thing" }
        #expect(router.object(for: "thing://user/view/5") as? String == "global")
    }

    @Test func jlAHandlerReturningNoDeclines() throws {
        let router = Router()
        try router.register("thing://user/view/:userID") { request in request.decline() }
        try router.register("/user/view/:userID") { request in request.complete("global") }
        #expect(router.outcomes("thing://user/view/5") == [.value("global")])
        try router.register("only://x") { request in request.decline() }
        #expect(router.outcomes("only://x") == [.failure(.declined)])
        #expect(!router.open("only://x"))
    }

    @Test(arguments: [
        ("x://the", "-,-"), ("x://the/foo/1", "1,-"), ("x://the/bar/2", "-,2"), ("x://the/foo/1/bar/2", "1,2"),
    ])
    func jlOptionalGroups(_ url: String, _ expected: String) throws {
        let router = Router()
        try router.registerObject("/the(/foo/:a)(/bar/:b)") { request in
            "\(request.parameters["a"] ?? "-"),\(request.parameters["b"] ?? "-")"
        }
        #expect(router.object(for: url) as? String == expected)
        #expect(router.routes.count == 1)
    }

    @Test(arguments: [("x://wildcard/a/b%20c", ["a", "b c"]), ("x://wildcard", [])])
    func jlWildcardComponents(_ url: String, _ expected: [String]) throws {
        let router = Router()
        try router.registerObject("/wildcard/**") { request in request.wildcard }
        #expect(router.object(for: url) as? [String] == expected)
    }

    @Test(arguments: ["a://b/c", "tel:123", "x://", "other://deep/path/of/many/segments?q=1"])
    func jlUnmatchedURLHandlerTakesEveryOtherURL(_ url: String) throws {
        let router = Router()
        try router.register("**", priority: -1) { request in request.complete("no page for \(request.url)") }
        try router.register("shop://") { request in request.complete("shop fallback") }
        #expect(router.canOpen(url))
        #expect(router.outcomes(url) == [.value("no page for \(url)")])
        #expect(router.outcomes("shop://anything") == [.value("shop fallback")])
    }

    @Test(arguments: ["a://b/../c", "a://b/.", "a://x%2F..%2Fb", "a://%2Fetc"])
    func jlUnmatchedURLHandlerMissesDotSegments(_ url: String) throws {
        let router = Router()
        try router.register("**", priority: -1) { request in request.complete("caught") }
        #expect(!router.canOpen(url))
        #expect(router.outcomes(url) == [.failure(.notFound)])
    }

    @Test func jlUnmatchedURLsWatchedByAnObserver() throws {
        let router = Router()
        let missed = Recorder<String>()
        router.addObserver { event in if event.outcome == .notFound { missed.record(event.url) } }
        try router.register("shop://cart") { $0.complete(nil) }
        router.open("shop://cart")
        router.open("shop://nothing?token=abc")
        #expect(missed.values == ["shop://nothing?token=<redacted>"])
    }

    @Test func jlPatternAndURLKeys() throws {
        let router = Router()
        try router.registerObject("/user/view/:userID") { request in "\(request.pattern) \(request.url)" }
        let object = router.object(for: "thing://user/view/5?a=1") as? String
        #expect(object == "/user/view/:userID thing://user/view/5?a=1")
    }

    @Test func jlRouteURLWithParameters() throws {
        let router = Router()
        try router.registerObject("thing://user/view/:userID") { request in
            "\(request.mergedParameters["userID"]!) \(request.mergedParameters["from"]!) \(request.parameters["from"] ?? "-")"
        }
        #expect(router.object(for: "thing://user/view/5", userInfo: ["from": "push"]) as? String == "5 push -")
    }

    /// `[JLRoutes unregisterRouteScheme:]`: no call of its own; deregister the scheme's routes
    /// from the listing, in one batch.
    @Test func jlRemovingAllOfASchemesRoutes() throws {
        let router = try patternEchoRouter(["thing://a", "thing://b/:id", "/c", "other://a"])
        let thing = router.routes.filter { $0.pattern.hasPrefix("thing://") }
        router.update { routes in
            for route in thing { routes.deregister(route.pattern, origins: route.origins) }
        }
        #expect(router.routes.map(\.pattern).sorted() == ["/c", "other://a"])
    }

    /// JLRoutes decodes `+` as a space by default; here that takes `formDecoding: true`.
    @Test(arguments: [(false, "a+b c+d"), (true, "a b c+d")])
    func jlPlusSymbols(_ formDecoding: Bool, _ expected: String) throws {
        let router = Router(options: .init(formDecoding: formDecoding))
        try router.registerObject("thing://search") { request in
            "\(request.parameters["q"]!) \(request.fragment ?? "-")"
        }
        #expect(router.object(for: "thing://search?q=a+b#c+d") as? String == expected)
    }
}
