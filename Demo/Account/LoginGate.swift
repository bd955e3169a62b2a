import Synchronization
import URLRouter

/// Whether someone is signed in, shared by every caller in the process. The demo starts signed
/// in; `account://logout` signs out.
final class AccountSession: Sendable {
    static let shared = AccountSession()

    private let signedIn = Atomic(true)

    var isSignedIn: Bool { signedIn.load(ordering: .acquiring) }

    func signOut() { signedIn.store(false, ordering: .releasing) }
}

/// Sends every link to an `account://` pattern to the sign-in screen while nobody is signed in,
/// with the link it stopped in `next` (`account://about` reaches the scheme-less `/about`: not gated).
///
/// The sign-in screen and sign-out are themselves `account://` routes, so they are let through:
/// otherwise the redirect to `account://login` would be intercepted again, and every open
/// would end in a redirect loop.
struct LoginGate: RouteInterceptor {
    /// The routes a signed-out user may open.
    static let openPatterns: Set<String> = [AccountModule.loginPattern, "account://logout"]

    let session: AccountSession
    /// Prints the redirect. `unowned`: the router keeps its interceptors, and runs this one only while it lives.
    unowned let router: Router

    func intercept(_ open: RouteInterception) -> RouteInterception.Decision {
        guard let pattern = open.pattern, pattern.hasPrefix("account://"),
            !Self.openPatterns.contains(pattern), !session.isSignedIn
        else { return .proceed }
        // `url(for:)` percent-encodes the link, so that its own `?`, `&` and `#` stay inside `next`.
        // A link too long to carry within the router's limits lands on the sign-in screen without it.
        let signIn = try? router.url(for: AccountModule.loginPattern, parameters: ["next": open.url])
        return .redirect(signIn ?? AccountModule.loginPattern)
    }
}
