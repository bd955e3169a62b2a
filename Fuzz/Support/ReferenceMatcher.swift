/// A reference matcher written from the *Matching rules* article alone, to check the router's
/// trie against. Brute force on purpose: for a URL it tries every combination of every
/// registered pattern, keeps the complete matches, and orders them by priority, tier, then the
/// kinds of their segments from the left (literal > placeholder with suffix > typed > plain >
/// `*` > `**`, a pattern that ends before a `**` that matches nothing). Where the article names
/// no order (two typed placeholders of different types at the same place, two suffixes), every
/// such match is a winner.
///
/// `ReferenceMatcher.swift`, `ReferenceMatcher+Reading.swift` and `ReferenceScenario.swift` serve
/// the fuzz targets and the tests, two different modules: `Tests/URLRouterTests` holds links to
/// these files. They use the standard library only.

/// One segment of a pattern, as written.
enum ReferenceSegment: Hashable, Sendable {
    case literal(String)
    case placeholder(name: String, type: String?, suffix: String)
    case any
    case rest

    var text: String {
        switch self {
        case .literal(let text): text
        case .placeholder(let name, let type, let suffix): ":" + name + (type.map { "<\($0)>" } ?? "") + suffix
        case .any: "*"
        case .rest: "**"
        }
    }

    /// The article's order of kinds: 0 literal, 1 placeholder with suffix, 2 typed, 3 plain,
    /// 4 `*`, 5 `**`.
    var rank: Int {
        switch self {
        case .literal: 0
        case .placeholder(_, let type, let suffix): !suffix.isEmpty ? 1 : type != nil ? 2 : 3
        case .any: 4
        case .rest: 5
        }
    }
}

/// A pattern: a scheme (or none), segments, and the optional group each segment belongs to
/// (a group is a run of neighbouring segments; groups do not nest).
struct ReferencePattern: Sendable {
    var scheme: String?
    /// `scheme://` rather than `scheme:`.
    var slashes = true
    var pieces: [(segment: ReferenceSegment, group: Int?)] = []

    /// Only `scheme://` alone is the scheme's fallback.
    var isFallback: Bool { scheme != nil && slashes && pieces.isEmpty }

    var text: String {
        var text = scheme.map { $0 + (slashes ? "://" : ":") } ?? ""
        var open: Int?
        for (index, (segment, group)) in pieces.enumerated() {
            if open != nil, open != group { text += ")" }
            if let group, open != group { text += "(" }
            // `scheme://a`, not `scheme:///a`; leading `/`s mean nothing either way.
            if index > 0 || group != nil || !text.hasSuffix("//") { text += "/" }
            open = group
            text += segment.text
        }
        return open == nil ? text : text + ")"
    }

    /// Every combination of the optional groups, each as its segments.
    var combinations: [[ReferenceSegment]] {
        let groups = Array(Set(pieces.compactMap(\.group))).sorted()
        return (0..<(1 << groups.count)).map { mask in
            pieces.filter { piece in
                piece.group.map { (mask >> groups.firstIndex(of: $0)!) & 1 == 1 } ?? true
            }
            .map(\.segment)
        }
    }
}

/// A complete match of one combination of a registered pattern.
struct ReferenceMatch: Sendable {
    var pattern: String
    var priority: Int
    /// 0 the scheme's own patterns, 1 scheme-less ones, 2 the scheme's fallback.
    var tier: Int
    var segments: [ReferenceSegment]
    /// The rank of the segment that took each URL segment, times 1,000, less a suffix's length
    /// (the longer suffix wins), then -1 for a pattern that ends there, or 5,000 for a `**` that
    /// takes the rest.
    var ranks: [Int]
    var parameters: [String: String] = [:]
    var wildcard: [String] = []

    /// Whether `self` wins over `other`: priority, then tier, then ranks from the left.
    func beats(_ other: ReferenceMatch) -> Bool {
        if priority != other.priority { return priority > other.priority }
        if tier != other.tier { return tier < other.tier }
        return ranks.lexicographicallyPrecedes(other.ranks)
    }

    var description: String { "\(pattern) as \(segments.map(\.text).joined(separator: "/")) \(parameters)" }
}

/// What the router answered for a URL, compared with the reference.
enum ReferenceVerdict: Equatable, Sendable {
    case agrees
    /// The router took a match that loses to another on a later segment only because, at an
    /// earlier segment, the two went through typed placeholders of different types. The router
    /// tries those in its order of types, which the reference does not model: it accepts the
    /// first branch that matches to the end, whichever type it took.
    case sameKindBranchFirst(String)
    case differs(String)
}

/// The routes registered, as the reference sees them.
struct ReferenceRouter: Sendable {
    struct Route: Sendable {
        var pattern: ReferencePattern
        var priority: Int
    }

    enum Registration: Equatable, Sendable { case added, conflict, invalid }

    /// Custom parameter types the router is given too, by name.
    static let customTypes: [String: @Sendable (String) -> Bool] = [
        "az": { !$0.isEmpty && $0.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } }
    ]

    var caseInsensitivePaths = false
    private(set) var routes: [Route] = []

    /// Registers as the router should: a pattern two of whose combinations have one shape is
    /// invalid; one that shares a shape with a route conflicts, unless `replacing`, which
    /// removes every such route.
    mutating func register(_ pattern: ReferencePattern, priority: Int, replacing: Bool) -> Registration {
        let shapes = pattern.combinations.map { shape(pattern, $0) }
        guard Set(shapes).count == shapes.count else { return .invalid }
        let clashing = routes.indices.filter { !Set(shapes).isDisjoint(with: self.shapes(routes[$0].pattern)) }
        guard clashing.isEmpty || replacing else { return .conflict }
        for index in clashing.reversed() { routes.remove(at: index) }
        routes.append(Route(pattern: pattern, priority: priority))
        return .added
    }

    /// Removes the route whose combinations have exactly the shapes of `pattern`'s.
    mutating func deregister(_ pattern: ReferencePattern) -> Bool {
        let wanted = Set(shapes(pattern))
        guard let index = routes.firstIndex(where: { Set(shapes($0.pattern)) == wanted }) else { return false }
        routes.remove(at: index)
        return true
    }

    /// Every complete match of `url`.
    func matches(_ url: String) -> [ReferenceMatch] {
        let (scheme, segments) = Self.split(url)
        var found: [ReferenceMatch] = []
        for route in routes {
            let tier: Int
            if route.pattern.scheme == nil {
                tier = 1
            } else if let scheme, Self.folded(route.pattern.scheme!) == scheme {
                tier = route.pattern.isFallback ? 2 : 0
            } else {
                continue
            }
            if route.pattern.isFallback {
                // A fallback hands its path over as `**`, and refuses what `**` refuses.
                guard !Self.breaksRest(segments[...]) else { continue }
                found.append(
                    ReferenceMatch(
                        pattern: route.pattern.text, priority: route.priority, tier: tier, segments: [], ranks: [],
                        wildcard: segments.map { String(decoding: $0, as: UTF8.self) }))
                continue
            }
            for combination in route.pattern.combinations {
                guard var match = self.match(combination, segments) else { continue }
                match.pattern = route.pattern.text
                match.priority = route.priority
                match.tier = tier
                found.append(match)
            }
        }
        return found
    }

    /// Compares the router's answer for `url` (the pattern, priority, path values and wildcard
    /// of its match, or nil) with the reference.
    func check(
        _ url: String, pattern: String?, priority: Int, parameters: [String: String], wildcard: [String]
    ) -> ReferenceVerdict {
        let all = matches(url)
        let best = all.filter { match in !all.contains { $0.beats(match) } }
        guard let pattern else {
            return best.isEmpty ? .agrees : .differs("no match; expected \(best.map(\.description))")
        }
        let taken = all.filter {
            $0.pattern == pattern && $0.priority == priority && $0.parameters == parameters && $0.wildcard == wildcard
        }
        let shown = "\(pattern) (priority \(priority)) with \(parameters), wildcard \(wildcard)"
        if taken.contains(where: { match in
            best.contains { $0.pattern == match.pattern && $0.segments == match.segments }
        }) {
            return .agrees
        }
        for match in taken {
            for winner in best where Self.branchedOnSameKind(match, winner) {
                return .sameKindBranchFirst("\(shown) rather than \(winner.description)")
            }
        }
        return .differs("matched \(shown); expected \(best.map(\.description))")
    }

    /// Whether `loser` and `winner` are of one priority and tier and, before the first
    /// segment whose kind decides between them, went through placeholders of one kind but of
    /// different types or suffixes.
    static func branchedOnSameKind(_ loser: ReferenceMatch, _ winner: ReferenceMatch) -> Bool {
        guard loser.priority == winner.priority, loser.tier == winner.tier,
            let deciding = zip(loser.ranks, winner.ranks).enumerated().first(where: { $1.0 != $1.1 })?.offset
        else { return false }
        return (0..<deciding).contains { index in
            guard case .placeholder(_, let type, let suffix) = loser.segments[index],
                case .placeholder(_, let otherType, let otherSuffix) = winner.segments[index]
            else { return false }
            return type != otherType || decode(Array(suffix.utf8)) != decode(Array(otherSuffix.utf8))
        }
    }

    /// `.` and `..` are never a placeholder's, `*`'s or `**`'s.
    static func isDot(_ segment: [UInt8]) -> Bool { segment == [0x2E] || segment == [0x2E, 0x2E] }

    /// Whether `**` refuses these segments: one is a dot segment, or holds one, or an empty piece, behind an encoded
    /// `/` (`a%2F..%2Fb`).
    static func breaksRest(_ segments: ArraySlice<[UInt8]>) -> Bool {
        let pieces = segments.flatMap { $0.split(separator: 0x2F, omittingEmptySubsequences: false) }
        return pieces.contains { $0.isEmpty || isDot(Array($0)) }
    }

    /// One combination against the URL's decoded segments: every segment consumed. No
    /// placeholder, `*` or `**` takes a dot segment.
    private func match(_ combination: [ReferenceSegment], _ segments: [[UInt8]]) -> ReferenceMatch? {
        var match = ReferenceMatch(pattern: "", priority: 0, tier: 0, segments: combination, ranks: [])
        for (index, segment) in combination.enumerated() {
            if segment == .rest {
                guard !Self.breaksRest(segments[index...]) else { return nil }
                match.wildcard = segments[index...].map { String(decoding: $0, as: UTF8.self) }
                match.ranks.append(ReferenceSegment.rest.rank * 1000)
                return match
            }
            guard index < segments.count else { return nil }
            let value = segments[index]
            switch segment {
            case .literal(let text):
                let fold = index == 0 || caseInsensitivePaths
                guard Self.fold(Self.decode(Array(text.utf8)), fold) == Self.fold(value, fold) else { return nil }
            case .placeholder(let name, let type, let suffix):
                let suffix = Self.decode(Array(suffix.utf8))
                guard value.count > suffix.count, value.suffix(suffix.count).elementsEqual(suffix) else { return nil }
                guard !Self.isDot(Array(value.dropLast(suffix.count))) else { return nil }
                let captured = String(decoding: value.dropLast(suffix.count), as: UTF8.self)
                if let type, !Self.accepts(type, captured) { return nil }
                match.parameters[name] = captured
            case .any, .rest:
                guard !Self.isDot(value) else { return nil }
            }
            // Of two suffixes that fit, the longer wins.
            let suffixCount =
                if case .placeholder(_, _, let suffix) = segment { Self.decode(Array(suffix.utf8)).count } else { 0 }
            match.ranks.append(segment.rank * 1000 - suffixCount)
        }
        guard combination.count == segments.count else { return nil }
        match.ranks.append(-1)
        return match
    }

    /// A route's shapes: scheme and fallback, and per combination its literals (decoded,
    /// folded where they compare case-insensitively) and placeholders by type and suffix.
    private func shapes(_ pattern: ReferencePattern) -> [[String]] {
        pattern.combinations.map { shape(pattern, $0) }
    }

    private func shape(_ pattern: ReferencePattern, _ segments: [ReferenceSegment]) -> [String] {
        let head = [pattern.scheme.map { Self.folded($0) + (pattern.isFallback ? "://" : ":") } ?? "/"]
        return head
            + segments.enumerated().map { index, segment in
                switch segment {
                case .literal(let text):
                    let folded = Self.fold(Self.decode(Array(text.utf8)), index == 0 || caseInsensitivePaths)
                    return "l" + String(decoding: folded, as: UTF8.self)
                case .placeholder(_, let type, let suffix):
                    return "p<\(type ?? "")>" + String(decoding: Self.decode(Array(suffix.utf8)), as: UTF8.self)
                case .any, .rest:
                    return segment.text
                }
            }
    }
}
