extension Route {
    /// How messages name the route: the pattern, and for a route with link origins, its
    /// origins (`item/:id [shop, https://shop.example.com]`).
    var displayName: String {
        origins.isEmpty ? pattern : Self.displayName(pattern, origins: origins)
    }

    static func displayName(_ pattern: String, origins: [LinkOrigin]) -> String {
        "\(pattern) [\(origins.map(\.description).joined(separator: ", "))]"
    }

    /// The full pattern of every origin (`shop://item/:id`, `https://shop.example.com/item/:id`),
    /// or the pattern alone.
    var originPatterns: [String] { fullPatterns.isEmpty ? [pattern] : fullPatterns }

    /// The full pattern of the origin whose leaf `leaf` (one of this route's) is: the leaves
    /// are numbered origin by origin, each origin with as many as the path has expansions.
    ///
    /// - Complexity: O(1).
    func originPattern(leaf: Int32) -> String {
        guard !fullPatterns.isEmpty else { return pattern }
        let perOrigin = Int(leafCount) / fullPatterns.count
        return fullPatterns[Int(leaf - firstLeaf) / perOrigin]
    }
}
