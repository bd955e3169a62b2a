// swift-format-ignore-file
// The README shows these snippets as written: aligned comments, long lines.
import Testing
import URLRouter

/// The app's sign-in state, as the README's interceptor example uses it.
struct Session: Sendable {
    var isLoggedIn: Bool
}

struct LoginGate: RouteInterceptor {
    let session: Session
    func intercept(_ open: RouteInterception) -> RouteInterception.Decision {
        // account://login is an account:// route too: let it through, or every open loops.
        guard let pattern = open.pattern, pattern.hasPrefix("account://"),
              pattern != "account://login", !session.isLoggedIn else { return .proceed }
        return .redirect("account://login")
    }
}

/// The README's interceptors, run.
@Suite("README: interceptors")
struct InterceptorTests {
    @Test(arguments: [false, true])
    func theLoginGateSendsSignedOutLinksToTheSignInScreen(_ isLoggedIn: Bool) async throws {
        let session = Session(isLoggedIn: isLoggedIn)
        let printed = try await capturingPrints {
            let router = Router()
            try router.registerObject("account://login") { _ in "sign-in screen" }
            try router.registerObject("account://profile/:user") { request in "profile of \(request.parameters["user"]!)" }

            router.addInterceptor(LoginGate(session: session))
            router.addInterceptor { open in open.url.contains("banned") ? .refuse("banned") : .proceed }

            print(router.object(for: "account://profile/ada") ?? "nil")
            router.open("account://profile/banned") { result in print(result) }
        }
        let profile = isLoggedIn ? "profile of ada" : "sign-in screen"
        let banned = isLoggedIn
            ? #"failure(Refused "account://profile/banned" by an interceptor: banned)"#
            : #"success(Optional("sign-in screen"))"#
        #expect(printed == "\(profile)\n\(banned)\n")
    }
}
