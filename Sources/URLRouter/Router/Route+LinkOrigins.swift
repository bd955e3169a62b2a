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
    var originPatterns: [String] {
        origins.isEmpty ? [pattern] : origins.map { $0.pattern(pattern) }
    }

    /// The full pattern of the origin `url` came through: the one of its scheme, or for a web
    /// link, of its host. Only called with a URL that matched this route.
    func originPattern(matching url: String) -> String {
        guard !origins.isEmpty else { return pattern }
        let scheme = LinkOrigin.scheme(of: url)
        let host = LinkOrigin.webHost(of: url)
        let origin = origins.first { origin in
            switch origin {
            case .scheme(let name): name == scheme
            case .web(let name): host == name
            }
        }
        return (origin ?? origins[0]).pattern(pattern)
    }
}
