import struct Foundation.URL

extension Router {
    /// ``open(_:source:userInfo:completion:)`` for a Foundation `URL`.
    ///
    /// ```swift
    /// router.open(URL(string: "shop://item/42")!)
    /// ```
    @discardableResult
    public func open(
        _ url: URL, source: RouteSource = .internal, userInfo: [String: any Sendable] = [:],
        completion: (@Sendable (Result<Any?, RouteError>) -> Void)? = nil
    ) -> Bool { open(url.routerText, source: source, userInfo: userInfo, completion: completion) }

    /// ``object(for:source:userInfo:)`` for a Foundation `URL`: `router.object(for: url) as? ItemView`.
    public func object(for url: URL, source: RouteSource = .internal, userInfo: [String: any Sendable] = [:]) -> Any? {
        object(for: url.routerText, source: source, userInfo: userInfo)
    }

    /// ``canOpen(_:source:)`` for a Foundation `URL`: `router.canOpen(URL(string: "shop://item/42")!)`.
    public func canOpen(_ url: URL, source: RouteSource = .internal) -> Bool { canOpen(url.routerText, source: source) }

    /// ``match(_:)`` for a Foundation `URL`: `router.match(url)?.pattern`.
    public func match(_ url: URL) -> RouteMatch? { match(url.routerText) }

    /// ``match(_:as:)-(String,_)`` for a Foundation `URL`: `router.match(url, as: ItemRoute.self)?.id`.
    public func match<Route: URLRoute>(_ url: URL, as type: Route.Type) -> Route? { match(url.routerText, as: type) }

    /// ``value(opening:source:userInfo:isolation:)-(String,_,_,_)`` for a Foundation `URL`:
    /// `try await router.value(opening: url)`.
    public func value(
        opening url: URL, source: RouteSource = .internal, userInfo: [String: any Sendable] = [:],
        isolation: isolated (any Actor)? = #isolation
    ) async throws(RouteError) -> sending Any? {
        try await value(opening: url.routerText, source: source, userInfo: userInfo, isolation: isolation)
    }
}

extension URL {
    /// `absoluteString`, but a custom scheme's host that Foundation spells in punycode (`shop://家居` as `xn--fctwm`)
    /// percent-encoded, as a `String` spells it; web links keep `xn--`, their registered form. Only a host written as
    /// `host(percentEncoded: false)` is respelled: that may be the decoded host, a prefix of the raw one (`x%25`).
    var routerText: String {
        guard let scheme, !["http", "https"].contains(scheme.lowercased()), let ace = host(percentEncoded: false),
            let host = host(percentEncoded: true), ace != host, absoluteString.hasPrefix("\(scheme)://\(ace)")
        else { return absoluteString }
        let rest = absoluteString.dropFirst(scheme.count + 3 + ace.count)
        return rest.first.map { "/?#:".contains($0) } == false ? absoluteString : "\(scheme)://\(host)" + rest
    }
}
