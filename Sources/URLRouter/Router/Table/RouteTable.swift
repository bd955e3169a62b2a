/// A registered route, whole.
struct Route: Sendable {
    enum Handler: Sendable {
        case action(@Sendable (RouteRequest) -> Void)
        case object(@Sendable (RouteRequest) -> Any?)

        /// What a removed route's leaves hold, so that its closure is released with them.
        static let removed = Handler.action { _ in }

        /// Whether this is an object handler, whose return value completes the request.
        var returnsObject: Bool { if case .object = self { true } else { false } }
    }
    /// Why an external open of a match is refused, or nil: a policy of whoever registered the route (the bridge asks
    /// the mediator's remote rules).
    typealias ExternalCheck = @Sendable (RouteMatch) -> String?

    let pattern: String
    let priority: Int32
    let access: RouteAccess
    /// Whether its handler is an object handler (its handler itself is in the trie, by leaf: ``Trie/handlers``).
    let returnsObject: Bool
    let externalCheck: ExternalCheck?
    /// How many leaves (expansions of its optional groups, for each origin) it has in the trie.
    let leafCount: Int32
    /// Its first leaf: where its handler is found when the table is rebuilt.
    let firstLeaf: Int32
    /// The link origins `pattern` serves (then written without a scheme); empty for a plain pattern.
    var origins: [LinkOrigin] = []
    /// A typed route's field check (see ``URLRoute``); nil for other routes.
    var typed: TypedRouteCheck?

    /// How messages name the route: the pattern, and for a route with link origins, its origins (`item/:id [shop,
    /// https://shop.example.com]`).
    var displayName: String { Self.displayName(pattern, origins: origins) }

    static func displayName(_ pattern: String, origins: [LinkOrigin]) -> String {
        origins.isEmpty ? pattern : "\(pattern) [\(origins.map(\.description).joined(separator: ", "))]"
    }
}

/// An immutable snapshot of everything matching needs. Opens read one snapshot from start to end, so a concurrent
/// registration never shows them a half-built table.
final class RouteTable: Sendable {
    let trie: Trie
    let routes: RouteList
    let options: Router.Options
    let hooks: RouterHooks

    init(trie: Trie, routes: RouteList, options: Router.Options, hooks: RouterHooks) {
        (self.trie, self.routes, self.options, self.hooks) = (trie, routes, options, hooks)
    }
}

/// What the router runs around every open besides the handler: interceptors and observers. Part of the snapshot, so
/// that an open sees one consistent set from start to end.
struct RouterHooks: Sendable {
    var interceptors: [@Sendable (RouteInterception) -> RouteInterception.Decision] = []
    var observers: [Observer] = []
    /// How many routes are typed: with none, lookups skip the field checks.
    var typedRoutes = 0
}
