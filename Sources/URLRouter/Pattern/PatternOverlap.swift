extension RoutePattern {
    /// The first two combinations of optional groups that some URL could match both of, as
    /// pattern text; nil when every URL matches at most one.
    ///
    /// Such a pattern is ambiguous: `p(/:x)(/:y<int>)` reads `p/5` as `y`, so a link generated
    /// with `x` would not give `x` back, and `a(/:v)/**` reads `a/q` as `v`, losing the path.
    ///
    /// - Parameter accepts: whether the named type accepts a decoded segment.
    func overlappingExpansions(
        caseInsensitivePaths: Bool, accepts: (String, [UInt8]) -> Bool
    ) -> (String, String)? {
        for (index, first) in expansions.enumerated() {
            for second in expansions[(index + 1)...]
            where Self.mayOverlap(first, second, caseInsensitivePaths: caseInsensitivePaths, accepts: accepts) {
                return (Self.text(of: first), Self.text(of: second))
            }
        }
        return nil
    }

    /// Whether some URL could match both segment lists. Errs towards true where the answer
    /// depends on a type (two typed placeholders, or case folding).
    static func mayOverlap(
        _ a: [PatternSegment], _ b: [PatternSegment], caseInsensitivePaths: Bool, accepts: (String, [UInt8]) -> Bool
    ) -> Bool {
        let aTakesRest = a.last == .catchAll
        let bTakesRest = b.last == .catchAll
        let aFixed = aTakesRest ? a.dropLast() : a[...]
        let bFixed = bTakesRest ? b.dropLast() : b[...]
        switch (aTakesRest, bTakesRest) {
        case (false, false): guard aFixed.count == bFixed.count else { return false }
        case (true, false): guard bFixed.count >= aFixed.count else { return false }
        case (false, true): guard aFixed.count >= bFixed.count else { return false }
        case (true, true): break
        }
        for (depth, (x, y)) in zip(aFixed, bFixed).enumerated() {
            let fold = Trie.folds(depth: depth, caseInsensitivePaths: caseInsensitivePaths)
            guard segmentsMayOverlap(x, y, fold: fold, accepts: accepts) else { return false }
        }
        return true
    }

    private static func segmentsMayOverlap(
        _ a: PatternSegment, _ b: PatternSegment, fold: Bool, accepts: (String, [UInt8]) -> Bool
    ) -> Bool {
        switch (a, b) {
        case (.literal(let x), .literal(let y)):
            return equal(x[...], y[...], fold: fold)
        case (.literal(let literal), .parameter(_, let type, let suffix)), (.parameter(_, let type, let suffix), .literal(let literal)):
            guard literal.count > suffix.count, equal(literal.suffix(suffix.count), suffix[...], fold: fold) else { return false }
            guard let type, !fold else { return true }
            return accepts(type, Array(literal.dropLast(suffix.count)))
        case (.parameter(_, _, let x), .parameter(_, _, let y)):
            return x.count <= y.count ? y.suffix(x.count).elementsEqual(x) : x.suffix(y.count).elementsEqual(y)
        default:
            return true
        }
    }

    private static func equal(_ x: ArraySlice<UInt8>, _ y: ArraySlice<UInt8>, fold: Bool) -> Bool {
        guard fold else { return x == y }
        return x.count == y.count && zip(x, y).allSatisfy { foldASCII($0) == foldASCII($1) }
    }

    /// A combination written as a pattern path, for messages.
    static func text(of segments: [PatternSegment]) -> String {
        segments.isEmpty ? "(nothing)" : segments.map(\.text).joined(separator: "/")
    }
}
