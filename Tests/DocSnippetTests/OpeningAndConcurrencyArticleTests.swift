// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Testing
import URLRouter

/// OpeningAndCompletions.md: the completion, the other ways to open, interceptors.
@Suite("Articles: Opening and completions")
struct OpeningAndCompletionsArticleTests {
    /// The completion gets the handler's value, or the error when nothing matches.
    @Test(arguments: [
        (true, "done 42\n"),
        (false, "notFound No route matches \"shop://item/42\".\n"),
    ])
    func theCompletionGetsTheOutcome(registered: Bool, expected: String) async throws {
        let router = Router()
        if registered {
            try router.register("shop://item/:id") { request in request.complete(request.parameters["id"]) }
        }
        let printed = await capturingPrints {
            router.open("shop://item/42", userInfo: ["source": "push"]) { result in
                switch result {
                case .success(let value): print("done", value ?? "nil")
                case .failure(let error): print(error.code, error.message)
                }
            }
        }
        #expect(printed == expected)
    }

    @Test func valueAndObject() async throws {
        let router = Router()
        try router.register("shop://item/:id") { request in request.complete(request.parameters["id"]) }
        try router.registerObject("shop://item/:id/view") { request in ItemView(id: request.parameters["id"]!) }

        let value = try await router.value(opening: "shop://item/42")
        let view = router.object(for: "shop://item/42/view") as? ItemView
        #expect(value as? String == "42")
        #expect(view == ItemView(id: 42))
    }

    /// The gate sends account pages to the sign-in page when no one is signed in, and lets
    /// the sign-in page itself through; the second interceptor refuses banned URLs.
    @Test(arguments: [
        (false, "account://orders", "success(Optional(\"sign in\"))"),
        (true, "account://orders", "success(Optional(\"orders\"))"),
        (false, "account://login", "success(Optional(\"sign in\"))"),
        (true, "account://orders?banned=1", "failure(Refused \"account://orders?banned=1\" by an interceptor: banned)"),
    ])
    func interceptors(isLoggedIn: Bool, url: String, expected: String) async throws {
        let router = Router()
        let session = Session(isLoggedIn: isLoggedIn)
        try router.register("account://login") { request in request.complete("sign in") }
        try router.register("account://orders") { request in request.complete("orders") }

        struct LoginGate: RouteInterceptor {
            let session: Session
            func intercept(_ open: RouteInterception) -> RouteInterception.Decision {
                guard let pattern = open.pattern, pattern.hasPrefix("account://"),
                      pattern != "account://login", !session.isLoggedIn else { return .proceed }
                return .redirect("account://login")
            }
        }
        router.addInterceptor(LoginGate(session: session))
        router.addInterceptor { open in open.url.contains("banned") ? .refuse("banned") : .proceed }

        let printed = await capturingPrints {
            router.open(url) { result in print(result) }
        }
        #expect(printed == expected + "\n")
    }
}

/// Concurrency.md: a handler that captures its own router, and a batch.
@Suite("Articles: Concurrency")
struct ConcurrencyArticleTests {
    @Test func aHandlerCapturesItsRouterUnowned() throws {
        let router = Router()
        try router.register("app://home") { _ in }
        try router.register("app://refresh") { [unowned router] request in
            request.complete(router.canOpen("app://home"))
        }
        #expect(router.object(for: "app://refresh") as? Bool == true)
    }

    @Test func aBatchPublishesItsChangesAtOnce() throws {
        let router = Router()
        try router.register("shop://legacy/:id") { _ in }
        try router.update { routes in
            try routes.register("shop://item/:id") { request in request.complete(request.parameters["id"]) }
            try routes.registerObject("shop://cart") { _ in "cart" }
            routes.deregister("shop://legacy/:id")
        }
        #expect(router.routes.map(\.pattern).sorted() == ["shop://cart", "shop://item/:id"])
        #expect(router.object(for: "shop://item/42") as? String == "42")
        #expect(router.object(for: "shop://cart") as? String == "cart")
    }

    /// The article's typed form of the closure: `update` then throws `RouteError`, so it fits a function that throws
    /// `RouteError` and its `catch` reads `error.code`.
    @Test func aBatchWithATypedClosureThrowsRouteError() throws {
        func registerCart(on router: Router) throws(RouteError) {
            try router.update { routes throws(RouteError) in
                try routes.register("shop://cart") { request in request.complete("cart") }
            }
        }
        let router = Router()
        try registerCart(on: router)
        do {
            try registerCart(on: router)
            Issue.record("a second cart route was taken")
        } catch {
            #expect(error.code == .conflict)
        }
    }
}
