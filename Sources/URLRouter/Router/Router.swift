import Synchronization

/// Routes URLs such as `shop://item/42?ref=home` to the handlers that modules registered for patterns such as
/// `shop://item/:id`.
///
/// ```swift
/// let router = Router()
/// try router.register("shop://item/:id<int>") { request in
///     print("item", request.parameters["id"]!)          // item 42
///     request.complete("shown")
/// }
/// router.open("shop://item/42?ref=home")                  // true
/// ```
///
/// Every method may be called from any thread at once. Matching reads an immutable snapshot, each thread its own copy,
/// so opens do not contend; handlers run on the caller's thread, never under a lock, and may register, deregister or
/// open other URLs.
public final class Router: Sendable {
    /// The options this router was created with: `router.options.limits.maxSegments` is 64 unless set.
    public let options: Options
    /// The builder; writers hold this lock while they change the trie.
    let state = Locked(RouterState())
    /// The snapshot readers use (built by the first reader, as after a change none read), and whether a reader has
    /// taken it since it was published. Held only long enough to copy a reference.
    let published = Locked<(table: RouteTable?, taken: Bool)>((nil, false))
    /// Opens waiting for `isReady`, oldest first; what it was last set to; whether a replay runs.
    let deferred = Locked<(opens: [DeferredOpen], wanted: Bool, replaying: Bool)>(([], true, false))
    /// `isReady`: written only under `deferred`'s lock, read without it on every open.
    let readyFlag = Atomic<Bool>(true)
    /// Moves on with every published change; threads compare it with their copy's.
    let generation = Atomic<UInt64>(0)
    /// Tells this router's snapshots apart in thread-local copies; never reused.
    let id = Router.lastID.add(1, ordering: .relaxed).newValue

    private static let lastID = Atomic<UInt64>(0)

    /// The app-wide router, for modules that share one: `Router.shared.open("shop://item/42")`.
    public static let shared = Router()

    /// A new, empty router.
    ///
    /// ```swift
    /// let router = Router(options: .init(formDecoding: true))
    /// ```
    public init(options: Options = Options()) { self.options = options }

    deinit { for open in deferred.withLock({ $0.opens }) { open.drop("the router was freed.", in: publishedTable()) } }

    /// The current snapshot, as this thread's own copy (see ``ThreadSnapshots``).
    @inline(__always)
    func currentTable() -> RouteTable {
        let generation = generation.load(ordering: .acquiring)
        // The thread's slot keeps its list alive (see ThreadSnapshots.current): borrowed, not retained.
        return ThreadSnapshots.current(create: false)?._withUnsafeGuaranteedRef {
            $0.table(router: id, generation: generation)
        } ?? refreshTable()
    }

    /// Takes the published snapshot and keeps this thread's copy of it.
    @inline(never)
    func refreshTable() -> RouteTable {
        // The generation is read before the snapshot: a copy is never kept under a generation newer than its contents.
        let generation = generation.load(ordering: .acquiring)
        let published = publishedTable()
        guard let snapshots = ThreadSnapshots.current(create: true)?.takeUnretainedValue() else { return published }
        // Another object over the same storage, for this thread's own use.
        let copy = RouteTable(
            trie: published.trie, routes: published.routes, options: published.options, hooks: published.hooks)
        snapshots.store(router: id, generation: generation, table: copy)
        return copy
    }

    /// The published snapshot, built now if the last change left none (see ``mutate(_:)``).
    private func publishedTable() -> RouteTable {
        let table = published.withLock { published -> RouteTable? in
            published.taken = true
            return published.table
        }
        if let table { return table }
        return state.withLock { state in
            published.withLock { published in
                published.taken = true
                let table = published.table ?? state.freeze(options: options)
                published.table = table
                return table
            }
        }
    }

    /// Changes the builder under the writer lock, then publishes the result and moves the generation on, so that every
    /// thread's copy of the old snapshot goes stale.
    ///
    /// Lazy publishing, in one paragraph: a snapshot some reader has taken stays published until the new one replaces
    /// it, so readers never wait for a writer. A snapshot nobody took is dropped before the change, so that the
    /// builder's arrays are referenced once and change in place instead of being copied, and it is not replaced: the
    /// next reader builds it under the writer lock. A run of registrations with no reader in between thus copies
    /// nothing, while one registration under a reader that holds the snapshot copies the chunks it touches
    /// (``ChunkedArray``). `body` throws only before it changes anything, so a failed change publishes nothing; a batch
    /// (``update(_:)``) works on a draft instead. What the change drops (``RouterState/released``, where every removal
    /// puts it) is released after the lock.
    func mutate<Result>(_ body: (inout RouterState) throws(RouteError) -> Result) throws(RouteError) -> Result {
        try state.withLock { (state: inout RouterState) throws(RouteError) -> (Result, [any Sendable]) in
            let wasTaken = published.withLock { published in
                if !published.taken { published.table = nil }
                return published.taken
            }
            let result = try body(&state)
            let table = wasTaken ? state.freeze(options: options) : nil
            published.withLock { $0 = (table, false) }
            generation.add(1, ordering: .releasing)
            defer { state.released = [] }
            return (result, state.released)
        }.0
    }

    /// Registers `handler` for `pattern`. The handler completes the request with a value for the opener's completion,
    /// or lets go of it (the completion then gets `nil`).
    ///
    /// ```swift
    /// try router.register("shop://item/:id", priority: 10) { request in
    ///     request.complete(request.parameters["id"])
    /// }
    /// try router.register("page/:name", origins: [.scheme("shop"), .web("shop.example.com")]) { request in
    ///     request.complete(request.parameters["name"])    // shop://page/faq and https://shop.example.com/page/faq
    /// }
    /// ```
    ///
    /// With `origins`, `pattern` is a path without a scheme or host (`item/:id`, optional groups allowed), served under
    /// each origin (see ``LinkOrigin``). It is one route: one priority, one entry in ``routes``, and a conflict on any
    /// origin refuses the whole registration, naming the other route.
    ///
    /// - Parameters:
    ///   - pattern: the pattern, for example `shop://item/:id<int>`.
    ///   - origins: custom schemes and web hosts that serve the path `pattern`; nil for a full pattern.
    ///   - priority: higher wins among patterns that match the same URL. Default 0; held to `Int32`'s range.
    ///   - access: ``RouteAccess/internal`` refuses external opens.
    ///   - replacing: replace the registered routes of the same shape (the error names them) instead of failing.
    ///   - handler: runs on the opener's thread with the ``RouteRequest``.
    /// - Throws: ``RouteError`` with `.invalidPattern` quoting what is wrong, `.conflict` naming the registered
    ///   patterns of the same shape, or `.limitExceeded`; with `origins`, `.invalidPattern` also for a path with a
    ///   scheme, an empty list, an origin listed twice, or an origin that is not a scheme or host name.
    /// - Complexity: O(pattern length), independent of how many routes exist.
    public func register(
        _ pattern: String, origins: [LinkOrigin]? = nil, priority: Int = 0, access: RouteAccess = .public,
        replacing: Bool = false, handler: @escaping @Sendable (RouteRequest) -> Void
    ) throws(RouteError) {
        try add(
            pattern, origins: LinkOrigin.given(origins, path: pattern), priority: priority, access: access,
            replacing: replacing, handler: .action(handler))
    }

    /// Registers a handler that returns a value: what ``object(for:source:userInfo:)-(String,_,_)`` returns and what
    /// the opener's completion receives. `origins` as in ``register(_:origins:priority:access:replacing:handler:)``.
    ///
    /// ```swift
    /// try router.registerObject("shop://item/:id/view") { request in
    ///     ItemView(id: request.parameters["id"]!)
    /// }
    /// let view = router.object(for: "shop://item/42/view") as? ItemView
    /// ```
    public func registerObject(
        _ pattern: String, origins: [LinkOrigin]? = nil, priority: Int = 0, access: RouteAccess = .public,
        replacing: Bool = false, handler: @escaping @Sendable (RouteRequest) -> Any?
    ) throws(RouteError) {
        try add(
            pattern, origins: LinkOrigin.given(origins, path: pattern), priority: priority, access: access,
            replacing: replacing, handler: .object(handler))
    }

    /// Registers a route under the writer lock, optionally with link origins, a check that refuses some external opens
    /// and a typed route's field check (made before: it runs the type's `init(from:)`, so never under a lock).
    func add(
        _ pattern: String, origins: [LinkOrigin], priority: Int, access: RouteAccess, replacing: Bool,
        handler: Route.Handler, externalCheck: Route.ExternalCheck? = nil, typed: TypedRouteCheck? = nil
    ) throws(RouteError) {
        try mutate { (state: inout RouterState) throws(RouteError) in
            try state.add(
                pattern, origins: origins, priority: priority, access: access, replacing: replacing,
                handler: handler, externalCheck: externalCheck, typed: typed, options: options)
        }
    }

    /// Adds a placeholder type for patterns such as `:slug<slug>`.
    ///
    /// ```swift
    /// try router.register(RouteParameterType("slug") { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0 == "-" } })
    /// ```
    /// - Throws: `.conflict` for a name taken (the built-ins included); `.invalidPattern` for a name no pattern can
    ///   write (empty, or with `/ ( ) > ? #` or a control character); `.limitExceeded` past 32,767 types.
    public func register(_ type: RouteParameterType) throws(RouteError) {
        let bad: (Unicode.Scalar) -> Bool = { "/()>?#".unicodeScalars.contains($0) || RouteError.breaksLines($0) }
        guard !type.name.isEmpty, !type.name.unicodeScalars.contains(where: bad) else {
            let problem = "is empty or has / ( ) > ? # or a control character, so no pattern can name it"
            throw RouteError(.invalidPattern, "The type name \(RouteError.quoted(type.name)) \(problem).")
        }
        try mutate { (state: inout RouterState) throws(RouteError) in
            guard state.trie.typeIndex(type.name) == nil else {
                throw RouteError(
                    .conflict, "A parameter type named \(RouteError.quoted(type.name)) is already registered.")
            }
            guard state.trie.types.count < Trie.maxTypes else {
                throw .limitExceeded(type.name, "a router takes at most \(Trie.maxTypes) parameter types.")
            }
            state.trie.types.append(type)
        }
    }

    /// Removes the route registered for `pattern`, all its optional-group combinations included, and with `origins`
    /// (the same, in any order) under every origin. Routes that continue it (`pattern/more`) stay.
    ///
    /// ```swift
    /// router.deregister("shop://item/:id")   // true if it was registered
    /// for route in router.routes { router.deregister(route.pattern, origins: route.origins) }
    /// ```
    /// - Returns: whether a route was removed. Placeholder names do not matter, shapes do; a route is never removed
    ///   for part of its origins.
    @discardableResult
    public func deregister(_ pattern: String, origins: [LinkOrigin]? = nil) -> Bool {
        (try? mutate { state in state.remove(pattern, origins: origins ?? [], options: options) }) ?? false
    }

    /// Removes every route (`router.removeAll()`); parameter types, interceptors and observers stay.
    public func removeAll() { try? mutate { state in state.removeAll() } }

    /// Every registered route, in registration order.
    ///
    /// ```swift
    /// for route in router.routes { print(route.pattern, route.priority) }
    /// ```
    public var routes: [RouteInfo] { currentTable().routes.compactMap { $0.map(RouteInfo.init) } }
}

/// A registered route, as ``Router/routes`` lists it: `router.routes.map(\.pattern)` gives every pattern.
public struct RouteInfo: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as registered, placeholder names and types included: `shop://item/:id<int>`. With origins, the path
    /// alone (`item/:id`): a match's ``RouteMatch/pattern`` is then one of ``originPatterns``.
    public var pattern: String
    /// Its priority: what `register(_:priority:...)` was given (held to `Int32`'s range), 0 by default.
    public var priority: Int
    /// Who may open it: `.internal` keeps it from ``RouteSource/external`` opens.
    public var access: RouteAccess
    /// Whether it was registered with `registerObject` (or bridged to an action).
    public var returnsObject: Bool
    /// The link origins it serves, lowercased; empty for a plain pattern (see ``LinkOrigin``).
    public var origins: [LinkOrigin] = []

    /// The full pattern of each origin (`shop://item/:id`, `https://shop.example.com/item/:id`), or `[pattern]` for a
    /// plain pattern.
    ///
    /// ```swift
    /// for route in router.routes { print(route.originPatterns.joined(separator: ", ")) }
    /// ```
    public var originPatterns: [String] { origins.isEmpty ? [pattern] : origins.map { $0.pattern(pattern) } }

    /// `pattern` (with its origins: `item/:id [shop, https://shop.example.com]`), with the priority and access when
    /// they are not the defaults.
    public var description: String {
        var text = Route.displayName(pattern, origins: origins)
        if priority != 0 { text += " (priority \(priority))" }
        if access == .internal { text += " (internal only)" }
        return text
    }
}

extension RouteInfo {
    init(_ route: Route) {
        self.init(
            pattern: route.pattern, priority: Int(route.priority), access: route.access,
            returnsObject: route.returnsObject, origins: route.origins)
    }
}

extension Router: CustomStringConvertible {
    /// The trie, a node a line indented by depth; a route's end shows `→ pattern` (and its priority).
    ///
    /// ```swift
    /// print(router)
    /// // shop://
    /// //   item
    /// //     : → shop://item/:id
    /// ```
    public var description: String {
        let table = currentTable()
        return table.trie.dump { route in
            let route = table.routes.live(route)
            return route.priority == 0 ? route.displayName : "\(route.displayName) (priority \(route.priority))"
        }
    }
}
