extension Router {
    /// Registers one route for `path` under several link origins: custom schemes and web hosts.
    ///
    /// ```swift
    /// try router.register("item/:id", origins: [.scheme("shop"), .scheme("shopapp"),
    ///                                           .web("shop.example.com"), .web("www.shop.example.com")]) { request in
    ///     request.complete(request.parameters["id"])
    /// }
    /// router.open("shopapp://item/42")                      // true
    /// router.open("https://www.shop.example.com/item/42")   // true
    /// ```
    ///
    /// `path` is written without a scheme or host (`item/:id`, optional groups allowed). It is one
    /// route: one priority, one entry in ``routes``, and a conflict on any origin refuses the
    /// whole registration, naming the other route. See ``LinkOrigin`` for how each origin matches.
    ///
    /// - Throws: ``RouteError`` as ``register(_:priority:access:replacing:handler:)-(String,_,_,_,_)`` does, and
    ///   `.invalidPattern` for a path with a scheme, no origin, an origin listed twice, or an origin
    ///   that is not a scheme or host name.
    public func register(
        _ path: String, origins: [LinkOrigin], priority: Int = 0, access: RouteAccess = .public,
        replacing: Bool = false, handler: @escaping @Sendable (RouteRequest) -> Void
    ) throws(RouteError) {
        try LinkOrigin.requireSome(origins, path: path)
        try add(
            path, origins: origins, priority: priority, access: access, replacing: replacing, handler: .action(handler))
    }

    /// Registers a handler that returns a value under several link origins, as
    /// ``register(_:origins:priority:access:replacing:handler:)`` does.
    ///
    /// ```swift
    /// try router.registerObject("item/:id/view", origins: [.scheme("shop"), .web("shop.example.com")]) { request in
    ///     ItemView(id: request.parameters["id"]!)
    /// }
    /// ```
    public func registerObject(
        _ path: String, origins: [LinkOrigin], priority: Int = 0, access: RouteAccess = .public,
        replacing: Bool = false, handler: @escaping @Sendable (RouteRequest) -> Any?
    ) throws(RouteError) {
        try LinkOrigin.requireSome(origins, path: path)
        try add(
            path, origins: origins, priority: priority, access: access, replacing: replacing, handler: .object(handler))
    }

    /// Removes the route registered with `path` and `origins` (the same origins, in any order):
    /// the whole route, under every origin. ``RouteInfo`` gives both back.
    ///
    /// ```swift
    /// router.deregister("item/:id", origins: [.scheme("shop"), .web("shop.example.com")])   // true
    /// for route in router.routes { router.deregister(route.pattern, origins: route.origins) }
    /// ```
    /// - Returns: whether a route was removed. A route is never removed for part of its origins.
    @discardableResult
    public func deregister(_ path: String, origins: [LinkOrigin]) -> Bool {
        (try? mutate { state in state.remove(path, origins: origins, options: options) }) ?? false
    }

    /// Builds the link for `path` as `origin` prints it: `https://host/…` for a web host,
    /// `scheme://…` for a custom scheme. Placeholders and leftovers as in
    /// ``url(for:parameters:)``.
    ///
    /// ```swift
    /// try router.url(for: "item/:id", parameters: ["id": "42"], origin: .web("shop.example.com"))
    /// // "https://shop.example.com/item/42"
    /// try router.url(for: "item/:id", parameters: ["id": "42"], origin: .scheme("shop"))
    /// // "shop://item/42"
    /// ```
    /// - Throws: ``RouteError`` `.invalidParameter` when no route registered for `path` (by its
    ///   shape: placeholder names do not matter) has `origin`, and the errors of ``url(for:parameters:)``.
    public func url(for path: String, parameters: [String: String], origin: LinkOrigin) throws(RouteError) -> String {
        let wanted = try origin.normalized(for: path)
        let full = wanted.pattern(path)
        let table = currentTable()  // as an open reads it: no lock, from an update(_:) too
        var state = RouterState(trie: table.trie, routes: table.routes)
        guard let pattern = try? state.parse(full, options: options), let first = pattern.expansions.first,
            case let id = state.owner(of: pattern, first, options: options), id >= 0,
            case let registered = state.routes.live(id), registered.origins.contains(wanted)
        else {
            let known = Set(table.routes.compactMap { $0 }.flatMap(\.origins)).filter { origin in  // by shape too
                guard let parsed = try? state.parse(origin.pattern(path), options: options),
                    let first = parsed.expansions.first, case let id = state.owner(of: parsed, first, options: options)
                else { return false }
                return id >= 0 && state.routes.live(id).origins.contains(origin)
            }.map(\.description).sorted()
            let listed =
                known.isEmpty
                ? "no route is registered for it with link origins" : "its origins are \(known.joined(separator: ", "))"
            throw RouteError(
                .invalidParameter,
                "\(RouteError.quoted(path)) has no origin \(RouteError.quoted(wanted.description)): \(listed).")
        }
        return try url(for: full, parameters: parameters)
    }
}
