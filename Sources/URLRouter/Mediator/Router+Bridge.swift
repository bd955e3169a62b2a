extension Router {
    /// Routes `pattern` to a target-action: `open` and `object(for:)` call `action` on `target` with the request's
    /// ``RouteRequest/mergedParameters`` (query < path and `**` < userInfo), and the action's value is what
    /// `object(for:)` returns and the open's completion receives.
    ///
    /// ```swift
    /// try router.register("shop://item/:id", target: "Shop", action: "itemView", on: mediator)
    /// let view = router.object(for: "shop://item/42?ref=home")   // itemView(["id": "42", "ref": "home"])
    /// ```
    ///
    /// `mediator` defaults to ``Mediator/shared``: pass the mediator your targets are registered on. The target is
    /// looked up when a URL is opened, not here, so a missing target or action reaches the mediator's fallbacks, then
    /// fails the open with `.targetNotFound` or `.actionNotFound`. An external open (``RouteSource/external``) is a
    /// remote call: a `target` or `action` that is empty or holds `/` or a control character, `native…` actions and
    /// what the mediator's ``Mediator/remotePolicy`` refuses fail with `.refused`, the policy seeing the URL's
    /// parameters only (with `**` as the action sees it). `canOpen` and `explain` apply the same rules. With `origins`,
    /// `pattern` is the path alone (`"item/:id"`), served under each ``LinkOrigin``.
    ///
    /// - Throws: what ``register(_:origins:priority:access:replacing:handler:)`` throws for `pattern` and `origins`.
    public func register(
        _ pattern: String, origins: [LinkOrigin]? = nil, target: String, action: String,
        on mediator: Mediator = .shared,
        priority: Int = 0, access: RouteAccess = .public, replacing: Bool = false
    ) throws(RouteError) {
        let (handler, check) = Self.bridge(target: target, action: action, on: mediator)
        try add(
            pattern, origins: LinkOrigin.given(origins, path: pattern), priority: priority, access: access,
            replacing: replacing, handler: handler, externalCheck: check)
    }

    /// The handler and external check of a route bridged to `action` on `target`. `params` gives the call's parameters,
    /// or nil when the request declined.
    static func bridge(
        target: String, action: String, on mediator: Mediator,
        params: @escaping @Sendable (RouteRequest) -> [String: Any]? = { $0.mergedParameters }
    ) -> (Route.Handler, Route.ExternalCheck) {
        let handler: @Sendable (RouteRequest) -> Any? = { request in
            guard let params = params(request) else { return nil }
            let result = mediator.performResult(target: target, action: action, params: params)
            if case .failure(let error) = result { request.fail(error) }
            return try? result.get()
        }
        let externalCheck: Route.ExternalCheck = { match in
            let call = RemoteCall(
                url: match.url, scheme: URLScanner.scheme(of: match.url).lowercased(), target: target, action: action,
                parameters: match.parametersWithWildcard)
            // A typed request's array field reads every item of a name the query repeats, where `parameters` keeps the
            // last: the policy sees each of them in turn, unless the path gives the name (`**` too, for a `**` route).
            let items = match.parameters.queryItems.filter {
                match.parameters.pathValue($0.name) == nil && ($0.name != "**" || !match.hasCatchAll)
            }
            let others = items.filter { $0.value != call.parameters[$0.name] }
            return mediator.refusal(of: call)
                ?? others.lazy.compactMap { item in
                    var other = call
                    other.parameters[item.name] = item.value
                    return mediator.refusal(of: other)
                }.first
        }
        return (.object(handler), externalCheck)
    }
}

extension RouteBatch {
    /// Routes `pattern` to a target-action in the batch, as
    /// ``Router/register(_:origins:target:action:on:priority:access:replacing:)``.
    ///
    /// ```swift
    /// try router.update { routes in
    ///     try routes.register("shop://item/:id", target: "Shop", action: "itemView", on: mediator)
    /// }
    /// ```
    public mutating func register(
        _ pattern: String, origins: [LinkOrigin]? = nil, target: String, action: String,
        on mediator: Mediator = .shared,
        priority: Int = 0, access: RouteAccess = .public, replacing: Bool = false
    ) throws(RouteError) {
        let (handler, check) = Router.bridge(target: target, action: action, on: mediator)
        try draft.add(
            pattern, origins: LinkOrigin.given(origins, path: pattern), priority: priority, access: access,
            replacing: replacing, handler: handler, externalCheck: check, options: options)
    }
}
