extension Router {
    /// Registers a typed route: `handler` receives the URL's fields as a `Route` value.
    ///
    /// ```swift
    /// struct ItemRoute: URLRoute { static let pattern = "shop://item/:id<int>"; var id: Int; var ref: String? }
    /// try router.register(ItemRoute.self) { item, request in
    ///     request.complete("item \(item.id) from \(item.ref ?? "-")")
    /// }
    /// ```
    ///
    /// A URL the pattern matches but whose values do not convert (`?page=abc` for an `Int`) is
    /// not taken: the next route that matches gets it, or the open fails with `.notFound`.
    ///
    /// - Throws: ``RouteError`` with `.invalidPattern` naming the pattern and the field when a
    ///   placeholder has no field or a field's type cannot be read from text; otherwise what
    ///   ``register(_:origins:priority:access:replacing:handler:)`` throws for `Route.pattern`.
    public func register<Route: URLRoute>(
        _ type: Route.Type, priority: Int = 0, access: RouteAccess = .public, replacing: Bool = false,
        handler: @escaping @Sendable (Route, RouteRequest) -> Void
    ) throws(RouteError) {
        try add(
            Route.pattern, origins: Route.origins, priority: priority, access: access, replacing: replacing,
            handler: Self.typedAction(handler),
            typed: TypedRouteCheck(type, pattern: Route.pattern, limits: options.limits))
    }

    /// The request's fields as a `Value`; nil, the request declined, when they do not decode.
    static func decode<Value: Decodable>(_ type: Value.Type, declining request: RouteRequest) -> Value? {
        let value = try? ParameterDecoder.decode(Value.self, from: request.parameters)
        if value == nil { request.decline() }
        return value
    }

    /// The handler of a typed route: decodes the request's fields, declining when they do not.
    static func typedAction<Route: URLRoute>(
        _ handler: @escaping @Sendable (Route, RouteRequest) -> Void
    ) -> URLRouter.Route.Handler {
        .action { request in if let route = decode(Route.self, declining: request) { handler(route, request) } }
    }

    /// The object handler of a typed route, as ``typedAction(_:)``.
    static func typedObject<Route: URLRoute>(
        _ handler: @escaping @Sendable (Route, RouteRequest) -> Any?
    ) -> URLRouter.Route.Handler {
        .object { request in decode(Route.self, declining: request).flatMap { handler($0, request) } }
    }

    /// Registers a typed route whose handler returns a value, as
    /// ``registerObject(_:origins:priority:access:replacing:handler:)`` does for a string pattern.
    ///
    /// ```swift
    /// try router.registerObject(ItemViewRoute.self) { item, _ in ItemView(id: item.id) }
    /// let view = router.object(for: "shop://item/42/view") as? ItemView
    /// ```
    /// - Throws: what ``register(_:priority:access:replacing:handler:)-(Route.Type,_,_,_,_)`` throws.
    public func registerObject<Route: URLRoute>(
        _ type: Route.Type, priority: Int = 0, access: RouteAccess = .public, replacing: Bool = false,
        handler: @escaping @Sendable (Route, RouteRequest) -> Any?
    ) throws(RouteError) {
        try add(
            Route.pattern, origins: Route.origins, priority: priority, access: access, replacing: replacing,
            handler: Self.typedObject(handler),
            typed: TypedRouteCheck(type, pattern: Route.pattern, limits: options.limits))
    }

    /// The URL's fields as a `Route`, when `Route.pattern` matches the URL and the fields
    /// decode; nil otherwise. Runs nothing.
    ///
    /// ```swift
    /// router.match("shop://item/42?ref=mail", as: ItemRoute.self)   // an ItemRoute: id 42, ref "mail"
    /// router.match("shop://item/abc", as: ItemRoute.self)            // nil
    /// ```
    ///
    /// The pattern must be registered on this router (typed or not). When another route would
    /// win the URL, `Route`'s own match is still read: this parses the URL as `Route`.
    /// - Complexity: ``match(_:)-(String)`` plus decoding the fields, when `Route` is the winner.
    public func match<Route: URLRoute>(_ url: String, as type: Route.Type) -> Route? {
        // The plain lookup: the fields are decoded once, below, not also to choose the route.
        guard case .matched(let first) = currentTable().lookup(url) else { return nil }
        let origins = Route.origins.compactMap { try? $0.normalized(for: Route.pattern).pattern(Route.pattern) }
        let patterns = origins.isEmpty ? [Route.pattern] : origins
        return first.table.match(url, onlyPatterns: patterns, from: first, as: Route.self)
    }

    /// The URL of a typed route: its fields fill the placeholders, the others become query
    /// items in the order the type declares them (an array, one item per element), nil optionals are left out.
    ///
    /// ```swift
    /// try router.url(for: ItemRoute(id: 42, ref: "mail"))   // "shop://item/42?ref=mail"
    /// ```
    ///
    /// A route with ``URLRoute/origins`` prints the link of `origin`, by default its first, registered or not.
    /// - Throws: what ``url(for:parameters:)`` throws, and `.invalidParameter` for a value
    ///   that has no text (a non-finite `Double`, a nested struct).
    public func url<Route: URLRoute>(for route: Route, origin: LinkOrigin? = nil) throws(RouteError) -> String {
        let type = RouteFields.name(of: Route.self)
        if !Route.origins.isEmpty { try LinkOrigin.checkPath(Route.pattern) }  // as registering it would
        if let origin, case let wanted = (try? origin.normalized(for: Route.pattern)) ?? origin,
            !Route.origins.contains(where: { (try? $0.normalized(for: Route.pattern)) == wanted })
        {
            let origins = Route.origins.isEmpty ? "none" : Route.origins.map(\.description).joined(separator: ", ")
            let named = RouteError.quoted(wanted.description)
            throw RouteError(.invalidParameter, "\(type) has no origin \(named); it has \(origins).")
        }
        let fields = try ParameterEncoder.encode(route)
        let parsed = try RoutePattern(Route.pattern, knownTypes: { _ in true }, limits: options.limits)
        let placeholders = RouteFields.placeholders(of: parsed)
        var path: [String: String] = [:]
        var query: [String] = []
        for (name, texts) in fields {
            let values = name == "**" && placeholders.contains(name) ? [texts.joined(separator: "/")] : texts
            if placeholders.contains(name), values.count > 1 {
                throw RouteError(.invalidParameter, "\(type).\(name): \(values.count) values for one :\(name).")
            }
            if placeholders.contains(name), let value = values.last {
                path[name] = value
            } else {
                let key = URLEncoding.encode(name, allowed: .queryItem)
                query += values.map { key + "=" + URLEncoding.encode($0, allowed: .queryItem) }
            }
        }
        if let tail = path["**"], tail.allSatisfy({ $0 == "/" }) {  // a match would read no `**` back
            let reason = "prints no segment, and a link would read the field back absent: make it optional and nil"
            throw RouteError(.invalidParameter, "\(type).** is \(RouteError.quoted(tail)), which \(reason).")
        }
        // A placeholder its optional group cannot print would go to the query, which a match never reads for it.
        let printed = Set(try Self.expansion(of: parsed, for: path).compactMap(\.name))
        if let name = path.keys.sorted().first(where: { !printed.contains($0) && !(parsed.isFallback && $0 == "**") }) {
            throw RouteError(.invalidParameter, "\(type).\(name) is set, but not the rest of its optional group.")
        }
        let full = try (origin ?? Route.origins.first)?.normalized(for: Route.pattern).pattern(Route.pattern)
        var url = try self.url(for: full ?? Route.pattern, parameters: path)
        if !query.isEmpty { url += "?" + query.joined(separator: "&") }
        return try openable(url)
    }
}
