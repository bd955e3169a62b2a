/// Every registered route of a router, by route number, in registration order. A removed
/// route keeps its number (its place is `nil`), since leaves in the trie refer to routes by
/// number; compaction renumbers them all (``RouterState``).
///
/// A route is stored whole but for its handler, which the trie keeps by leaf
/// (``Trie/handlers``); a match reads its pattern from its leaf (``Trie/Leaf``), which holds
/// the same text as the route. `append` consumes its route and moves it into the chunked
/// storage, without a copy (see ``ChunkedArray``).
struct RouteList: Sendable, RandomAccessCollection {
    /// Chunked (``ChunkedArray``): a registration under a reader copies one chunk of routes.
    private var entries = ChunkedArray<Route?>()

    var startIndex: Int { 0 }
    var endIndex: Int { entries.count }

    /// The route numbered `index`, nil once removed.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    subscript(index: Int) -> Route? { entries[index] }

    /// The route numbered `id`, which a live leaf refers to, so it exists.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func live(_ id: Int32) -> Route {
        guard let route = entries[Int(id)] else {
            preconditionFailure("route \(id) is removed but a leaf refers to it")
        }
        return route
    }

    /// The pattern of route `id`, which a live leaf refers to; reads that field alone.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func pattern(_ id: Int32) -> String {
        guard let pattern = entries[Int(id)]?.pattern else { preconditionFailure("route \(id) is removed") }
        return pattern
    }

    /// Adds `route` with the next number.
    mutating func append(_ route: consuming Route) {
        entries.append(route)
    }

    /// Removes route `id`; its number stays taken, and its handlers go with the last snapshot
    /// that holds them.
    mutating func remove(_ id: Int32) {
        entries[Int(id)] = nil
    }
}
