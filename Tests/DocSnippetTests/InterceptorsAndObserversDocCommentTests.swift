// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Testing
import URLRouter

/// The app's analytics: here it prints what it is told.
private struct Analytics: Sendable {
    func track(_ name: String, _ outcome: RouteEvent.Outcome) { print("track", name, outcome) }
}

/// The doc comments of RouteInterceptor and the router's interceptor chain, and of RouteEvent
/// and observers.
@Suite("Doc comments: interceptors and observers")
struct InterceptorsAndObserversDocCommentTests {
    /// The gate sends account pages to the sign-in page unless someone is signed in, and lets
    /// the sign-in page through, so that its own redirect is not redirected again.
    @Test(arguments: [
        (false, "account://orders", "success(Optional(\"sign in\"))"),
        (true, "account://orders", "success(Optional(\"orders\"))"),
        (false, "account://login", "success(Optional(\"sign in\"))"),
        (false, "shop://item/42", "success(Optional(\"42\"))"),
    ])
    func aGate(isLoggedIn: Bool, url: String, expected: String) async throws {
        let router = Router()
        try router.register("account://login") { request in request.complete("sign in") }
        try router.register("account://orders") { request in request.complete("orders") }
        try router.register("shop://item/:id") { request in request.complete(request.parameters["id"]) }
        let session = Session(isLoggedIn: isLoggedIn)

        struct LoginGate: RouteInterceptor {
            let session: Session
            func intercept(_ open: RouteInterception) -> RouteInterception.Decision {
                // The sign-in screen is an account:// route too: let it through, or the
                // redirect to it is intercepted again and every open ends in a loop.
                guard let pattern = open.pattern, pattern.hasPrefix("account://"),
                      pattern != "account://login", !session.isLoggedIn else { return .proceed }
                return .redirect("account://login")
            }
        }
        router.addInterceptor(LoginGate(session: session))

        let printed = await capturingPrints {
            router.open(url) { result in print(result) }
        }
        #expect(printed == expected + "\n")
    }

    /// A closure that redirects old links; removing every interceptor ends the redirects.
    @Test func aClosureAndRemovingThemAll() throws {
        let router = Router()
        try router.register("shop://item/:id") { request in request.complete(request.parameters["id"]) }
        router.addInterceptor { open in
            open.url.hasPrefix("legacy://") ? .redirect("shop://" + open.url.dropFirst(9)) : .proceed
        }
        #expect(router.object(for: "legacy://item/42") as? String == "42")

        router.removeAllInterceptors()   // opens reach their handlers unexamined again
        #expect(router.object(for: "legacy://item/42") == nil)
    }

    @Test func anObserverLogsEveryOpen() async throws {
        let router = Router()
        try router.register("shop://item/:id") { request in request.complete(request.parameters["id"]) }
        let printed = await capturingPrints {
            router.addObserver { event in
                log("\(event.outcome) \(event.url) → \(event.pattern ?? "-") in \(event.duration)")
            }
            // handled shop://item/42?ref=<redacted> → shop://item/:id in 1.2e-05 seconds
            router.open("shop://item/42?ref=home")
        }
        #expect(printed.hasPrefix("handled shop://item/42?ref=<redacted> → shop://item/:id in "), "\(printed)")
        #expect(printed.hasSuffix(" seconds\n"), "\(printed)")
    }

    @Test func anObserverForAnalytics() async throws {
        let router = Router()
        let analytics = Analytics()
        try router.register("shop://item/:id") { _ in }
        let printed = await capturingPrints {
            router.addObserver { event in analytics.track(event.pattern ?? "unmatched", event.outcome) }
            router.open("shop://item/42")
            router.open("shop://cart")
        }
        #expect(printed == "track shop://item/:id handled\ntrack unmatched notFound\n")
    }

    @Test func redactingQueryValues() async {
        let values = await evaluate {
            RouteEvent.redactingQueryValues("shop://item/42?ref=mail&token=abc#top")
            // "shop://item/42?ref=<redacted>&token=<redacted>#top"
        }
        #expect(values.first as? String == "shop://item/42?ref=<redacted>&token=<redacted>#top")
    }
}
