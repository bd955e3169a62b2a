/// A parsed, validated pattern: scheme, segments, and every expansion of its optional groups.
///
/// ```
/// "shop://item/:id(/reviews)"  →  scheme "shop", expansions [item, :id] and [item, :id, reviews]
/// "shop://"                    →  the fallback of scheme "shop"
/// "/item/:id"                  →  scheme-less: serves every scheme
/// ```
struct RoutePattern: Sendable {
    /// The pattern as the user wrote it.
    let text: String
    /// Lowercased scheme, or nil for a scheme-less pattern.
    let scheme: String?
    /// `//` follows the scheme (`shop://item`, not `tel:123`).
    let hasAuthority: Bool
    /// `scheme://` alone: the scheme's fallback route.
    let isFallback: Bool
    /// Every combination of optional groups, each a list of segments.
    let expansions: [[PatternSegment]]

    /// The most expansions optional groups may produce.
    static let maxExpansions = 64
    /// The deepest optional groups may nest. Parsing recurses once per level, and nesting adds
    /// about one combination per level, so deeper patterns could only be refused later anyway.
    static let maxGroupDepth = 16

    /// Parses and validates `text`.
    ///
    /// - Parameters:
    ///   - knownTypes: names allowed between `<` and `>`.
    ///   - limits: the router's limits on pattern length and segment count.
    init(_ text: String, knownTypes: (String) -> Bool, limits: Router.Limits) throws(RouteError) {
        self.text = text
        func fail(_ problem: String) -> RouteError { .invalidPattern(text, problem) }

        guard text.utf8.count <= limits.maxPatternLength else {
            throw RouteError(.limitExceeded,
                "Pattern \(RouteError.quoted(text)) is \(text.utf8.count) bytes; the limit is \(limits.maxPatternLength) (Router.Limits.maxPatternLength).")
        }
        // Structure is found on Unicode scalars, never on Characters: a combining mark after
        // `/`, `?`, `:` or `>` must not hide it, since URLs are split on those bytes.
        if let bad = text.unicodeScalars.first(where: { $0 == "?" || $0 == "#" }) {
            throw fail("a pattern has no query or fragment, but it contains \"\(bad)\".")
        }
        if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw fail("it contains the control character U+\(String(control.value, radix: 16, uppercase: true)).")
        }
        var rest = Substring(text)
        if let (scheme, afterScheme) = URLScanner.splitScheme(rest) {
            self.scheme = scheme.lowercased()
            rest = afterScheme
            self.hasAuthority = rest.hasPrefix("//")
            self.isFallback = hasAuthority && rest.allSatisfy { $0 == "/" }
        } else {
            self.scheme = nil
            self.hasAuthority = false
            self.isFallback = false
        }

        let alternatives = try Self.expandGroups(rest, fail: fail)
        var expansions: [[PatternSegment]] = []
        // Combinations of optional groups repeat the same segments; each is parsed once. Keyed
        // by bytes: `String` equality would take canonically equivalent literals for one.
        var parsed: [[UInt8]: PatternSegment] = [:]
        for alternative in alternatives {
            let segments = try Self.parseSegments(alternative, knownTypes: knownTypes, parsed: &parsed, fail: fail)
            guard segments.count <= limits.maxSegments else {
                throw RouteError(.limitExceeded,
                    "Pattern \(RouteError.quoted(text)) has \(segments.count) segments; the limit is \(limits.maxSegments) (Router.Limits.maxSegments).")
            }
            expansions.append(segments)
        }
        let shapes = expansions.map { $0.map(\.shape) }
        if Set(shapes).count != shapes.count {
            throw fail("its optional groups are ambiguous: two combinations have the same shape.")
        }
        self.expansions = isFallback ? [[]] : expansions
    }

    /// Expands optional groups: `a(/b)(/c)` → `a`, `a/b`, `a/c`, `a/b/c`. Groups may nest.
    static func expandGroups(_ text: Substring, fail: (String) -> RouteError) throws(RouteError) -> [String] {
        let scalars = text.unicodeScalars
        if !scalars.contains("("), !scalars.contains(")") { return [String(text)] }
        var index = scalars.startIndex
        let result = try expandSequence(scalars, &index, depth: 0, fail: fail)
        return result
    }

    private static func expandSequence(
        _ text: Substring.UnicodeScalarView, _ index: inout Substring.Index, depth: Int, fail: (String) -> RouteError
    ) throws(RouteError) -> [String] {
        var results = [""]
        // Ordinary characters since the last group, appended to every result at once: one
        // append per character per result would be quadratic in the pattern's length.
        var run = ""
        func flush() {
            guard !run.isEmpty else { return }
            results = results.map { $0 + run }
            run = ""
        }
        while index < text.endIndex {
            let character = text[index]
            if character == "(" {
                flush()
                guard depth < maxGroupDepth else { throw fail("its optional groups nest more than \(maxGroupDepth) deep.") }
                text.formIndex(after: &index)
                let inner = try expandSequence(text, &index, depth: depth + 1, fail: fail)
                guard index < text.endIndex, text[index] == ")" else { throw fail("an optional group \"(\" is never closed.") }
                text.formIndex(after: &index)
                results = results.flatMap { prefix in [prefix] + inner.map { prefix + $0 } }
                guard results.count <= maxExpansions else {
                    throw fail("its optional groups make more than \(maxExpansions) combinations.")
                }
            } else if character == ")" {
                guard depth > 0 else { throw fail("\")\" closes no optional group.") }
                flush()
                return results
            } else {
                run.unicodeScalars.append(character)
                text.formIndex(after: &index)
            }
        }
        flush()
        return results
    }

    /// Splits one expansion on `/` (empty segments mean nothing) and parses each segment.
    static func parseSegments(
        _ path: String, knownTypes: (String) -> Bool, parsed: inout [[UInt8]: PatternSegment],
        fail: (String) -> RouteError
    ) throws(RouteError) -> [PatternSegment] {
        var segments: [PatternSegment] = []
        var names = Set<String>()
        // `/` is one byte that UTF-8 never uses inside a longer sequence: splitting bytes is
        // splitting scalars, without decoding them.
        var path = path
        let parts = path.withUTF8 { bytes in
            bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map { part in
                (key: Array(part), range: part.startIndex..<part.endIndex)
            }
        }
        for (position, part) in parts.enumerated() {
            let segment: PatternSegment
            if let known = parsed[part.key] {
                segment = known
            } else {
                let utf8 = path.utf8
                let text = Substring(utf8[utf8.index(utf8.startIndex, offsetBy: part.range.lowerBound)
                    ..< utf8.index(utf8.startIndex, offsetBy: part.range.upperBound)])
                segment = try parseSegment(text, knownTypes: knownTypes, fail: fail)
                parsed[part.key] = segment
            }
            if case .catchAll = segment, position != parts.count - 1 {
                throw fail("\"**\" must be the last segment.")
            }
            if let name = segment.name {
                guard names.insert(name).inserted else { throw fail("the placeholder name \"\(name)\" is used twice.") }
            }
            segments.append(segment)
        }
        return segments
    }

    static func parseSegment(
        _ part: Substring, knownTypes: (String) -> Bool, fail: (String) -> RouteError
    ) throws(RouteError) -> PatternSegment {
        if part == "**" { return .catchAll }
        if part == "*" { return .wildcard }
        guard part.unicodeScalars.first == ":" else { return .literal(PercentDecoding.bytes(part)) }

        let body = part.unicodeScalars.dropFirst()
        let name = body.prefix { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        let nameText = String(Substring(name))
        guard let first = name.first else {
            throw fail("the placeholder \"\(part)\" has an empty name; a name is [A-Za-z_][A-Za-z0-9_]*.")
        }
        guard !("0"..."9").contains(first) else {
            throw fail("the placeholder name \"\(nameText)\" starts with a digit; a name is [A-Za-z_][A-Za-z0-9_]*.")
        }
        var rest = body.dropFirst(name.count)
        var type: String?
        if rest.first == "<" {
            guard let close = rest.firstIndex(of: ">") else { throw fail("\"<\" in \"\(part)\" is never closed.") }
            let typeName = String(Substring(rest[rest.index(after: rest.startIndex)..<close]))
            guard !typeName.isEmpty else { throw fail("the placeholder \"\(part)\" has an empty type.") }
            guard knownTypes(typeName) else {
                throw fail("unknown type \"\(typeName)\" in \"\(part)\"; register it with a RouteParameterType first.")
            }
            type = typeName
            rest = rest[rest.index(after: close)...]
        }
        if rest.contains("<") || rest.contains(">") {
            throw fail("unexpected \"<\" or \">\" after the placeholder in \"\(part)\".")
        }
        return .parameter(name: nameText, type: type, suffix: PercentDecoding.bytes(Substring(rest)))
    }
}
