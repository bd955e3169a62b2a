/// A parsed, validated pattern: scheme, segments, and every expansion of its optional groups. The router's one pattern
/// parser: registration, deregistration, generation and `explain` all read patterns through it.
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
    /// The deepest optional groups may nest. Parsing recurses once per level, and nesting adds about one combination
    /// per level, so deeper patterns could only be refused later anyway.
    static let maxGroupDepth = 16

    /// Parses and validates `text`, on its UTF-8 bytes: every byte that gives a pattern its structure (`:`, `/`, `(`,
    /// `)`, `<`, `>`, `*`) is ASCII, and UTF-8 never uses an ASCII byte inside a longer sequence, so splitting bytes is
    /// splitting scalars.
    ///
    /// - Parameters:
    ///   - knownTypes: names allowed between `<` and `>`.
    ///   - limits: the router's limits on pattern length and segment count.
    /// - Complexity: O(pattern length × expansions).
    init(_ text: String, knownTypes: (String) -> Bool, limits: Router.Limits) throws(RouteError) {
        guard text.utf8.count <= limits.maxPatternLength else {
            let size =
                "\(text.utf8.count) bytes; the limit is \(limits.maxPatternLength) (Router.Limits.maxPatternLength)"
            throw RouteError(.limitExceeded, "Pattern \(RouteError.quoted(text)) is \(size).")
        }
        var utf8 = text
        self.text = text
        (scheme, hasAuthority, isFallback, expansions) = try utf8.withUTF8 { bytes in
            Result { () throws(RouteError) in
                try Parser(text: text, limits: limits).parse(bytes, knownTypes: knownTypes)
            }
        }.get()
    }
}

/// The byte-wise parse behind ``RoutePattern/init(_:knownTypes:limits:)``.
///
/// Cost, in one paragraph: registering a route parses its pattern, so the parse does each job once. One loop over the
/// bytes finds what the early checks need (a `?` or `#`, a control character or line separator, optional groups) and
/// counts the `/` bytes, which bound the segments well enough that they are seldom counted apart; the scheme, ASCII by
/// its grammar, is lowercased by folding its bytes; each segment is parsed as its run of bytes is found; and a literal
/// is a `String` of its own, inline when short, rather than a slice of a buffer that every literal of the pattern
/// shares.
private struct Parser {
    let text: String
    let limits: Router.Limits

    func fail(_ problem: String) -> RouteError { .invalidPattern(text, problem) }

    func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, knownTypes: (String) -> Bool
    ) throws(RouteError) -> (scheme: String?, hasAuthority: Bool, isFallback: Bool, expansions: [[PatternSegment]]) {
        var queryOrFragment: UInt8?
        var mayBreakLines = false
        var hasGroups = false
        var slashes = 0
        // Every byte looked for is below 0x40, or from DEL on: letters and `_` skip the switch.
        for byte in bytes where byte < 0x40 || byte >= 0x7F {
            switch byte {
            case UInt8(ascii: "/"): slashes += 1
            case UInt8(ascii: "?"), UInt8(ascii: "#"): queryOrFragment = queryOrFragment ?? byte
            case ..<0x20, 0x7F...: mayBreakLines = true
            case UInt8(ascii: "("), UInt8(ascii: ")"): hasGroups = true
            default: break
            }
        }
        if let queryOrFragment {
            throw fail(
                "a pattern has no query or fragment, but it contains \"\(Character(UnicodeScalar(queryOrFragment)))\".")
        }
        if mayBreakLines, let scalar = text.unicodeScalars.first(where: RouteError.breaksLines) {
            let code = ("000" + String(scalar.value, radix: 16, uppercase: true)).suffix(4)  // U+0009
            throw fail("it contains U+\(code), a control character or line break.")
        }
        var rest = bytes[...]
        var scheme: String?
        var hasAuthority = false
        let schemeLength = URLScanner.schemeLength(bytes)
        if schemeLength > 0 {
            scheme = String(unsafeUninitializedCapacity: schemeLength) { folded in
                for index in 0..<schemeLength { folded[index] = foldASCII(bytes[index]) }
                return schemeLength
            }
            rest = bytes[(schemeLength + 1)...]
            hasAuthority = rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")])
            if hasAuthority && rest.allSatisfy({ $0 == UInt8(ascii: "/") }) { return (scheme, true, true, [[]]) }
        } else if let end = text.firstIndex(where: { $0 == ":" || $0 == "/" }), text[end...].hasPrefix("://") {
            throw fail("\(RouteError.quoted(String(text[..<end]))) is no scheme; a scheme is [A-Za-z][A-Za-z0-9+.-]*.")
        }
        guard hasGroups else {
            let segments = try segments(UnsafeBufferPointer(rebasing: rest), slashes, knownTypes)
            return (scheme, hasAuthority, false, [segments])
        }
        var index = rest.startIndex
        let expansions = try expand(rest, &index, depth: 0).map { expansion throws(RouteError) in
            try expansion.withUnsafeBufferPointer { path throws(RouteError) in try segments(path, slashes, knownTypes) }
        }
        return (scheme, hasAuthority, false, expansions)
    }

    /// Expands optional groups: `a(/b)(/c)` → `a`, `a/b`, `a/c`, `a/b/c`. Groups may nest.
    private func expand(_ text: Slice<UnsafeBufferPointer<UInt8>>, _ index: inout Int, depth: Int) throws(RouteError)
        -> [[UInt8]]
    {
        var results: [[UInt8]] = [[]]
        // Bytes since the last group, appended to every result at once: one append per byte per
        // result would be quadratic in the pattern's length.
        var runStart = index
        func flush(upTo end: Int) {
            guard end > runStart else { return }
            for position in results.indices { results[position].append(contentsOf: text[runStart..<end]) }
        }
        while index < text.endIndex {
            switch text[index] {
            case UInt8(ascii: "("):
                flush(upTo: index)
                guard depth < RoutePattern.maxGroupDepth else {
                    throw fail("its optional groups nest more than \(RoutePattern.maxGroupDepth) deep.")
                }
                index += 1
                let inner = try expand(text, &index, depth: depth + 1)
                guard index < text.endIndex, text[index] == UInt8(ascii: ")") else {
                    throw fail("an optional group \"(\" is never closed.")
                }
                index += 1
                runStart = index
                results = results.flatMap { prefix in [prefix] + inner.map { prefix + $0 } }
                guard results.count <= RoutePattern.maxExpansions else {
                    throw fail("its optional groups make more than \(RoutePattern.maxExpansions) combinations.")
                }
            case UInt8(ascii: ")"):
                guard depth > 0 else { throw fail("\")\" closes no optional group.") }
                flush(upTo: index)
                return results
            default:
                index += 1
            }
        }
        flush(upTo: index)
        return results
    }

    /// Splits one expansion on `/` (empty segments mean nothing) and parses each segment; the pattern's `slashes` bound
    /// how many.
    private func segments(
        _ path: UnsafeBufferPointer<UInt8>, _ slashes: Int, _ knownTypes: (String) -> Bool
    ) throws(RouteError) -> [PatternSegment] {
        var segments: [PatternSegment] = []
        segments.reserveCapacity(min(slashes + 1, limits.maxSegments))
        // Each non-empty run between `/` bytes, found with a plain loop over the bytes. (`split` reads one byte per
        // call through `Slice`'s generic subscript, which costs a heap allocation per byte in a build with
        // AddressSanitizer: seconds for a long pattern whose optional groups repeat it in every expansion.)
        var start = 0
        for end in 0...path.count where end == path.count || path[end] == UInt8(ascii: "/") {
            defer { start = end + 1 }
            guard end > start else { continue }
            if case .catchAll? = segments.last { throw fail("\"**\" must be the last segment.") }
            let segment = try self.segment(UnsafeBufferPointer(rebasing: path[start..<end]), knownTypes)
            if case .parameter(let name, _, _) = segment, segments.contains(where: { $0.name == name }) {
                throw fail("the placeholder name \"\(name)\" is used twice.")
            }
            segments.append(segment)
        }
        guard segments.count <= limits.maxSegments else {
            throw RouteError(
                .limitExceeded,
                "Pattern \(RouteError.quoted(text)) has \(segments.count) segments; the limit is \(limits.maxSegments) (Router.Limits.maxSegments)."
            )
        }
        return segments
    }

    /// One segment; a literal is stored decoded.
    private func segment(
        _ part: UnsafeBufferPointer<UInt8>, _ knownTypes: (String) -> Bool
    ) throws(RouteError) -> PatternSegment {
        if part.count == 2, part[0] == UInt8(ascii: "*"), part[1] == UInt8(ascii: "*") { return .catchAll }
        if part.count == 1, part[0] == UInt8(ascii: "*") { return .wildcard }
        var quoted: String { RouteError.quoted(String(decoding: part, as: UTF8.self)) }
        guard part.first == UInt8(ascii: ":") else {
            if part.contains(UInt8(ascii: "<")) { throw fail("\(quoted) is not a placeholder; write :name<type>.") }
            return .literal(PercentDecoding.string(part, plusAsSpace: false))
        }
        func isNameByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
        }
        var index = 1
        while index < part.count, isNameByte(part[index]) { index += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: part[1..<index]), as: UTF8.self)
        guard index > 1 else {
            throw fail("the placeholder \(quoted) has no name after \":\"; a name is [A-Za-z_][A-Za-z0-9_]*.")
        }
        guard part[1] &- UInt8(ascii: "0") >= 10 else {
            throw fail("the placeholder name \"\(name)\" starts with a digit; a name is [A-Za-z_][A-Za-z0-9_]*.")
        }
        var type: String?
        if index < part.count, part[index] == UInt8(ascii: "<") {
            guard let close = part[index...].firstIndex(of: UInt8(ascii: ">")) else {
                throw fail("\"<\" in \(quoted) is never closed.")
            }
            let typeName = String(decoding: UnsafeBufferPointer(rebasing: part[(index + 1)..<close]), as: UTF8.self)
            guard !typeName.isEmpty else { throw fail("the placeholder \(quoted) has an empty type.") }
            guard knownTypes(typeName) else {
                throw fail("unknown type \(RouteError.quoted(typeName)) in \(quoted); register a RouteParameterType.")
            }
            type = typeName
            index = close + 1
        }
        let suffix = UnsafeBufferPointer(rebasing: part[index...])
        if suffix.contains(UInt8(ascii: "<")) || suffix.contains(UInt8(ascii: ">")) {
            throw fail("unexpected \"<\" or \">\" after the placeholder in \(quoted).")
        }
        return .parameter(name: name, type: type, suffix: PercentDecoding.bytes(suffix))
    }
}
