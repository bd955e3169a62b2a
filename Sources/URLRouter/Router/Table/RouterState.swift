/// The mutable side of a router: the trie being built and the routes. Lives behind the router's writer lock (or in a
/// ``RouteBatch``'s draft); `freeze()` turns it into a snapshot for matching.
struct RouterState: Sendable {
    var trie = Trie()
    var routes = RouteList()
    var liveLeaves = 0
    var hooks = RouterHooks() { willSet { released.append(hooks) } }
    /// What changes dropped (routes, their handlers, a whole table, old hooks), released after the writer lock is let
    /// go (``Router/mutate(_:)``), so that a deinit of what they captured may call the router.
    var released: [any Sendable] = []

    func freeze(options: Router.Options) -> RouteTable {
        RouteTable(trie: trie, routes: routes, options: options, hooks: hooks)
    }

    /// `pattern` read with this router's types; ambiguous when two combinations are one to the trie.
    func parse(_ pattern: String, options: Router.Options) throws(RouteError) -> RoutePattern {
        // The types alone: a closure that reads `trie` captures a copy of the whole state.
        let types = trie.types
        let parsed = try RoutePattern(
            pattern, knownTypes: { name in types.contains { $0.name == name } }, limits: options.limits)
        guard parsed.expansions.count > 1 else { return parsed }
        let folds = { (depth: Int) in Trie.folds(depth: depth, caseInsensitivePaths: options.caseInsensitivePaths) }
        let shapes = parsed.expansions.map { $0.enumerated().map { $1.shape(folded: folds($0)) } }
        guard Set(shapes).count == shapes.count else {
            throw .invalidPattern(pattern, "its optional groups are ambiguous: two combinations have the same shape.")
        }
        return parsed
    }

    /// The patterns a registration puts in the trie: `text` itself, or one per link origin (each with its full text),
    /// and its origins lowercased.
    func parse(
        _ text: String, origins: [LinkOrigin], options: Router.Options
    ) throws(RouteError) -> (patterns: [RoutePattern], origins: [LinkOrigin]) {
        guard !origins.isEmpty else { return ([try parse(text, options: options)], []) }
        let listed = try LinkOrigin.validate(origins, path: text)
        _ = try parse(text, options: options)  // an error quotes the path as written, not an origin's full pattern
        var parsed: [RoutePattern] = []
        for origin in listed where parsed.count * (parsed.first?.expansions.count ?? 0) <= options.limits.maxRoutes {
            parsed.append(try parse(origin.pattern(text), options: options))  // `add` refuses those past the limit
        }
        return (parsed, listed)
    }

    /// Adds a route, refusing conflicts unless `replacing`. Everything is checked before any route or leaf changes, so
    /// a refused route leaves them as they were. With `origins`, the route has the leaves of every origin's pattern
    /// (see ``LinkOrigin``); with `typed`, its field check (see ``URLRoute``).
    ///
    /// - Complexity: O(pattern length × origins); independent of the number of routes.
    mutating func add(
        _ text: String, origins: [LinkOrigin] = [], priority: Int, access: RouteAccess, replacing: Bool,
        handler: Route.Handler, externalCheck: Route.ExternalCheck? = nil, typed: TypedRouteCheck? = nil,
        options: Router.Options
    ) throws(RouteError) {
        let (patterns, origins) = try parse(text, origins: origins, options: options)
        let leaves = patterns[0].expansions.count * max(origins.count, 1)
        // A lone leaf that replaces nothing is placed in one walk, which finds the place and makes its nodes: a conflict
        // means the whole path is there already, so a refused pattern adds nothing but looser priority bounds. Any other
        // route, or one past the limit (a conflict is the better error), is checked before anything changes.
        let checkedFirst = leaves > 1 || replacing || liveLeaves + leaves > options.limits.maxRoutes
        let found = checkedFirst ? owners(of: patterns, options: options).filter { $0 >= 0 } : []
        let replaced = found.enumerated().compactMap { found.firstIndex(of: $1) == $0 ? $1 : nil }  // each once
        if !replacing, !replaced.isEmpty { throw conflict(text, with: replaced) }
        let freed = replaced.reduce(0) { $0 + Int(routes.live($1).leafCount) }
        guard liveLeaves - freed + leaves <= options.limits.maxRoutes else {
            throw .limitExceeded(
                text,
                "it would make \(liveLeaves - freed + leaves) routes (one per combination of optional groups and origin); the limit is \(options.limits.maxRoutes) (Router.Limits.maxRoutes)."
            )
        }
        // Rebuilt once all are gone, and only then: a rebuild renumbers routes (`replaced`, a table loader's rows).
        for route in replaced { remove(route: route, options: options) }
        if !replaced.isEmpty { compactIfSparse(options: options) }
        let clamped = Int32(clamping: priority)
        let routeID = Int32(routes.count)
        let firstLeaf = Int32(trie.leaves.count)
        for pattern in patterns {
            for segments in pattern.expansions {
                let endpoint = trie.endpoint(
                    of: pattern, segments, caseInsensitivePaths: options.caseInsensitivePaths, create: true,
                    raising: clamped)!
                if !checkedFirst, case let existing = trie.leaf(at: endpoint), existing >= 0 {
                    throw conflict(text, with: [trie.leaves[Int(existing)].route])
                }
                trie.setLeaf(
                    at: endpoint, route: routeID, pattern: pattern.text, handler: handler, priority: clamped,
                    segments: segments)
            }
        }
        routes.append(
            Route(
                pattern: text, priority: clamped, access: access, returnsObject: handler.returnsObject,
                externalCheck: externalCheck, leafCount: Int32(leaves), firstLeaf: firstLeaf, origins: origins,
                typed: typed))
        if typed != nil { hooks.typedRoutes += 1 }
        liveLeaves += leaves
    }

    /// The error naming every registered route that `text` conflicts with, all of which `replacing: true` replaces.
    private func conflict(_ text: String, with found: [Int32]) -> RouteError {
        let (names, many) = (found.map { RouteError.quoted(routes.live($0).displayName) }, found.count > 1)
        return RouteError(
            .conflict,
            "Pattern \(RouteError.quoted(text)) conflicts with the registered pattern\(many ? "s" : "") \(names.joined(separator: ", ")): they have the same shape. Deregister \(many ? "them" : "it") first or register with replacing: true."
        )
    }

    /// The route whose leaf sits where `segments` of `pattern` end, or -1.
    mutating func owner(of pattern: RoutePattern, _ segments: [PatternSegment], options: Router.Options) -> Int32 {
        guard
            let endpoint = trie.endpoint(
                of: pattern, segments, caseInsensitivePaths: options.caseInsensitivePaths, create: false),
            case let leaf = trie.leaf(at: endpoint), leaf >= 0
        else { return -1 }
        return trie.leaves[Int(leaf)].route
    }

    /// ``owner(of:_:options:)`` of each expansion of each of `patterns`, in order.
    mutating func owners(of patterns: [RoutePattern], options: Router.Options) -> [Int32] {
        patterns.flatMap { pattern in pattern.expansions.map { owner(of: pattern, $0, options: options) } }
    }

    /// Removes the route registered with `text` and `origins` (or a pattern of the same shape, expansion for expansion,
    /// with the same origins in any order). Routes below it stay.
    mutating func remove(_ text: String, origins: [LinkOrigin], options: Router.Options) -> Bool {
        guard let (patterns, origins) = try? parse(text, origins: origins, options: options) else { return false }
        let owners = self.owners(of: patterns, options: options)
        guard let owner = owners.first, owner >= 0, owners.allSatisfy({ $0 == owner }),
            case let route = routes.live(owner), Set(route.origins) == Set(origins), route.leafCount == owners.count
        else { return false }
        remove(route: owner, options: options)
        compactIfSparse(options: options)
        return true
    }

    private mutating func remove(route id: Int32, options: Router.Options) {
        guard let route = routes[Int(id)] else { return }
        released.append(route)
        for pattern in (try? parse(route.pattern, origins: route.origins, options: options))?.patterns ?? [] {
            for segments in pattern.expansions {
                if let endpoint = trie.endpoint(
                    of: pattern, segments, caseInsensitivePaths: options.caseInsensitivePaths, create: false),
                    case let leaf = trie.leaf(at: endpoint), leaf >= 0, trie.leaves[Int(leaf)].route == id
                {
                    released.append(trie.handlers[Int(leaf)])
                    trie.removeLeaf(leaf, at: endpoint)
                }
            }
        }
        routes[Int(id)] = nil
        if route.typed != nil { hooks.typedRoutes -= 1 }
        liveLeaves -= Int(route.leafCount)
    }

    /// Removes every route; parameter types and hooks stay.
    mutating func removeAll() {
        hooks.typedRoutes = 0
        self = RouterState(trie: Trie(types: trie.types), hooks: hooks, released: released + [self])
    }

    /// Rebuilds the trie from the live routes, in registration order, once removed routes' leaves outnumber theirs:
    /// routes that come and go in a long-running process do not grow the table without bound.
    ///
    /// - Complexity: O(live leaves), at most once per as many removed: amortised O(1).
    private mutating func compactIfSparse(options: Router.Options) {
        guard trie.leaves.count >= 64, trie.leaves.count > 2 * liveLeaves else { return }
        var rebuilt = RouterState(trie: Trie(types: trie.types), hooks: hooks, released: released)
        rebuilt.hooks.typedRoutes = 0  // counted again as the typed routes are added
        for case let route? in routes {
            let added: Void? = try? rebuilt.add(
                route.pattern, origins: route.origins, priority: Int(route.priority), access: route.access,
                replacing: false, handler: trie.handlers[Int(route.firstLeaf)], externalCheck: route.externalCheck,
                typed: route.typed, options: options)
            assert(added != nil, "a live route is added again as it was: same options, same order")
        }
        self = rebuilt
    }
}
