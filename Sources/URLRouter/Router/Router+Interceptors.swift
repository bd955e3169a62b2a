/// Sees an open after its route's access rules, before its handler, and lets it proceed, redirects or refuses it.
///
/// ```swift
/// struct LoginGate: RouteInterceptor {
///     let session: Session
///     func intercept(_ open: RouteInterception) -> RouteInterception.Decision {
///         // The sign-in screen is an account:// route too: let it through, or the
///         // redirect to it is intercepted again and every open ends in a loop.
///         guard let pattern = open.pattern, pattern.hasPrefix("account://"),
///               pattern != "account://login", !session.isLoggedIn else { return .proceed }
///         return .redirect("account://login")
///     }
/// }
/// router.addInterceptor(LoginGate(session: session))
/// ```
public protocol RouteInterceptor: Sendable {
    /// Decides what happens to one open. Runs on the opener's thread, before the handler.
    func intercept(_ open: RouteInterception) -> RouteInterception.Decision
}

/// One open, as interceptors see it: `open.pattern` is where it would go, `open.source` where it comes from.
public struct RouteInterception: Sendable {
    /// What an interceptor decides: `.proceed`, `.redirect("account://login")` or `.refuse("signed out")`.
    public enum Decision: Sendable, Hashable {
        /// Go on to the next interceptor, then the handler.
        case proceed
        /// Open this URL instead (the chain starts again for it); a loop, or a 17th redirect, fails: `.redirectLoop`.
        case redirect(String)
        /// Refuse the open; the completion gets ``RouteError/Code/refused``: `Refused "…" by an interceptor: signed out`.
        case refuse(String)
    }

    /// The URL being opened: `account://orders`.
    public let url: String
    /// The route it would reach; nil when nothing matches (an interceptor may still redirect).
    public let match: RouteMatch?
    /// Where the open comes from: `.external` for a link from outside the app.
    public let source: RouteSource
    /// The opener's extras: what `open(url, userInfo: ["animated": true])` passed.
    public let userInfo: [String: any Sendable]

    /// The pattern it would reach: `shop://item/:id` for `shop://item/42`; nil when nothing matches.
    public var pattern: String? { match?.pattern }
}

extension Router {
    /// Appends an interceptor to the chain; interceptors run in the order they were added.
    ///
    /// ```swift
    /// router.addInterceptor(LoginGate(session: session))
    /// ```
    public func addInterceptor(_ interceptor: any RouteInterceptor) { addInterceptor { interceptor.intercept($0) } }

    /// Appends an interceptor made from a closure.
    ///
    /// ```swift
    /// router.addInterceptor { open in
    ///     open.url.hasPrefix("legacy://") ? .redirect("shop://" + open.url.dropFirst(9)) : .proceed
    /// }
    /// ```
    public func addInterceptor(_ intercept: @escaping @Sendable (RouteInterception) -> RouteInterception.Decision) {
        try? mutate { state in state.hooks.interceptors.append(intercept) }
    }

    /// Removes every interceptor; routes, observers and parameter types stay.
    ///
    /// ```swift
    /// router.removeAllInterceptors()   // opens reach their handlers unexamined again
    /// ```
    public func removeAllInterceptors() { try? mutate { state in state.hooks.interceptors.removeAll() } }
}

extension RouteTable {
    /// Runs the chain: the first decision other than `.proceed` wins. Not run when every route declined.
    func intercept(
        _ url: String, match: RouteMatch?, declined: Bool, source: RouteSource, userInfo: [String: any Sendable]
    ) -> RouteInterception.Decision {
        guard match != nil || !declined else { return .proceed }
        let open = RouteInterception(url: url, match: match, source: source, userInfo: userInfo)
        return hooks.interceptors.lazy.map { $0(open) }.first { $0 != .proceed } ?? .proceed
    }
}
