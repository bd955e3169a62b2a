extension Router {
    /// Builds a URL from a pattern: fills its placeholders, percent-encodes each value for its
    /// component, and puts the leftover parameters in the query, sorted by name.
    ///
    /// ```swift
    /// try router.url(for: "shop://item/:id", parameters: ["id": "42", "ref": "mail"])
    /// // "shop://item/42?ref=mail"
    /// try router.url(for: "files://open/**", parameters: ["**": "docs/a b.txt"])
    /// // "files://open/docs/a%20b.txt"
    /// ```
    ///
    /// An optional group is included when all its placeholders are given. `*` takes the
    /// parameter named `*`; `**` the one named `**`, a `/`-joined path. Matching the result
    /// against the pattern gives the parameters back.
    ///
    /// - Throws: ``RouteError`` naming a missing placeholder (`.missingParameter`), or an empty
    ///   value or one that fails its type (`.invalidParameter`), or a bad pattern.
    public func url(for pattern: String, parameters: [String: String]) throws(RouteError) -> String {
        let (parsed, types) = try state.withLock { (state: inout RouterState) throws(RouteError) in
            (try state.parse(pattern, options: options), state.trie.types)
        }
        let chosen = try Self.expansion(of: parsed, for: parameters)
        var used = Set<String>()
        var segments: [String] = []
        for segment in chosen {
            switch segment {
            case .literal(let text):
                segments.append(URLEncoding.encode(text, allowed: .pathSegment))
            case .parameter(let name, let type, let suffix):
                let value = parameters[name]!
                guard !value.isEmpty else {
                    throw RouteError(
                        .invalidParameter, "The value for \":\(name)\" in \(RouteError.quoted(pattern)) is empty.")
                }
                if let type, let checker = types.first(where: { $0.name == type }) {
                    var bytes = Array(value.utf8)
                    guard bytes.withUnsafeMutableBufferPointer({ checker.accepts(UnsafeBufferPointer($0)) }) else {
                        throw RouteError(
                            .invalidParameter,
                            "The value \(RouteError.quoted(value)) for \":\(name)\" in \(RouteError.quoted(pattern)) is not of type \(type)."
                        )
                    }
                }
                used.insert(name)
                segments.append(
                    URLEncoding.encode(value, allowed: .pathSegment) + URLEncoding.encode(suffix, allowed: .pathSegment)
                )
            case .wildcard:
                guard let value = parameters["*"], !value.isEmpty else {
                    throw RouteError(.missingParameter, "\(RouteError.quoted(pattern)) needs a value for \"*\".")
                }
                used.insert("*")
                segments.append(URLEncoding.encode(value, allowed: .pathSegment))
            case .catchAll:
                used.insert("**")
                // Split on scalars, as matching splits on bytes: `/` followed by a combining mark
                // still separates segments.
                let pieces = (parameters["**"] ?? "").unicodeScalars.split(
                    separator: "/", omittingEmptySubsequences: true)
                segments.append(
                    contentsOf: pieces.map { URLEncoding.encode(String(Substring($0)), allowed: .pathSegment) })
            }
        }
        var url = ""
        if let scheme = parsed.scheme { url = parsed.hasAuthority ? "\(scheme)://" : "\(scheme):" } else { url = "/" }
        url += segments.joined(separator: "/")
        let leftovers = parameters.filter { !used.contains($0.key) && $0.key != "*" && $0.key != "**" }
        if !leftovers.isEmpty {
            url +=
                "?"
                + leftovers.sorted { $0.key < $1.key }.map {
                    URLEncoding.encode($0.key, allowed: .queryItem) + "="
                        + URLEncoding.encode($0.value, allowed: .queryItem)
                }.joined(separator: "&")
        }
        if parsed.expansions.count > 1 {
            try checkRoundTrip(url, pattern: pattern, types: types, chosen: chosen, parameters: parameters)
        }
        return url
    }

    /// Throws unless matching `url` against `pattern` alone gives back the values it was built
    /// from. Only optional groups can break that: two of their combinations may match the same
    /// URL, and matching prefers the more specific one (`p(/:x)(/:y<int>)` reads `p/5` as `y`;
    /// `a(/:v)/**` reads `a/q` as `v`, not as the path `q`).
    private func checkRoundTrip(
        _ url: String, pattern: String, types: [RouteParameterType], chosen: [PatternSegment],
        parameters: [String: String]
    ) throws(RouteError) {
        var alone = RouterState()
        alone.trie.types = types
        try alone.add(
            pattern, priority: 0, access: .public, replacing: false, handler: .action { _ in }, options: options)
        let lookup = alone.freeze(options: options).lookup(url)
        // Over a limit, opening the URL will say so; there is nothing to read back.
        if case .overLimit = lookup { return }
        var expected: [String: String] = [:]
        for case .parameter(let name, _, _) in chosen { expected[name] = parameters[name] }
        let path = (parameters["**"] ?? "").unicodeScalars.split(separator: "/").map { String(Substring($0)) }
        let expectedWildcard = chosen.last == .catchAll ? path : []
        guard case .matched(let match) = lookup else {
            throw RouteError(
                .invalidParameter, "\(RouteError.quoted(url)) does not match \(RouteError.quoted(pattern)).")
        }
        if match.parameters.path == expected, match.wildcard == expectedWildcard { return }
        var readBack = match.parameters.path.sorted { $0.key < $1.key }.map {
            ":\($0.key) = \(RouteError.quoted($0.value))"
        }
        if !match.wildcard.isEmpty {
            readBack.append("** = \(RouteError.quoted(match.wildcard.joined(separator: "/")))")
        }
        throw RouteError(
            .invalidParameter,
            "\(RouteError.quoted(url)) would not give its values back from \(RouteError.quoted(pattern)): another combination of its optional groups matches it first and reads \(readBack.isEmpty ? "no placeholders" : readBack.joined(separator: ", ")). Give that group's placeholders too, or register the combinations as separate patterns."
        )
    }

    /// The longest combination of optional groups whose placeholders are all given; `*` counts
    /// as a placeholder named `*`, while `**` may always take no segments.
    private static func expansion(of pattern: RoutePattern, for parameters: [String: String]) throws(RouteError)
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
        guard let best = satisfied.max(by: { $0.count < $1.count }) else {
            let names = pattern.expansions[0].compactMap(missing)
            throw RouteError(
                .missingParameter,
                "\(RouteError.quoted(pattern.text)) needs a value for " + names.joined(separator: ", ") + ".")
        }
        return best
    }
}
