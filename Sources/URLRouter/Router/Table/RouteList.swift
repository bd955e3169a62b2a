/// Every registered route of a router, by route number, in registration order. A removed route keeps its number (its
/// place is `nil`), since leaves in the trie refer to routes by number; compaction renumbers them all
/// (``RouterState``).
///
/// A route is stored whole but for its handler, which the trie keeps by leaf (``Trie/handlers``); a match reads its
/// pattern from its leaf (``Trie/Leaf``), which holds the same text as the route. Chunked (``ChunkedArray``): a
/// registration under a reader copies one chunk of routes, and `append` moves its route into the chunk without a copy.
typealias RouteList = ChunkedArray<Route?>

extension RouteList {
    /// The route numbered `id`, which a live leaf refers to, so it exists.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func live(_ id: Int32) -> Route {
        guard let route = self[Int(id)] else { preconditionFailure("route \(id) is removed but a leaf refers to it") }
        return route
    }
}
