extension Router {
    /// Applies several changes at once: every change or none, published once.
    ///
    /// ```swift
    /// try router.update { routes in
    ///     try routes.register("shop://item/:id") { request in request.complete(request.parameters["id"]) }
    ///     try routes.registerObject("shop://cart") { _ in Cart.shared }
    ///     routes.deregister("shop://legacy/:id")
    /// }
    /// ```
    ///
    /// The changes are made on a draft of the route table. When `body` throws, the draft is dropped and the router is
    /// unchanged; otherwise it replaces the table in one step, so no concurrent open ever sees part of the batch. The
    /// draft shares the table's storage and copies each chunk of it the batch changes, once, however many changes it
    /// holds: a module's routes at start-up, a route table, or thousands of routes registered while others open URLs.
    ///
    /// `body` runs under the router's writer lock. On this router it must not register, deregister or update (use
    /// `routes`), nor add an interceptor, an observer or a parameter type: the program stops with a message. It should
    /// change other routers only after it (two batches that change each other's router deadlock). Opens and
    /// `url(for:)` from `body` see the table as before.
    ///
    /// - Returns: what `body` returns.
    /// - Throws: whatever `body` throws (a ``RouteError`` from a refused route, or an error of
    ///   the caller's own); then nothing is applied.
    /// - Complexity: O(routes ÷ 256) to share the table, plus each change's own cost.
    @discardableResult
    public func update<Result, Failure: Error>(
        _ body: (inout RouteBatch) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var (batch, copy): (RouteBatch?, RouteTable?)  // released after the lock, as in `mutate`
        defer { withExtendedLifetime((batch, copy)) {} }
        return try state.withLock { (state: inout RouterState) throws(Failure) -> Result in
            // Readers go on with the published table while `body` runs; only one that finds none
            // published (the first read after a change) waits for this lock.
            published.withLock { published in
                if published.table == nil { published.table = state.freeze(options: options) }
            }
            batch = RouteBatch(draft: state, options: options)
            // A read in `body` replaces it.
            copy = ThreadSnapshots.current(create: false)?.takeUnretainedValue().table(router: id)
            let result = try body(&batch!)
            state = batch!.draft
            state.released = []  // the batch's draft keeps them
            published.withLock { $0 = (state.freeze(options: options), false) }
            generation.add(1, ordering: .releasing)
            return result
        }
    }
}

/// The routes of a router being changed by ``Router/update(_:)``: register and deregister as on
/// the router itself; nothing is visible to opens until the whole batch succeeds.
///
/// ```swift
/// try router.update { routes in
///     for (pattern, page) in pages { try routes.register(pattern) { _ in show(page) } }
/// }
/// ```
public struct RouteBatch: Sendable {
    /// The table with the batch's changes so far.
    var draft: RouterState
    let options: Router.Options

    /// Registers `handler` for `pattern` in the batch, as ``Router/register(_:origins:priority:access:replacing:handler:)``.
    ///
    /// ```swift
    /// try routes.register("shop://item/:id") { request in request.complete(request.parameters["id"]) }
    /// try routes.register("page/:name", origins: [.scheme("shop"), .web("shop.example.com")]) { _ in }
    /// ```
    /// - Throws: ``RouteError`` as the router's `register` does. The batch may go on; if the
    ///   error leaves the closure, nothing of the batch is applied.
    public mutating func register(
        _ pattern: String, origins: [LinkOrigin]? = nil, priority: Int = 0, access: RouteAccess = .public,
        replacing: Bool = false, handler: @escaping @Sendable (RouteRequest) -> Void
    ) throws(RouteError) {
        try draft.add(
            pattern, origins: LinkOrigin.given(origins, path: pattern), priority: priority, access: access,
            replacing: replacing, handler: .action(handler), options: options)
    }

    /// Registers a handler that returns a value, as ``Router/registerObject(_:origins:priority:access:replacing:handler:)``.
    ///
    /// ```swift
    /// try routes.registerObject("shop://item/:id/view") { request in ItemView(id: request.parameters["id"]!) }
    /// ```
    public mutating func registerObject(
        _ pattern: String, origins: [LinkOrigin]? = nil, priority: Int = 0, access: RouteAccess = .public,
        replacing: Bool = false, handler: @escaping @Sendable (RouteRequest) -> Any?
    ) throws(RouteError) {
        try draft.add(
            pattern, origins: LinkOrigin.given(origins, path: pattern), priority: priority, access: access,
            replacing: replacing, handler: .object(handler), options: options)
    }

    /// Removes the route registered for `pattern` (and `origins`), as ``Router/deregister(_:origins:)``.
    ///
    /// ```swift
    /// routes.deregister("shop://legacy/:id")
    /// ```
    /// - Returns: whether a route was removed.
    @discardableResult
    public mutating func deregister(_ pattern: String, origins: [LinkOrigin]? = nil) -> Bool {
        draft.remove(pattern, origins: origins ?? [], options: options)
    }

    /// Removes every route, as ``Router/removeAll()``.
    ///
    /// ```swift
    /// try router.update { routes in
    ///     routes.removeAll()
    ///     try routes.register("shop://item/:id") { _ in }
    /// }
    /// ```
    public mutating func removeAll() { draft.removeAll() }
}
