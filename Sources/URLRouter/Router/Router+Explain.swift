extension Router {
    /// How `url` is parsed and why each candidate pattern wins or loses. Runs nothing.
    /// With `source: .external`, also whether the access rules, the external scheme list and
    /// route checks (such as the mediator's remote rules for bridged routes) would refuse it.
    ///
    /// ```swift
    /// let explanation = router.explain("shop://item/42")
    /// explanation.winner                                  // "shop://item/:id"
    /// explanation.candidates.map(\.verdict)               // [.won, .wrongLiteral(...), ...]
    /// ```
    ///
    /// A diagnostic, not a hot path: it looks at every candidate route in turn. It does not
    /// run handlers, so it cannot know whether one would decline. A URL over `maxURLLength` is not split.
    public func explain(_ url: String, source: RouteSource = .internal) -> RouteExplanation {
        let table = currentTable()
        let parsed = ParsedURL(url.utf8.count > table.options.limits.maxURLLength ? "" : url, table: table)
        var explanation = RouteExplanation(
            url: url, scheme: parsed.scheme, host: parsed.hasAuthority ? parsed.segments.first : nil,
            segments: parsed.segments, queryItems: parsed.queryItems, fragment: parsed.fragment,
            source: source, candidates: [])
        var winnerID: Int32?
        var undecoded: [Int32: FieldFailure] = [:]
        if source == .external { explanation.refusal = table.schemeRefusal(url) }  // as open: before matching
        switch table.lookupTyped(url, failed: { undecoded[$0] = $1 }) {
        case .matched(let match):
            explanation.winner = match.pattern
            winnerID = match.routeID
            undecoded[match.routeID] = nil  // another of its combinations decoded
            explanation.refusal = explanation.refusal ?? table.refusal(of: match, source: source)
        case .overLimit(let problem): explanation.error = .limitExceeded(url, problem)
        case .notFound: break
        }
        guard explanation.error == nil else { return explanation }  // over a limit, no route is tried
        let evaluated = table.routes.indices.compactMap { Evaluated(route: Int32($0), table: table, url: parsed) }
        let winner = evaluated.first { $0.route == winnerID }
        // The lookup decodes typed routes only until one wins: each other one that matches, alone,
        // fails to decode when none of its combinations does (the first one's failure says why).
        for candidate in evaluated where candidate.failure == nil && candidate.route != winnerID {
            guard table.routes[Int(candidate.route)]?.typed != nil else { continue }
            let others = evaluated.filter { $0.failure == nil && $0.route != candidate.route }.map(\.route)
            var first: FieldFailure?
            if case .notFound = table.lookupTyped(url, excluding: others, failed: { first = first ?? $1 }) {
                undecoded[candidate.route] = first
            }
        }
        let judged = evaluated.map { candidate in
            let verdict =
                undecoded[candidate.route].map { .fieldMismatch($0.description) } ?? candidate.verdict(against: winner)
            // The winner, then matches that lost in the order the router tries them, then failures (closest first).
            let lost = (1, -candidate.priority, candidate.tier), failed = (2, -candidate.progress, 0)
            return (order: verdict == .won ? (0, 0, 0) : candidate.failure == nil ? lost : failed, candidate, verdict)
        }
        explanation.candidates = judged.sorted { first, second in
            guard first.order == second.order else { return first.order < second.order }
            return first.order.0 == 1 && PatternSegment.searchedFirst(first.1.matching ?? [], second.1.matching ?? [])
        }.map { RouteExplanation.Candidate(pattern: $0.1.shown, priority: $0.1.priority, verdict: $0.2) }
        return explanation
    }
}

/// One candidate route evaluated against a URL.
private struct Evaluated {
    let route: Int32
    /// The pattern as shown: for a route with link origins, the one of the origin judged.
    let shown: String
    /// 0: the scheme's own patterns, 1: scheme-less, 2: the scheme's fallback.
    let tier: Int
    let priority: Int
    /// The segments of the combination that matches; nil when none does.
    let matching: [PatternSegment]?
    let failure: RouteExplanation.Verdict?
    /// How close it came: twice the segments that fit before it failed, plus one when a segment
    /// did not fit (a count of segments is the lesser reason when both fit as many).
    let progress: Int

    /// Nil when the route cannot take URLs of this scheme at all. A route with link origins is
    /// judged by the origin pattern that fits the URL best.
    init?(route: Int32, table: RouteTable, url: ParsedURL) {
        guard let entry = table.routes[Int(route)] else { return nil }
        let judged = RouteInfo(entry).originPatterns.compactMap { text in
            Evaluated(route: route, priority: Int(entry.priority), text: text, table: table, url: url)
        }
        // The first that matches, else the first of those that fit the most segments.
        guard let best = judged.first(where: { $0.failure == nil }) ?? judged.max(by: { $0.progress < $1.progress })
        else { return nil }
        self = best
    }

    private init?(route: Int32, priority: Int, text: String, table: RouteTable, url: ParsedURL) {
        let limits = Router.Limits(maxSegments: 256, maxPatternLength: .max)  // the most a router takes
        guard let pattern = try? RoutePattern(text, knownTypes: { _ in true }, limits: limits) else { return nil }
        guard pattern.scheme == nil || pattern.scheme == url.scheme else { return nil }
        tier = pattern.scheme == nil ? 1 : pattern.isFallback ? 2 : 0
        (self.route, shown, self.priority) = (route, text, priority)
        // A fallback is a `**` after the scheme; of the combinations of any other pattern that
        // match, the one the trie's search reaches first.
        var best: (matching: [PatternSegment]?, failure: RouteExplanation.Verdict?, progress: Int) = (nil, nil, -1)
        for segments in pattern.isFallback ? [[.catchAll]] : pattern.expansions {
            let result = url.evaluate(segments, table: table)
            if result.failure == nil, best.matching.map({ PatternSegment.searchedFirst(segments, $0) }) ?? true {
                best = (segments, nil, .max)
            } else if result.progress > best.progress {
                best = (nil, result.failure, result.progress)
            }
        }
        (matching, failure, progress) = best
    }

    func verdict(against winner: Evaluated?) -> RouteExplanation.Verdict {
        if let failure { return failure }
        guard let winner, winner.route != route else { return .won }
        let name = winner.shown
        if priority < winner.priority {
            return .lowerPriority(priority: priority, winner: name, winnerPriority: winner.priority)
        }
        if tier > winner.tier { return .laterTier(winner: name) }
        // The trie tries a node's edges by rank, then longer suffix, then typed first, then by
        // type: compare the two where their paths part.
        let mine = (matching ?? []).map(\.edgeKey), theirs = (winner.matching ?? []).map(\.edgeKey)
        let parting = zip(mine, theirs).prefix { $0 == $1 }.count
        if parting < min(mine.count, theirs.count), mine[parting].order == theirs[parting].order {
            return .typeTriedLater(segment: parting + 1, winner: name)
        }
        return .lessSpecific(segment: parting + 1, winner: name)
    }
}

extension PatternSegment {
    /// The segment as a trie edge, names aside: the order it is tried in (types aside), type, suffix.
    fileprivate var edgeKey: (order: [Int], type: String?, suffix: [UInt8]) {
        guard case .parameter(_, let type, let suffix) = self else { return ([rank], nil, []) }
        return ([rank, -suffix.count, type == nil ? 1 : 0], type, suffix)
    }

    /// Whether the trie's search reaches combination `first` before `second`, both of which take
    /// one URL: by the order of their edges where they part; a combination that ends, before `**`.
    fileprivate static func searchedFirst(_ first: [Self], _ second: [Self]) -> Bool {
        let order = { (segments: [Self]) in segments.map(\.edgeKey.order) + [[-1]] }
        return order(first).lexicographicallyPrecedes(order(second)) { $0.lexicographicallyPrecedes($1) }
    }
}

/// A URL split for explaining: decoded segments as bytes (to compare) and as text (to show).
private struct ParsedURL {
    var scheme: String?
    var hasAuthority = false
    var segmentBytes: [[UInt8]] = []
    var segments: [String] = []
    var queryItems: [RouteQueryItem] = []
    var fragment: String?

    init(_ url: String, table: RouteTable) {
        let bytes = Array(url.utf8)
        bytes.withUnsafeBufferPointer { bytes in
            withUnsafeTemporaryAllocation(of: ScannedSegment.self, capacity: bytes.count + 1) { buffer in
                let scanned = URLScanner.scan(bytes, segments: buffer)
                if scanned.schemeEnd > 0 {
                    scheme = String(decoding: bytes[..<scanned.schemeEnd], as: UTF8.self).lowercased()
                }
                hasAuthority = scanned.hasAuthority
                segmentBytes = buffer.prefix(scanned.segmentCount).map { segment in
                    PercentDecoding.bytes(UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)]))
                }
                segments = segmentBytes.map { String(decoding: $0, as: UTF8.self) }
                if scanned.queryStart >= 0 {
                    let decoded = { PercentDecoding.string($0, plusAsSpace: table.options.formDecoding) }
                    QueryScanner.forEach(in: bytes, scanned.queryStart, scanned.queryEnd) { name, value in
                        queryItems.append(RouteQueryItem(name: decoded(name), value: decoded(value)))
                    }
                }
                if scanned.fragmentStart >= 0 {
                    fragment = PercentDecoding.string(
                        UnsafeBufferPointer(rebasing: bytes[scanned.fragmentStart...]), plusAsSpace: false)
                }
            }
        }
    }

    /// Whether `pattern` takes these segments; if not, why, and how close it came (``Evaluated/progress``).
    func evaluate(_ pattern: [PatternSegment], table: RouteTable) -> (failure: RouteExplanation.Verdict?, progress: Int)
    {
        for (index, segment) in pattern.enumerated() {
            if segment == .catchAll {
                let dot = segmentBytes[index...].firstIndex(where: URLScanner.breaksCatchAllPath)
                return (dot.map { .dotSegment(segment: $0 + 1, found: segments[$0]) }, 2 * (dot ?? index) + 1)
            }
            guard index < segmentBytes.count else {
                let needed = pattern.filter { $0 != .catchAll }.count
                return (.tooFewSegments(needed: needed, found: segmentBytes.count), 2 * index)
            }
            if let failure = mismatch(segment, at: index, table: table) { return (failure, 2 * index + 1) }
        }
        if segmentBytes.count > pattern.count {
            return (.tooManySegments(allowed: pattern.count, found: segmentBytes.count), 2 * pattern.count)
        }
        return (nil, pattern.count)
    }

    /// Why segment `index` does not fit `segment`, or nil when it does.
    private func mismatch(_ segment: PatternSegment, at index: Int, table: RouteTable) -> RouteExplanation.Verdict? {
        let found = segmentBytes[index]
        switch segment {
        case .literal(let expected):
            let fold = Trie.folds(depth: index, caseInsensitivePaths: table.options.caseInsensitivePaths)
            let equal = fold ? expected.utf8.map(foldASCII) == found.map(foldASCII) : expected.utf8.elementsEqual(found)
            return equal ? nil : .wrongLiteral(segment: index + 1, expected: expected, found: segments[index])
        case .parameter(_, let type, let suffix):
            var value = found
            if !suffix.isEmpty {
                guard found.count > suffix.count, found.suffix(suffix.count).elementsEqual(suffix) else {
                    let shown = String(decoding: suffix, as: UTF8.self)
                    return .wrongSuffix(segment: index + 1, suffix: shown, found: segments[index])
                }
                value = Array(found.dropLast(suffix.count))
            }
            let text = String(decoding: value, as: UTF8.self)
            if URLScanner.isDotSegment(value) { return .dotSegment(segment: index + 1, found: text) }
            if let type, let checker = table.trie.types.first(where: { $0.name == type }),
                !value.withUnsafeBufferPointer({ checker.accepts($0) })
            {
                return .typeMismatch(segment: index + 1, type: type, found: text)
            }
            return nil
        case .wildcard, .catchAll:
            return URLScanner.isDotSegment(found) ? .dotSegment(segment: index + 1, found: segments[index]) : nil
        }
    }
}
