/// A registered route as the table keeps it.
struct Route: Sendable {
    enum Handler: Sendable {
        case action(@Sendable (RouteRequest) -> Void)
        case object(@Sendable (RouteRequest) -> Any?)
    }
    /// Why an external open of a match is refused, or nil: a policy of whoever registered the
    /// route (the bridge asks the mediator's remote rules).
    typealias ExternalCheck = @Sendable (RouteMatch) -> String?

    let pattern: String
    let priority: Int32
    let access: RouteAccess
    let handler: Handler
    let externalCheck: ExternalCheck?
    /// Its leaves are `firstLeaf..<firstLeaf + leafCount` in the trie.
    let firstLeaf: Int32
    let leafCount: Int32
}

/// An immutable snapshot of everything matching needs. Opens read one snapshot from start to
/// end, so a concurrent registration never shows them a half-built table.
final class RouteTable: Sendable {
    let trie: Trie
    let routes: [Route?]
    let options: Router.Options
    let hooks: RouterHooks

    init(trie: Trie, routes: [Route?], options: Router.Options, hooks: RouterHooks) {
        self.trie = trie
        self.routes = routes
        self.options = options
        self.hooks = hooks
    }

    /// The route of a leaf. Leaves reached by matching always belong to a live route.
    @inline(__always)
    func route(ofLeaf leaf: Int32) -> Route {
        routes[Int(trie.leaves[Int(leaf)].route)]!
    }
}

/// What the router runs around every open besides the handler: interceptors and observers.
/// Part of the snapshot, so that an open sees one consistent set from start to end.
struct RouterHooks: Sendable {
    var interceptors: [any RouteInterceptor] = []
    var observers: [Observer] = []
}
