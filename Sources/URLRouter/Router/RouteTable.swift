/// A registered route, whole (``RouteList`` keeps it compactly).
struct Route: Sendable {
    typealias Action = @Sendable (RouteRequest) -> Void
    typealias ObjectHandler = @Sendable (RouteRequest) -> Any?
    enum Handler: Sendable {
        case action(Action)
        case object(ObjectHandler)
    }
    /// Why an external open of a match is refused, or nil: a policy of whoever registered the
    /// route (the bridge asks the mediator's remote rules).
    typealias ExternalCheck = @Sendable (RouteMatch) -> String?

    let pattern: String
    let priority: Int32
    let access: RouteAccess
    let handler: Handler
    let externalCheck: ExternalCheck?
    /// How many leaves (expansions of its optional groups) it has in the trie.
    let leafCount: Int32
}

/// An immutable snapshot of everything matching needs. Opens read one snapshot from start to
/// end, so a concurrent registration never shows them a half-built table.
final class RouteTable: Sendable {
    let trie: Trie
    let routes: RouteList
    let options: Router.Options
    let hooks: RouterHooks
    /// Raw views of `trie`'s arrays, valid while this table lives.
    let view: TrieView
    /// Whether matching can run the app's code (a custom ``RouteParameterType``'s check, or
    /// the `Decodable` conformance of a typed route's fields).
    let hasCustomTypes: Bool

    init(trie: Trie, routes: RouteList, options: Router.Options, hooks: RouterHooks) {
        self.trie = trie
        self.routes = routes
        self.options = options
        self.hooks = hooks
        self.view = trie.makeView()
        self.hasCustomTypes = trie.types.count > RouteParameterType.builtins.count || !hooks.typedRoutes.isEmpty
    }

    /// Another object over the same storage, for one thread's own use.
    init(copying table: RouteTable) {
        self.trie = table.trie
        self.routes = table.routes
        self.options = table.options
        self.hooks = table.hooks
        self.view = table.view
        self.hasCustomTypes = table.hasCustomTypes
    }
}

/// What the router runs around every open besides the handler: interceptors and observers.
/// Part of the snapshot, so that an open sees one consistent set from start to end.
struct RouterHooks: Sendable {
    var interceptors: [any RouteInterceptor] = []
    var observers: [Observer] = []
    /// The field checks of typed routes, by pattern as registered (see ``URLRoute``).
    var typedRoutes: [String: TypedRouteCheck] = [:]
}
