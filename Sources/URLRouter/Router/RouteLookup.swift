/// What a lookup found, before any error message is built.
enum Lookup {
    case matched(RouteMatch)
    case notFound
    case overLimit(String)
}

/// A URL over one of the router's limits: which one, and by how much.
struct LimitProblem: Sendable {
    enum Kind: Sendable { case length, segments, queryItems }
    let kind: Kind
    let value: Int
    let limit: Int

    var message: String {
        switch kind {
        case .length: "the URL is \(value) bytes; the limit is \(limit)."
        case .segments: "the URL has \(value) path segments; the limit is \(limit)."
        case .queryItems: "the URL has \(value) query items; the limit is \(limit)."
        }
    }
}

/// The outcome of scanning and matching, in plain numbers: nothing to retain or release until
/// the match is built from it.
private struct RawLookup {
    var found = Trie.Found()
    var scanned = ScannedURL()
    var problem: LimitProblem?
}

extension RouteTable {
    /// Scans `url` and finds its route, passing over the `excluded` routes.
    func lookup(_ url: String, excluding excluded: [Int32] = []) -> Lookup {
        var problem: LimitProblem?
        if let match = match(url, excluding: excluded, problem: &problem) { return .matched(match) }
        if let problem { return .overLimit(problem.message) }
        return .notFound
    }

    /// Scans `url` and finds its route, passing over the `excluded` routes; nil when nothing
    /// matches or the URL is over a limit (then `problem` says which).
    ///
    /// - Complexity: O(URL length) to scan, then O(segments) to match for URLs that do not force
    ///   backtracking, whatever the number of routes. Allocates nothing for up to four captures.
    func match(_ url: String, excluding excluded: [Int32], problem: inout LimitProblem?) -> RouteMatch? {
        let maxSegments = options.limits.maxSegments
        return withUnsafeTemporaryAllocation(of: ScannedSegment.self, capacity: maxSegments) { segments in
            withUnsafeTemporaryAllocation(of: Trie.Capture.self, capacity: 2 * maxSegments) { captures in
                var raw = RawLookup()
                let scanned = url.utf8.withContiguousStorageIfAvailable { bytes in
                    raw = find(bytes, segments, captures.baseAddress!, excluded)
                } != nil
                if !scanned {
                    var contiguous = url
                    contiguous.makeContiguousUTF8()
                    return match(contiguous, excluding: excluded, problem: &problem)
                }
                problem = raw.problem
                guard raw.found.leaf >= 0 else { return nil }
                return makeMatch(url, raw, best: captures.baseAddress! + maxSegments, segments: segments)
            }
        }
    }

    /// Scan and match over the URL's bytes; captures go to `captures[maxSegments...]`.
    private func find(
        _ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeMutableBufferPointer<ScannedSegment>,
        _ captures: UnsafeMutablePointer<Trie.Capture>, _ excluded: [Int32]
    ) -> RawLookup {
        var raw = RawLookup()
        let limits = options.limits
        guard bytes.count <= limits.maxURLLength else {
            raw.problem = LimitProblem(kind: .length, value: bytes.count, limit: limits.maxURLLength)
            return raw
        }
        raw.scanned = URLScanner.scan(bytes, segments: segments)
        let scanned = raw.scanned
        guard scanned.segmentCount <= limits.maxSegments else {
            raw.problem = LimitProblem(kind: .segments, value: scanned.segmentCount, limit: limits.maxSegments)
            return raw
        }
        guard scanned.queryItemCount <= limits.maxQueryItems else {
            raw.problem = LimitProblem(kind: .queryItems, value: scanned.queryItemCount, limit: limits.maxQueryItems)
            return raw
        }
        let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        let used = UnsafeBufferPointer(rebasing: segments[..<scanned.segmentCount])
        let best = captures + limits.maxSegments
        return excluded.withUnsafeBufferPointer { excluded in
            func run(_ scratch: UnsafePointer<UInt8>?) -> Trie.Found {
                let input = Trie.MatchInput(
                    bytes: base, end: base + bytes.count, scratch: scratch, segments: used,
                    schemeEnd: scanned.schemeEnd, caseInsensitivePaths: options.caseInsensitivePaths, excluded: excluded)
                return trie.match(input, captures: captures, best: best)
            }
            if !scanned.pathHasPercent {
                raw.found = run(nil)
            } else {
                raw.found = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { scratch in
                    URLScanner.decodeSegments(bytes, segments, count: scanned.segmentCount, into: scratch.baseAddress!)
                    return run(UnsafePointer(scratch.baseAddress!))
                }
            }
            return raw
        }
    }

    private func makeMatch(
        _ url: String, _ raw: RawLookup, best: UnsafeMutablePointer<Trie.Capture>,
        segments: UnsafeMutableBufferPointer<ScannedSegment>
    ) -> RouteMatch {
        let found = raw.found, scanned = raw.scanned
        let captures = CaptureList(count: found.captureCount) { index in
            let capture = best[index]
            let segment = segments[Int(capture.segment)]
            return CapturedRange(start: segment.start, end: segment.end, trim: capture.trim)
        }
        let catchAllStart: Int32 = found.catchAllFrom < 0 ? -1
            : Int(found.catchAllFrom) < scanned.segmentCount ? segments[Int(found.catchAllFrom)].start : Int32(scanned.pathEnd)
        let parameters = RouteParameters(
            url: url, table: self, leaf: found.leaf, captures: captures,
            queryStart: Int32(scanned.queryStart), queryEnd: Int32(scanned.queryEnd))
        return RouteMatch(
            parameters: parameters, routeID: trie.leaves[Int(found.leaf)].route, catchAllStart: catchAllStart,
            pathEnd: Int32(scanned.pathEnd), fragmentStart: Int32(scanned.fragmentStart))
    }
}
