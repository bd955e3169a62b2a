import Synchronization

/// The mutable side of a router: the trie being built and the routes. Lives behind the
/// router's writer lock; `freeze()` turns it into a snapshot for matching.
struct RouterState: Sendable {
    var trie = Trie()
    var routes = RouteList()
    var liveRoutes = 0
    var hooks = RouterHooks()
    /// Parse buffers reused by every registration.
    var scratch = PatternScratch()
    /// What the change under way may affect, for readers that hold an older snapshot.
    var changes = ChangeKeys()

    func freeze(options: Router.Options) -> RouteTable {
        RouteTable(trie: trie, routes: routes, options: options, hooks: hooks)
    }

    func parse(_ pattern: String, options: Router.Options) throws(RouteError) -> RoutePattern {
        let types = trie.types
        return try RoutePattern(pattern, knownTypes: { name in types.contains { $0.name == name } }, limits: options.limits)
    }

    /// Adds a route, refusing conflicts unless `replacing`.
    ///
    /// - Complexity: O(pattern length); independent of the number of routes.
    mutating func add(
        _ text: String, priority: Int, access: RouteAccess, replacing: Bool, handler: Route.Handler,
        externalCheck: Route.ExternalCheck? = nil, options: Router.Options
    ) throws(RouteError) {
        var pattern = takeScratch()
        defer { scratch = pattern }
        try pattern.parse(text, types: trie.types, limits: options.limits)
        if pattern.expansionCount > 1,
           case let shapes = (0..<pattern.expansionCount).map({ pattern.segments(ofExpansion: $0).map(\.shape) }),
           Set(shapes).count != shapes.count {
            throw .invalidPattern(text, "its optional groups are ambiguous: two combinations have the same shape.")
        }
        var replaced: [Int32] = []
        do {
            for expansion in 0..<pattern.expansionCount {
                let route = owner(of: pattern, expansion: expansion, options: options)
                guard route >= 0 else { continue }
                guard replacing else {
                    throw RouteError(.conflict,
                        "Pattern \(RouteError.quoted(text)) conflicts with the registered pattern \(RouteError.quoted(routes[Int(route)]!.pattern)): they have the same shape. Deregister it first or register with replacing: true.")
                }
                if !replaced.contains(route) { replaced.append(route) }
            }
        }
        guard liveRoutes - replaced.count < options.limits.maxRoutes else {
            throw .limitExceeded(text, "the router already holds \(liveRoutes) routes; the limit is \(options.limits.maxRoutes) (Router.Limits.maxRoutes).")
        }
        for route in replaced { remove(route: route, options: options) }

        let clamped = Int32(clamping: priority)
        let routeID = Int32(routes.count)
        for expansion in 0..<pattern.expansionCount {
            let endpoint = trie.endpoint(of: pattern, expansion: expansion,
                                         caseInsensitivePaths: options.caseInsensitivePaths, create: true, raising: clamped)!
            trie.setLeaf(at: endpoint, route: routeID, priority: clamped, pattern: pattern, expansion: expansion)
            changes.note(ChangeKey.of(pattern, expansion: expansion))
        }
        routes.append(Route(pattern: text, priority: clamped, access: access, handler: handler,
                            externalCheck: externalCheck, leafCount: Int32(pattern.expansionCount)))
        liveRoutes += 1
    }

    /// The route whose leaf sits where expansion `expansion` of `pattern` ends, or -1.
    private mutating func owner(of pattern: PatternScratch, expansion: Int, options: Router.Options) -> Int32 {
        guard let endpoint = trie.endpoint(of: pattern, expansion: expansion,
                                           caseInsensitivePaths: options.caseInsensitivePaths, create: false),
              case let leaf = trie.leaf(at: endpoint), leaf >= 0 else { return -1 }
        return trie.leaves[Int(leaf)].route
    }

    /// Removes the route registered with `text` (or a pattern of the same shape, expansion for
    /// expansion). Routes below it stay.
    mutating func remove(_ text: String, options: Router.Options) -> Bool {
        var pattern = takeScratch()
        defer { scratch = pattern }
        guard (try? pattern.parse(text, types: trie.types, limits: options.limits)) != nil else { return false }
        var owner: Int32?
        for expansion in 0..<pattern.expansionCount {
            let route = self.owner(of: pattern, expansion: expansion, options: options)
            guard route >= 0, owner == nil || owner == route else { return false }
            owner = route
        }
        guard let owner, routes[Int(owner)]?.leafCount == Int32(pattern.expansionCount) else { return false }
        remove(route: owner, options: options)
        return true
    }

    private mutating func remove(route id: Int32, options: Router.Options) {
        guard let route = routes[Int(id)] else { return }
        // Every thread then takes the new snapshot on its next read, so the route's handler goes
        // when the last thread that read the router before reads it again.
        changes.note(ChangeKey.everything)
        var pattern = PatternScratch()
        if (try? pattern.parse(route.pattern, types: trie.types, limits: options.limits)) != nil {
            for expansion in 0..<pattern.expansionCount {
                if let endpoint = trie.endpoint(of: pattern, expansion: expansion,
                                                caseInsensitivePaths: options.caseInsensitivePaths, create: false),
                   trie.leaf(at: endpoint) >= 0, trie.leaves[Int(trie.leaf(at: endpoint))].route == id {
                    trie.removeLeaf(at: endpoint)
                }
            }
        }
        routes.remove(id)
        hooks.typedRoutes[route.pattern] = nil
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
        var rebuilt = RouterState(hooks: hooks, changes: changes)
        rebuilt.trie.types = trie.types
        for case let route? in routes {
            try? rebuilt.add(route.pattern, priority: Int(route.priority), access: route.access, replacing: false,
                             handler: route.handler, externalCheck: route.externalCheck, options: options)
        }
        self = rebuilt
    }

    /// The reusable parse buffers, taken out so that they can be filled while the trie changes.
    private mutating func takeScratch() -> PatternScratch {
        var taken = PatternScratch()
        swap(&taken, &scratch)
        return taken
    }
}

/// The published snapshot, its generation, and whether any reader has taken it since it was
/// published.
struct PublishedTable: Sendable {
    var table: RouteTable?
    var generation: UInt64 = 0
    var taken = false
}
