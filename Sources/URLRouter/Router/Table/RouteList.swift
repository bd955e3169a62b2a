/// Every registered route of a router, by route number, in registration order. A removed route keeps its number (its
/// place is `nil`), since leaves in the trie refer to routes by number; compaction renumbers them all
/// (``RouterState``).
typealias RouteList = ChunkedArray<Route?>

extension RouteList {
    /// The route numbered `id`, which a live leaf refers to, so it exists.
    @inline(__always)
    func live(_ id: Int32) -> Route {
        guard let route = self[Int(id)] else { preconditionFailure("route \(id) is removed but a leaf refers to it") }
        return route
    }
}
