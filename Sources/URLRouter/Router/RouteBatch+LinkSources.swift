extension RouteBatch {
    /// Registers one route under several link sources in the batch, as
    /// ``Router/register(_:sources:priority:access:replacing:handler:)``.
    ///
    /// ```swift
    /// try router.update { routes in
    ///     try routes.register("item/:id", sources: [.scheme("shop"), .web("shop.example.com")]) { request in
    ///         request.complete(request.parameters["id"])
    ///     }
    /// }
    /// ```
    public mutating func register(
        _ path: String, sources: [LinkSource], priority: Int = 0, access: RouteAccess = .public,
        replacing: Bool = false, handler: @escaping @Sendable (RouteRequest) -> Void
    ) throws(RouteError) {
        try LinkSource.requireSome(sources, path: path)
        try draft.add(path, sources: sources, priority: priority, access: access, replacing: replacing,
                      handler: .action(handler), options: options)
    }

    /// Registers a handler that returns a value under several link sources in the batch, as
    /// ``Router/registerObject(_:sources:priority:access:replacing:handler:)``.
    ///
    /// ```swift
    /// try routes.registerObject("item/:id/view", sources: [.scheme("shop"), .web("shop.example.com")]) { request in
    ///     ItemView(id: request.parameters["id"]!)
    /// }
    /// ```
    public mutating func registerObject(
        _ path: String, sources: [LinkSource], priority: Int = 0, access: RouteAccess = .public,
        replacing: Bool = false, handler: @escaping @Sendable (RouteRequest) -> Any?
    ) throws(RouteError) {
        try LinkSource.requireSome(sources, path: path)
        try draft.add(path, sources: sources, priority: priority, access: access, replacing: replacing,
                      handler: .object(handler), options: options)
    }

    /// Removes the route registered with `path` and `sources`, as
    /// ``Router/deregister(_:sources:)``.
    ///
    /// ```swift
    /// routes.deregister("item/:id", sources: [.scheme("shop"), .web("shop.example.com")])
    /// ```
    /// - Returns: whether a route was removed.
    @discardableResult
    public mutating func deregister(_ path: String, sources: [LinkSource]) -> Bool {
        draft.remove(path, sources: sources, options: options)
    }
}
