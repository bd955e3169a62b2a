import Synchronization

/// The mutable side of a router: the trie being built and the routes. Lives behind the
/// router's writer lock; `freeze()` turns it into a snapshot for matching.
struct RouterState: Sendable {
    var trie = Trie()
    var routes: [Route?] = []
    var liveRoutes = 0
    var hooks = RouterHooks()

    func freeze(options: Router.Options) -> RouteTable {
        RouteTable(trie: trie, routes: routes, options: options, hooks: hooks)
    }

    func parse(_ pattern: String, options: Router.Options) throws(RouteError) -> RoutePattern {
        try RoutePattern(pattern, knownTypes: { name in trie.typeIndex(name) != nil }, limits: options.limits)
    }

    /// The endpoints of every expansion of `pattern`, creating nodes when `create` is set.
    mutating func endpoints(
        of pattern: RoutePattern, options: Router.Options, create: Bool, priority: Int32? = nil
    ) -> [Trie.Endpoint?] {
        guard let root = trie.root(scheme: pattern.scheme, create: create) else {
            return Array(repeating: nil, count: pattern.expansions.count)
        }
        return pattern.expansions.map { segments in
            trie.endpoint(root: root, segments: segments, isFallback: pattern.isFallback,
                          caseInsensitivePaths: options.caseInsensitivePaths, create: create, raising: priority)
        }
    }

    /// Adds a route, refusing conflicts unless `replacing`.
    ///
    /// - Complexity: O(pattern length); independent of the number of routes.
    mutating func add(
        _ text: String, priority: Int, access: RouteAccess, replacing: Bool, handler: Route.Handler,
        externalCheck: Route.ExternalCheck? = nil, options: Router.Options
    ) throws(RouteError) {
        let pattern = try parse(text, options: options)
        var replaced = Set<Int32>()
        for endpoint in endpoints(of: pattern, options: options, create: false) {
            guard let endpoint else { continue }
            let leaf = trie.leaf(at: endpoint)
            guard leaf >= 0 else { continue }
            let existing = trie.leaves[Int(leaf)].route
            guard replacing else {
                throw RouteError(.conflict,
                    "Pattern \(RouteError.quoted(text)) conflicts with the registered pattern \(RouteError.quoted(routes[Int(existing)]!.pattern)): they have the same shape. Deregister it first or register with replacing: true.")
            }
            replaced.insert(existing)
        }
        guard liveRoutes - replaced.count < options.limits.maxRoutes else {
            throw .limitExceeded(text, "the router already holds \(liveRoutes) routes; the limit is \(options.limits.maxRoutes) (Router.Limits.maxRoutes).")
        }
        for route in replaced { remove(route: route, options: options) }

        let clamped = Int32(clamping: priority)
        let routeID = Int32(routes.count)
        let firstLeaf = Int32(trie.leaves.count)
        for (segments, endpoint) in zip(pattern.expansions, endpoints(of: pattern, options: options, create: true, priority: clamped)) {
            trie.setLeaf(at: endpoint!, route: routeID, priority: clamped, names: segments.compactMap(\.name))
        }
        routes.append(Route(pattern: text, priority: clamped, access: access, handler: handler,
                            externalCheck: externalCheck, firstLeaf: firstLeaf, leafCount: Int32(pattern.expansions.count)))
        liveRoutes += 1
    }

    /// Removes the route registered with `text` (or a pattern of the same shape, expansion for
    /// expansion). Routes below it stay.
    mutating func remove(_ text: String, options: Router.Options) -> Bool {
        guard let pattern = try? parse(text, options: options) else { return false }
        var owner: Int32?
        for endpoint in endpoints(of: pattern, options: options, create: false) {
            guard let endpoint, case let leaf = trie.leaf(at: endpoint), leaf >= 0 else { return false }
            let route = trie.leaves[Int(leaf)].route
            guard owner == nil || owner == route else { return false }
            owner = route
        }
        guard let owner, routes[Int(owner)]?.leafCount == Int32(pattern.expansions.count) else { return false }
        remove(route: owner, options: options)
        return true
    }

    private mutating func remove(route id: Int32, options: Router.Options) {
        guard let route = routes[Int(id)], let pattern = try? parse(route.pattern, options: options) else { return }
        for endpoint in endpoints(of: pattern, options: options, create: false) {
            if let endpoint, trie.leaf(at: endpoint) >= 0, trie.leaves[Int(trie.leaf(at: endpoint))].route == id {
                trie.removeLeaf(at: endpoint)
            }
        }
        routes[Int(id)] = nil
        liveRoutes -= 1
        compactIfSparse(options: options)
    }

    /// Rebuilds the trie from the live routes, in registration order, once removed routes
    /// outnumber them: routes that come and go in a long-running process do not grow the
    /// table without bound.
    ///
    /// - Complexity: O(live routes), at most once per as many removals: amortised O(1).
    private mutating func compactIfSparse(options: Router.Options) {
        guard routes.count >= 64, routes.count > 2 * liveRoutes else { return }
        var rebuilt = RouterState(hooks: hooks)
        rebuilt.trie.types = trie.types
        for case let route? in routes {
            try? rebuilt.add(route.pattern, priority: Int(route.priority), access: route.access, replacing: false,
                             handler: route.handler, externalCheck: route.externalCheck, options: options)
        }
        self = rebuilt
    }
}

/// The published snapshot and whether any reader has taken it since it was published.
struct PublishedTable: Sendable {
    var table: RouteTable?
    var taken = false
}
