/// What the router runs around every open besides the handler: interceptors and observers.
/// Part of the snapshot, so that an open sees one consistent set from start to end.
struct RouterHooks: Sendable {
    var interceptors: [any RouteInterceptor] = []
    var observers: [Observer] = []
}
