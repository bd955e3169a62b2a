extension Route {
    /// How messages name the route: the pattern, and for a route with link sources, its
    /// sources (`item/:id [shop, https://shop.example.com]`).
    var displayName: String {
        sources.isEmpty ? pattern : Self.displayName(pattern, sources: sources)
    }

    static func displayName(_ pattern: String, sources: [LinkSource]) -> String {
        "\(pattern) [\(sources.map(\.description).joined(separator: ", "))]"
    }

    /// The full pattern of every source (`shop://item/:id`, `https://shop.example.com/item/:id`),
    /// or the pattern alone.
    var sourcePatterns: [String] {
        sources.isEmpty ? [pattern] : sources.map { $0.pattern(pattern) }
    }

    /// The full pattern of the source `url` came through: the one of its scheme, or for a web
    /// link, of its host. Only called with a URL that matched this route.
    func sourcePattern(matching url: String) -> String {
        guard !sources.isEmpty else { return pattern }
        let scheme = url.prefix { $0 != ":" }.lowercased()
        let host = LinkSource.webHost(of: url)
        let source = sources.first { source in
            switch source {
            case .scheme(let name): name == scheme
            case .web(let name): host == name
            }
        }
        return (source ?? sources[0]).pattern(pattern)
    }
}
