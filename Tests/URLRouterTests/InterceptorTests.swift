import Synchronization
import Testing

@testable import URLRouter

@Suite("Interceptors")
struct InterceptorTests {
    struct LoginGate: RouteInterceptor {
        let loggedIn: Bool
        func intercept(_ open: RouteInterception) -> RouteInterception.Decision {
            guard open.pattern?.hasPrefix("account://") == true, open.pattern != "account://login", !loggedIn else {
                return .proceed
            }
            return .redirect("account://login?next=\(open.url)")
        }
    }

    static func makeRouter() throws -> Router {
        let router = Router()
        try router.registerObject("account://orders") { _ in "orders" }
        try router.registerObject("account://login") { request in "login next=\(request.parameters["next"] ?? "-")" }
        try router.registerObject("shop://item/:id") { request in "item \(request.parameters["id"]!)" }
        return router
    }

    @Test func loginGateRedirects() throws {
        let router = try Self.makeRouter()
        router.addInterceptor(LoginGate(loggedIn: false))
        #expect(router.outcomes("account://orders") == [.value("login next=account://orders")])
        #expect(router.outcomes("shop://item/1") == [.value("item 1")])
    }

    @Test func refusalReachesTheCompletion() throws {
        let router = try Self.makeRouter()
        router.addInterceptor { open in open.url.contains("blocked") ? .refuse("blocked by policy") : .proceed }
        #expect(router.outcomes("shop://item/blocked") == [.failure(.refused)])
        #expect(router.outcomes("shop://item/ok") == [.value("item ok")])
    }

    @Test func chainRunsInOrderAndFirstDecisionWins() throws {
        let router = try Self.makeRouter()
        let seen = Recorder<String>()
        router.addInterceptor { _ in
            seen.record("first"); return .proceed
        }
        router.addInterceptor { _ in
            seen.record("second"); return .refuse("no")
        }
        router.addInterceptor { _ in
            seen.record("third"); return .proceed
        }
        #expect(router.outcomes("shop://item/1") == [.failure(.refused)])
        #expect(seen.values == ["first", "second"])
    }

    @Test func unmatchedURLsCanBeRedirected() throws {
        let router = try Self.makeRouter()
        router.addInterceptor { open in
            open.match == nil && open.url.hasPrefix("legacy://")
                ? .redirect("shop://item/" + open.url.dropFirst(9)) : .proceed
        }
        #expect(router.outcomes("legacy://9") == [.value("item 9")])
    }

    @Test("redirect loops are detected and refused", arguments: [1, 2, 5])
    func loops(length: Int) throws {
        let router = Router()
        for index in 0..<length {
            try router.registerObject("loop://\(index)") { _ in "reached" }
        }
        router.addInterceptor { open in
            let index = Int(open.url.dropFirst("loop://".count))!
            return .redirect("loop://\((index + 1) % length)")
        }
        #expect(router.outcomes("loop://0") == [.failure(.redirectLoop)])
        let message = Recorder<String>()
        router.open("loop://0") { result in message.record("\(result)") }
        #expect(message.values.first?.contains("Redirect loop: \"loop://0\" → ") == true, "\(message.values)")
    }

    /// A chain of 16 redirects is followed to its end; one redirect more is refused as a loop.
    @Test(
        "redirect chains up to 16 long are followed",
        arguments: [(16, Outcome.value("reached 16")), (17, .failure(.redirectLoop))])
    func redirectChainLength(redirects: Int, expected: Outcome) throws {
        let router = Router()
        try router.registerObject("chain://:step<int>") { request in "reached \(request.parameters["step"]!)" }
        router.addInterceptor { open in
            let step = Int(open.url.dropFirst("chain://".count))!
            return step < redirects ? .redirect("chain://\(step + 1)") : .proceed
        }
        #expect(router.outcomes("chain://0") == [expected])
        let message = Recorder<String>()
        router.open("chain://0") { result in message.record("\(result)") }
        // No URL repeats: the message says the chain is too long, not that it loops.
        #expect(message.values.first?.contains("Over 16 redirects: \"chain://0\" → ") == (redirects == 17))
        #expect(message.values.first?.contains("loop") == false)
    }

    @Test func interceptorsSeeTheSourceAndTheOpenersUserInfo() throws {
        let router = try Self.makeRouter()
        let seen = Recorder<String>()
        router.addInterceptor { open in
            seen.record("\(open.source) \(open.userInfo["from"] as? String ?? "-")")
            return open.source == .external ? .refuse("not from outside") : .proceed
        }
        #expect(router.outcomes("shop://item/1", userInfo: ["from": "push"]) == [.value("item 1")])
        #expect(router.outcomes("shop://item/2", source: .external, userInfo: ["from": "web"]) == [.failure(.refused)])
        #expect(seen.values == ["internal push", "external web"])
    }

    /// A redirect starts the pipeline again: the URL it leads to from outside must pass the
    /// external scheme list and the access rules of its own route.
    @Test func aRedirectFromOutsideMeetsTheSchemeListAndAccessRulesAgain() throws {
        let router = Router(options: .init(allowedExternalSchemes: ["shop"]))
        try router.registerObject("shop://admin", access: .internal) { _ in "admin" }
        try router.registerObject("account://orders") { _ in "orders" }
        router.addInterceptor { open in
            switch open.url {
            case "shop://old-orders": .redirect("account://orders")
            case "shop://old-admin": .redirect("shop://admin")
            default: .proceed
            }
        }
        #expect(router.outcomes("shop://old-orders") == [.value("orders")])
        #expect(router.outcomes("shop://old-admin") == [.value("admin")])
        #expect(router.outcomes("shop://old-orders", source: .external) == [.failure(.refused)])
        #expect(router.outcomes("shop://old-admin", source: .external) == [.failure(.refused)])
    }

    /// An internal-only route opened from outside is refused before any interceptor sees it: a
    /// login gate that redirects to sign-in, with the URL to open next, would otherwise answer a
    /// link from outside with success and carry the internal URL on.
    @Test func anInternalOnlyRouteOpenedFromOutsideIsRefusedBeforeTheChain() throws {
        let router = Router()
        try router.registerObject("account://debug/reset", access: .internal) { _ in "reset" }
        try router.registerObject("account://login") { request in request.parameters["next"] }
        let seen = Recorder<String>()
        router.addInterceptor { open in
            seen.record(open.url)
            guard open.url.hasPrefix("account://login") == false else { return .proceed }
            return .redirect("account://login?next=" + open.url)
        }
        #expect(router.outcomes("account://debug/reset", source: .external) == [.failure(.refused)])
        #expect(seen.values.isEmpty)
        #expect(router.outcomes("account://debug/reset") == [.value("account://debug/reset")])
        #expect(seen.values == ["account://debug/reset", "account://login?next=account://debug/reset"])
    }

    /// A decline passes the open to another route: the chain sees that route before it runs,
    /// so a gate that refuses a pattern is not passed by a handler of another pattern declining.
    /// When every route declined, the chain is not asked again: the open ends as `declined`.
    @Test func theRouteADeclinePassesToIsInterceptedToo() throws {
        let router = Router()
        try router.register("admin://panel/new") { $0.decline() }
        try router.register("admin://panel/:id") { $0.complete("panel") }
        try router.register("admin://help") { $0.decline() }
        let seen = Recorder<String>()
        router.addInterceptor { open in
            seen.record(open.pattern ?? "-")
            return open.pattern == "admin://panel/:id" ? .refuse("admins only") : .proceed
        }
        #expect(router.outcomes("admin://panel/new") == [.failure(.refused)])
        #expect(seen.values == ["admin://panel/new", "admin://panel/:id"])
        #expect(router.outcomes("admin://help") == [.failure(.declined)])
        #expect(seen.values.last == "admin://help")
    }

    @Test func interceptorsCanBeAddedWhileOpening() throws {
        let router = try Self.makeRouter()
        let added = Atomic<Bool>(false)
        try router.register("shop://add") { [unowned router] _ in
            if !added.exchange(true, ordering: .relaxed) {
                router.addInterceptor { $0.url == "shop://item/x" ? .refuse("added later") : .proceed }
            }
        }
        #expect(router.open("shop://add"))
        #expect(router.outcomes("shop://item/x") == [.failure(.refused)])
    }

    @Test func anOpenOverALimitFailsBeforeAnyInterceptorSeesIt() throws {
        let router = Router(options: .init(limits: .init(maxURLLength: 64)))
        try router.register("app://notfound") { request in request.complete("fallback") }
        let seen = Recorder<String>()
        router.addInterceptor { open in
            seen.record(open.url)
            return open.match == nil ? .redirect("app://notfound") : .proceed
        }
        let events = Recorder<RouteEvent.Outcome>()
        router.addObserver { events.record($0.outcome) }
        #expect(router.outcomes("app://x/" + String(repeating: "a", count: 100)) == [.failure(.limitExceeded)])
        #expect(events.values == [.limitExceeded])
        #expect(seen.values.isEmpty)
        // A redirect to a URL over a limit fails the same way.
        router.removeAllInterceptors()
        let far = "app://" + String(repeating: "b", count: 100)
        router.addInterceptor { open in open.url == "app://go" ? .redirect(far) : .proceed }
        #expect(router.outcomes("app://go") == [.failure(.limitExceeded)])
    }

    @Test func removeAllInterceptorsLeavesRoutesAndLetsOpensThrough() throws {
        let router = try Self.makeRouter()
        router.addInterceptor(LoginGate(loggedIn: false))
        router.addInterceptor { open in open.url.contains("blocked") ? .refuse("blocked by policy") : .proceed }
        #expect(router.outcomes("shop://item/blocked") == [.failure(.refused)])
        router.removeAllInterceptors()
        #expect(router.outcomes("shop://item/blocked") == [.value("item blocked")])
        #expect(router.outcomes("account://orders") == [.value("orders")])
        #expect(router.routes.count == 3)
    }
}
