extension RouteBatch {
    /// Registers a typed route in the batch, as ``Router/register(_:priority:access:replacing:handler:)-(Route.Type,_,_,_,_)``.
    ///
    /// ```swift
    /// try router.update { routes in
    ///     try routes.register(ItemRoute.self) { item, request in request.complete(item.id) }
    /// }
    /// ```
    /// - Throws: what the router's typed `register` throws.
    public mutating func register<Route: URLRoute>(
        _ type: Route.Type, priority: Int = 0, access: RouteAccess = .public, replacing: Bool = false,
        handler: @escaping @Sendable (Route, RouteRequest) -> Void
    ) throws(RouteError) {
        try draft.add(
            Route.pattern, origins: Route.origins, priority: priority, access: access, replacing: replacing,
            handler: Router.typedAction(handler),
            typed: TypedRouteCheck(type, pattern: Route.pattern, limits: options.limits), options: options)
    }

    /// Registers a typed route whose handler returns a value in the batch, as
    /// ``Router/registerObject(_:priority:access:replacing:handler:)-(Route.Type,_,_,_,_)``.
    ///
    /// ```swift
    /// try router.update { routes in
    ///     try routes.registerObject(ItemViewRoute.self) { item, _ in ItemView(id: item.id) }
    /// }
    /// ```
    public mutating func registerObject<Route: URLRoute>(
        _ type: Route.Type, priority: Int = 0, access: RouteAccess = .public, replacing: Bool = false,
        handler: @escaping @Sendable (Route, RouteRequest) -> Any?
    ) throws(RouteError) {
        try draft.add(
            Route.pattern, origins: Route.origins, priority: priority, access: access, replacing: replacing,
            handler: Router.typedObject(handler),
            typed: TypedRouteCheck(type, pattern: Route.pattern, limits: options.limits), options: options)
    }
}
