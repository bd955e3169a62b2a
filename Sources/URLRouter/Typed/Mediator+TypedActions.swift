extension Mediator {
    /// Calls the action `request` names and returns its typed result.
    ///
    /// ```swift
    /// let view = try mediator.perform(ShopItemView.Request(id: 42))   // ShopItemView
    /// ```
    ///
    /// The action receives the request itself when it was written with ``MediatorRequest/handler(_:)``; an untyped
    /// action receives the fields as strings, as from a URL (an array of two or more as `[String]`, of one as its
    /// `String`, empty as nothing), and the request under a key of the mediator's own, which it may ignore. The
    /// target's `notFound` action and the ``noTargetHandler`` apply as for an untyped call.
    ///
    /// - Throws: ``RouteError`` with `.targetNotFound` or `.actionNotFound` as
    ///   ``performResult(target:action:params:cacheTarget:)`` reports them, `.invalidParameter` when a field has no
    ///   text (a non-finite `Double`), and `.invalidResult` when the action returned something other than a `Response`
    ///   (nil included, unless `Response` is optional).
    public func perform<Request: MediatorRequest>(
        _ request: Request, cacheTarget: Bool = false
    ) throws(RouteError) -> Request.Response {
        var params: [String: Any] = [:]
        for (name, values) in try ParameterEncoder.encode(request) {
            params[name] = values.count == 1 ? values[0] : values
        }
        params[Self.typedRequestKey] = request
        let value = try performResult(
            target: Request.target, action: Request.action, params: params, cacheTarget: cacheTarget
        ).get()
        let optional = Request.Response.self is any ExpressibleByNilLiteral.Type  // `nil as? Any` succeeds too
        if value != nil || optional, let typed = value as? Request.Response { return typed }
        let found = value.map { "a value of type \(RouteFields.name(of: type(of: $0)))" } ?? "nil"
        let expected = RouteFields.name(of: Request.Response.self)
        throw RouteError(.invalidResult, "\(Request.quotedName) returned \(found) where \(expected) was expected.")
    }
}

extension Router {
    /// Routes `pattern` to the target-action `Request` names: the URL's fields decode into a `Request` (as a
    /// ``URLRoute``'s do), which the mediator performs; its result is what `object(for:)` returns and the open's
    /// completion receives.
    ///
    /// ```swift
    /// try router.register("shop://item/:id<int>/view", request: ShopItemView.Request.self, on: mediator)
    /// router.object(for: "shop://item/42/view?ref=home") as? ShopItemView
    /// ```
    ///
    /// A URL whose values do not decode is not taken, as for a typed route. External opens obey the mediator's remote
    /// rules, and `origins` serve the path `pattern`, as for
    /// ``register(_:origins:target:action:on:priority:access:replacing:)``.
    ///
    /// - Throws: what ``register(_:priority:access:replacing:handler:)-(Route.Type,_,_,_,_)`` throws for `pattern` and
    ///   `Request`'s fields.
    public func register<Request: MediatorRequest>(
        _ pattern: String, origins: [LinkOrigin]? = nil, request: Request.Type, on mediator: Mediator = .shared,
        priority: Int = 0, access: RouteAccess = .public, replacing: Bool = false
    ) throws(RouteError) {
        let (handler, check) = Self.bridge(Request.self, on: mediator)
        try add(
            pattern, origins: LinkOrigin.given(origins, path: pattern), priority: priority, access: access,
            replacing: replacing, handler: handler, externalCheck: check,
            typed: TypedRouteCheck(Request.self, pattern: pattern, limits: options.limits))
    }

    /// The handler and external check of a route bridged to `Request`: a URL whose values do not decode is declined.
    static func bridge<Request: MediatorRequest>(
        _: Request.Type, on mediator: Mediator
    ) -> (Route.Handler, Route.ExternalCheck) {
        bridge(target: Request.target, action: Request.action, on: mediator) { routeRequest in
            guard let request = decode(Request.self, declining: routeRequest) else { return nil }
            return routeRequest.mergedParameters.merging([Mediator.typedRequestKey: request]) { $1 }
        }
    }
}

extension RouteBatch {
    /// Routes `pattern` to the target-action `Request` names in the batch, as
    /// ``Router/register(_:origins:request:on:priority:access:replacing:)``.
    ///
    /// ```swift
    /// try router.update { routes in
    ///     try routes.register("shop://item/:id<int>/view", request: ShopItemView.Request.self, on: mediator)
    /// }
    /// ```
    public mutating func register<Request: MediatorRequest>(
        _ pattern: String, origins: [LinkOrigin]? = nil, request: Request.Type, on mediator: Mediator = .shared,
        priority: Int = 0, access: RouteAccess = .public, replacing: Bool = false
    ) throws(RouteError) {
        let (handler, check) = Router.bridge(Request.self, on: mediator)
        try draft.add(
            pattern, origins: LinkOrigin.given(origins, path: pattern), priority: priority, access: access,
            replacing: replacing, handler: handler, externalCheck: check,
            typed: TypedRouteCheck(Request.self, pattern: pattern, limits: options.limits), options: options)
    }
}
