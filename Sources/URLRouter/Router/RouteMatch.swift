// No lexical lifetime: a value may be released after its last use instead of at the end of its
// scope (it has no deinit to order). Without this, `if let match = router.match(url)` followed by
// `match.parameters["id"]` copied the match, one more pair of atomic reference counts a hit.

/// The result of ``Router/match(_:)-(String)``: which pattern won and the URL's parameters. Nothing runs.
///
/// ```swift
/// if let match = router.match("shop://item/42?ref=home") {
///     match.pattern              // "shop://item/:id"
///     match.parameters["id"]     // "42"
/// }
/// ```
@_eagerMove
public struct RouteMatch: Sendable, CustomStringConvertible {
    /// The URL's parameters: path placeholders, then query items (`match.parameters["id"]`).
    public let parameters: RouteParameters

    var table: RouteTable { parameters.table }
    private var leaf: Trie.Leaf { table.trie.leaves[Int(parameters.leaf)] }
    var routeID: Int32 { leaf.route }
    var route: Route { table.routes.live(routeID) }

    /// The winning pattern, as registered. For a route with link origins, the full pattern of the origin the URL came
    /// through (`https://shop.example.com/item/:id`).
    ///
    /// - Complexity: O(1).
    public var pattern: String { leaf.pattern }
    /// The winning route's priority: 0 unless it was registered with `priority:`.
    public var priority: Int { Int(route.priority) }
    /// The URL as matched: `shop://item/42?ref=home`.
    public var url: String { parameters.url }

    /// The segments `**` (or a scheme fallback) took, percent-decoded; empty otherwise.
    public var wildcard: [String] {
        let from = Int(leaf.catchAllFrom)
        guard from >= 0 else { return [] }
        return parameters.withBytes { bytes in
            let tail = URLScanner.pathTail(from: from, in: bytes)
            return UnsafeBufferPointer(rebasing: bytes[tail.start..<tail.pathEnd])
                .split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
                .map { segment in segment.withUnsafeBufferPointer { PercentDecoding.string($0, plusAsSpace: false) } }
        }
    }

    /// The parameters, `**` being the path a `**` took, never a query item: what a bridge and its policy read.
    var parametersWithWildcard: [String: String] {
        var values = parameters.dictionary
        if hasCatchAll { values["**"] = wildcard.isEmpty ? nil : wildcard.joined(separator: "/") }
        return values
    }

    /// Whether the route has a `**`, in any combination of its optional groups, under any origin.
    var hasCatchAll: Bool {
        (route.firstLeaf..<route.firstLeaf + route.leafCount).contains { table.trie.leaves[Int($0)].catchAllFrom >= 0 }
    }

    /// The fragment after `#`, percent-decoded; nil when there is none.
    public var fragment: String? {
        guard parameters.offsets.hasFragment else { return nil }
        return parameters.withBytes { bytes in
            let start = URLScanner.queryAndFragment(in: bytes).fragmentStart
            guard start >= 0 else { return nil }
            return PercentDecoding.string(UnsafeBufferPointer(rebasing: bytes[start...]), plusAsSpace: false)
        }
    }

    /// `pattern` and the parameters.
    public var description: String { "\(pattern) \(parameters)" }
}
