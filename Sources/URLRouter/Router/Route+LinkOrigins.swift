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
    var originPatterns: [String] { origins.isEmpty ? [pattern] : origins.map { $0.pattern(pattern) } }
}
