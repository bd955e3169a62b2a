extension RouteBatch {
    /// Registers one route under several link origins in the batch, as
    /// ``Router/register(_:origins:priority:access:replacing:handler:)``.
    ///
    /// ```swift
    /// try router.update { routes in
    ///     try routes.register("item/:id", origins: [.scheme("shop"), .web("shop.example.com")]) { request in
    ///         request.complete(request.parameters["id"])
    ///     }
    /// }
    /// ```
    public mutating func register(
        _ path: String, origins: [LinkOrigin], priority: Int = 0, access: RouteAccess = .public,
        replacing: Bool = false, handler: @escaping @Sendable (RouteRequest) -> Void
    ) throws(RouteError) {
        try LinkOrigin.requireSome(origins, path: path)
        try add(
            path, origins: origins, priority: priority, access: access, replacing: replacing, handler: .action(handler))
    }

    /// Registers a handler that returns a value under several link origins in the batch, as
    /// ``Router/registerObject(_:origins:priority:access:replacing:handler:)``.
    ///
    /// ```swift
    /// try routes.registerObject("item/:id/view", origins: [.scheme("shop"), .web("shop.example.com")]) { request in
    ///     ItemView(id: request.parameters["id"]!)
    /// }
    /// ```
    public mutating func registerObject(
        _ path: String, origins: [LinkOrigin], priority: Int = 0, access: RouteAccess = .public,
        replacing: Bool = false, handler: @escaping @Sendable (RouteRequest) -> Any?
    ) throws(RouteError) {
        try LinkOrigin.requireSome(origins, path: path)
        try add(
            path, origins: origins, priority: priority, access: access, replacing: replacing, handler: .object(handler))
    }

    /// Removes the route registered with `path` and `origins`, as
    /// ``Router/deregister(_:origins:)``.
    ///
    /// ```swift
    /// routes.deregister("item/:id", origins: [.scheme("shop"), .web("shop.example.com")])
    /// ```
    /// - Returns: whether a route was removed.
    @discardableResult
    public mutating func deregister(_ path: String, origins: [LinkOrigin]) -> Bool {
        draft.remove(path, origins: origins, options: options)
    }
}
