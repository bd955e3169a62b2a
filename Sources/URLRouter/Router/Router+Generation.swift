extension Router {
    /// Builds a URL from a pattern: fills its placeholders, percent-encodes each value for its component, and puts the
    /// leftover parameters in the query, sorted by name.
    ///
    /// ```swift
    /// try router.url(for: "shop://item/:id", parameters: ["id": "42", "ref": "mail"])
    /// // "shop://item/42?ref=mail"
    /// try router.url(for: "files://open/**", parameters: ["**": "docs/a b.txt"])
    /// // "files://open/docs/a%20b.txt"
    /// ```
    ///
    /// An optional group is included when all its placeholders are given. `*` takes the parameter named `*`; `**` and a
    /// scheme's fallback (`shop://`) the one named `**`, a `/`-joined path; neither name goes to the query, even for a
    /// pattern without them. Matching the result against the pattern gives the parameters back, but for `*`, which
    /// matching does not capture. A scheme-less pattern (`/item/:id`) gives a path alone: `/item/42`.
    ///
    /// - Throws: ``RouteError`` naming a missing placeholder, an empty `*` or a `**` its group cannot print
    ///   (`.missingParameter`), an empty value, a `.`/`..` segment or one that fails its type (`.invalidParameter`), a
    ///   bad pattern, a URL over ``Limits``.
    public func url(for pattern: String, parameters: [String: String]) throws(RouteError) -> String {
        let types = currentTable().trie.types  // as an open reads them: no lock, from an update(_:) too
        let parsed = try RouterState(trie: Trie(types: types)).parse(pattern, options: options)
        var path: [String: String] = [:]
        var wildcard: [String] = []
        var segments: [String] = []
        /// How the next segment's values and suffixes are encoded: in the host, `:` and `@` too (``host(_:in:)``).
        var component: URLEncoding.Component { parsed.hasAuthority && segments.isEmpty ? .host : .pathSegment }
        func encoded(_ value: String, for name: String) throws(RouteError) -> String {
            guard !value.isEmpty, !URLScanner.isDotSegment(value.utf8) else {
                let what = value.isEmpty ? "is empty" : "is a dot segment, which URL parsers resolve away"
                throw RouteError(.invalidParameter, "The value for \(name) in \(RouteError.quoted(pattern)) \(what).")
            }
            return URLEncoding.encode(value, allowed: component)
        }
        for segment in try Self.expansion(of: parsed, for: parameters) + (parsed.isFallback ? [.catchAll] : []) {
            switch segment {
            case .literal(let text) where segments.isEmpty && parsed.hasAuthority:
                segments.append(Self.host(text, in: pattern))
            case .literal(let text):
                segments.append(URLEncoding.encode(text, allowed: .pathSegment))
            case .parameter(let name, let type, let suffix):
                let value = parameters[name]!
                if let type, let checker = types.first(where: { $0.name == type }),
                    !Array(value.utf8).withUnsafeBufferPointer({ checker.accepts($0) })
                {
                    let what = "for \":\(name)\" in \(RouteError.quoted(pattern)) is not of type \(type)."
                    throw RouteError(.invalidParameter, "The value \(RouteError.quoted(value)) \(what)")
                }
                path[name] = value
                segments.append(
                    try encoded(value, for: "\":\(name)\"") + URLEncoding.encode(suffix, allowed: component))
            case .wildcard:
                guard let value = parameters["*"], !value.isEmpty else {
                    throw RouteError(.missingParameter, "\(RouteError.quoted(pattern)) needs a value for \"*\".")
                }
                segments.append(try encoded(value, for: "\"*\""))
            case .catchAll:
                // Split on scalars, as matching splits on bytes: `/` followed by a combining mark
                // still separates segments.
                wildcard = (parameters["**"] ?? "").unicodeScalars.split(separator: "/").map { String(Substring($0)) }
                for piece in wildcard { segments.append(try encoded(piece, for: "\"**\"")) }
            }
        }
        let lostPath = wildcard.isEmpty && parameters["**", default: ""].contains { $0 != "/" }
        if lostPath, parsed.expansions.contains(where: { $0.last == .catchAll }) {
            let missing = "prints \"**\" only with the other placeholders of its optional group."
            throw RouteError(.missingParameter, "\(RouteError.quoted(pattern)) \(missing)")
        }
        var url = parsed.scheme.map { parsed.hasAuthority ? "\($0)://" : "\($0):" } ?? "/"
        url += segments.joined(separator: "/")
        let leftovers = parameters.filter { path[$0.key] == nil && $0.key != "*" && $0.key != "**" }
        let query = leftovers.sorted { $0.key < $1.key }.map { name, value in
            URLEncoding.encode(name, allowed: .queryItem) + "=" + URLEncoding.encode(value, allowed: .queryItem)
        }
        if !query.isEmpty { url += "?" + query.joined(separator: "&") }
        url = try openable(url)
        if parsed.expansions.count > 1 {
            try checkRoundTrip(url, pattern: pattern, types: types, path: path, wildcard: wildcard)
        }
        return url
    }

    /// Builds the link for `path` as `origin` prints it: `https://host/…` for a web host, `scheme://…` for a custom
    /// scheme. Placeholders and leftovers as in ``url(for:parameters:)``.
    ///
    /// ```swift
    /// try router.url(for: "item/:id", parameters: ["id": "42"], origin: .web("shop.example.com"))
    /// // "https://shop.example.com/item/42"
    /// try router.url(for: "item/:id", parameters: ["id": "42"], origin: .scheme("shop"))
    /// // "shop://item/42"
    /// ```
    /// - Throws: ``RouteError`` `.invalidParameter` when, for a combination of `path`'s optional groups, no route
    ///   registered for it (by its shape: placeholder names do not matter) has `origin`; `.invalidPattern`, as
    ///   registering, for a path with a scheme or a leading `/`; and the errors of ``url(for:parameters:)``.
    public func url(for path: String, parameters: [String: String], origin: LinkOrigin) throws(RouteError) -> String {
        try LinkOrigin.checkPath(path)  // `shop://item/:id` is no path: the message says so, not "no route has it"
        let normalized = try? origin.normalized(for: path), wanted = normalized ?? origin  // malformed: no route has it
        let table = currentTable()  // as an open reads it: no lock, from an update(_:) too
        var state = RouterState(trie: table.trie, routes: table.routes)
        _ = try state.parse(normalized?.pattern(path) ?? path, options: options)  // a bad path fails with its own error
        func serves(_ origin: LinkOrigin) -> Bool {  // whether routes there list it for every combination of `path`
            guard let parsed = try? state.parse(origin.pattern(path), options: options) else { return false }
            let owners = state.owners(of: [parsed], options: options)
            return owners.allSatisfy { $0 >= 0 && state.routes.live($0).origins.contains(origin) }
        }
        guard serves(wanted) else {
            let known = Set(table.routes.compactMap { $0?.origins }.joined()).filter(serves).map(\.description).sorted()
            let listed =
                known.isEmpty
                ? "no route is registered for it with link origins" : "its origins are \(known.joined(separator: ", "))"
            throw RouteError(
                .invalidParameter,
                "\(RouteError.quoted(path)) has no origin \(RouteError.quoted(wanted.description)): \(listed).")
        }
        return try url(for: wanted.pattern(path), parameters: parameters)
    }

    /// `url`, unless it is over a limit, so that this router would refuse to open it.
    func openable(_ url: String) throws(RouteError) -> String {
        guard case .overLimit(let problem) = currentTable().lookup(url) else { return url }
        throw .limitExceeded(url, problem)
    }

    /// Throws unless matching `url` against `pattern` alone gives back the values it was built from. Only optional
    /// groups can break that: two of their combinations may match the same URL, and matching prefers the more specific
    /// one (`p(/:x)(/:y<int>)` reads `p/5` as `y`; `a(/:v)/**` reads `a/q` as `v`, not as the path `q`).
    private func checkRoundTrip(
        _ url: String, pattern: String, types: [RouteParameterType], path: [String: String], wildcard: [String]
    ) throws(RouteError) {
        var alone = RouterState(trie: Trie(types: types))
        try alone.add(
            pattern, priority: 0, access: .public, replacing: false, handler: .action { _ in }, options: options)
        let quoted = RouteError.quoted
        guard case .matched(let match) = alone.freeze(options: options).lookup(url) else {
            throw RouteError(.invalidParameter, "\(quoted(url)) does not match \(quoted(pattern)).")
        }
        if match.parameters.path == path, match.wildcard == wildcard { return }
        var readBack = match.parameters.path.sorted { $0.key < $1.key }.map { ":\($0.key) = \(quoted($0.value))" }
        if !match.wildcard.isEmpty { readBack.append("** = \(quoted(match.wildcard.joined(separator: "/")))") }
        throw RouteError(
            .invalidParameter,
            "\(quoted(url)) would not give its values back from \(quoted(pattern)): another combination of its optional groups matches it first and reads \(readBack.isEmpty ? "no placeholders" : readBack.joined(separator: ", ")). Give that group's placeholders too, or register the combinations as separate patterns."
        )
    }

    /// A host literal with its `@`, `:`, `[` and `]` as `pattern` writes them: raw ones stay raw (`[::1]:8080`), encoded
    /// ones encoded (`a%40b`), so that other parsers find a port, userinfo or IPv6 address where the pattern has one.
    /// A host with optional groups (whose placeholders have `:` too) has them all encoded.
    private static func host(_ literal: String, in pattern: String) -> String {
        let pieces = literal.split(omittingEmptySubsequences: false) { ":@[]".contains($0) }
        var written = pattern.firstRange(of: "://").map { pattern[$0.upperBound...].prefix { $0 != "/" } } ?? ""
        while written.last == "(" { written.removeLast() }  // a group that opens the next segment
        let marks = written.matches(of: #/%40|%3A|%5B|%5D|[:@\[\]]/#.ignoresCase()).map { $0.output.uppercased() }
        guard marks.count == pieces.count - 1, !written.contains("(") else {
            return URLEncoding.encode(literal, allowed: .host)
        }
        return zip(pieces, marks + [""]).map { URLEncoding.encode(String($0), allowed: .host) + $1 }.joined()
    }

    /// The longest combination of optional groups whose placeholders are all given; `*` counts as a placeholder named
    /// `*`, while `**` may always take no segments.
    static func expansion(of pattern: RoutePattern, for parameters: [String: String]) throws(RouteError)
        -> [PatternSegment]
    {
        func missing(_ segment: PatternSegment) -> String? {
            switch segment {
            case .parameter(let name, _, _): parameters[name] == nil ? "\":\(name)\"" : nil
            case .wildcard: parameters["*"] == nil ? "\"*\"" : nil
            case .literal, .catchAll: nil
            }
        }
        let satisfied = pattern.expansions.filter { segments in segments.allSatisfy { missing($0) == nil } }
        // The last of the longest: combinations come in the order of their groups' bits, so of two
        // that differ by a group inside one segment (`:page(.json)`), the one with it.
        guard let best = satisfied.reversed().max(by: { $0.count < $1.count }) else {
            let names = pattern.expansions[0].compactMap(missing)
            throw RouteError(
                .missingParameter,
                "\(RouteError.quoted(pattern.text)) needs a value for " + names.joined(separator: ", ") + ".")
        }
        return best
    }
}
