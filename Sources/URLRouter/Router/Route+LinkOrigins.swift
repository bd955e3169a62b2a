extension Route {
    /// How messages name the route: the pattern, and for a route with link origins, its
    /// origins (`item/:id [shop, https://shop.example.com]`).
    var displayName: String { Self.displayName(pattern, origins: origins) }

    static func displayName(_ pattern: String, origins: [LinkOrigin]) -> String {
        origins.isEmpty ? pattern : "\(pattern) [\(origins.map(\.description).joined(separator: ", "))]"
    }
}
