/// The result of ``Router/match(_:)``: which pattern won and the URL's parameters. Nothing runs.
///
/// ```swift
/// if let match = router.match("shop://item/42?ref=home") {
///     match.pattern              // "shop://item/:id"
///     match.parameters["id"]     // "42"
/// }
/// ```
public struct RouteMatch: Sendable, CustomStringConvertible {
    /// The URL's parameters: path placeholders, then query items.
    public let parameters: RouteParameters
    let routeID: Int32
    let catchAllStart: Int32
    let pathEnd: Int32
    let fragmentStart: Int32

    var table: RouteTable { parameters.table }
    var route: Route { table.routes[Int(routeID)]! }

    /// The winning pattern, as registered.
    public var pattern: String { route.pattern }
    /// The winning route's priority.
    public var priority: Int { Int(route.priority) }
    /// The URL as matched.
    public var url: String { parameters.url }

    /// The segments `**` (or a scheme fallback) took, percent-decoded; empty otherwise.
    public var wildcard: [String] {
        guard catchAllStart >= 0 else { return [] }
        return parameters.withBytes { bytes in
            UnsafeBufferPointer(rebasing: bytes[Int(catchAllStart)..<Int(pathEnd)])
                .split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
                .map { segment in segment.withUnsafeBufferPointer { PercentDecoding.string($0, plusAsSpace: false) } }
        }
    }

    /// The fragment after `#`, percent-decoded; nil when there is none.
    public var fragment: String? {
        guard fragmentStart >= 0 else { return nil }
        return parameters.withBytes { bytes in
            PercentDecoding.string(UnsafeBufferPointer(rebasing: bytes[Int(fragmentStart)...]), plusAsSpace: false)
        }
    }

    /// `pattern` and the parameters.
    public var description: String { "\(pattern) \(parameters)" }
}

/// What a lookup found, before any error message is built.
enum Lookup {
    case matched(RouteMatch)
    case notFound
    case overLimit(String)
}

extension RouteTable {
    /// Scans `url` and finds its route, passing over the `excluded` routes.
    ///
    /// - Complexity: O(URL length) to scan, then O(segments) to match for URLs that do not force
    ///   backtracking, whatever the number of routes. Allocates nothing but the result's
    ///   references for up to four captures.
    func lookup(_ url: String, excluding excluded: [Int32] = []) -> Lookup {
        if let result = url.utf8.withContiguousStorageIfAvailable({ lookup(url, $0, excluded) }) {
            return result
        }
        var contiguous = url
        contiguous.makeContiguousUTF8()
        return contiguous.utf8.withContiguousStorageIfAvailable { lookup(contiguous, $0, excluded) } ?? .notFound
    }

    private func lookup(_ url: String, _ bytes: UnsafeBufferPointer<UInt8>, _ excluded: [Int32]) -> Lookup {
        let limits = options.limits
        guard bytes.count <= limits.maxURLLength else {
            return .overLimit("the URL is \(bytes.count) bytes; the limit is \(limits.maxURLLength) (Router.Limits.maxURLLength).")
        }
        let maxSegments = limits.maxSegments
        return withUnsafeTemporaryAllocation(of: ScannedSegment.self, capacity: maxSegments) { segments in
            let scanned = URLScanner.scan(bytes, segments: segments)
            guard scanned.segmentCount <= maxSegments else {
                return .overLimit("the URL has \(scanned.segmentCount) path segments; the limit is \(maxSegments) (Router.Limits.maxSegments).")
            }
            guard scanned.queryItemCount <= limits.maxQueryItems else {
                return .overLimit("the URL has \(scanned.queryItemCount) query items; the limit is \(limits.maxQueryItems) (Router.Limits.maxQueryItems).")
            }
            var schemeRoot: Int32?
            if scanned.schemeEnd > 0 {
                schemeRoot = trie.literals.find(parent: Trie.schemesRoot, key: UnsafeBufferPointer(rebasing: bytes[..<scanned.schemeEnd]),
                                                fold: true, arena: trie.bytes)
            }
            return withUnsafeTemporaryAllocation(of: Trie.Capture.self, capacity: 2 * maxSegments) { captures in
                excluded.withUnsafeBufferPointer { excluded in
                    let used = UnsafeBufferPointer(rebasing: segments[..<scanned.segmentCount])
                    func run(_ scratch: UnsafePointer<UInt8>?) -> Lookup {
                        let input = Trie.MatchInput(
                            bytes: bytes.baseAddress!, scratch: scratch, segments: used, schemeRoot: schemeRoot,
                            caseInsensitivePaths: options.caseInsensitivePaths, excluded: excluded)
                        let best = captures.baseAddress! + maxSegments
                        let found = trie.match(input, captures: captures.baseAddress!, best: best)
                        return makeLookup(url, found, best, used, scanned)
                    }
                    guard scanned.pathHasPercent else { return run(nil) }
                    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { scratch in
                        URLScanner.decodeSegments(bytes, segments, count: scanned.segmentCount, into: scratch.baseAddress!)
                        return run(UnsafePointer(scratch.baseAddress!))
                    }
                }
            }
        }
    }

    private func makeLookup(
        _ url: String, _ found: Trie.Found, _ best: UnsafeMutablePointer<Trie.Capture>,
        _ segments: UnsafeBufferPointer<ScannedSegment>, _ scanned: ScannedURL
    ) -> Lookup {
        guard found.leaf >= 0 else { return .notFound }
        let captures = CaptureList(count: found.captureCount) { index in
            let capture = best[index]
            let segment = segments[Int(capture.segment)]
            return CapturedRange(start: segment.start, end: segment.end, trim: capture.trim)
        }
        let catchAllStart: Int32 = found.catchAllFrom < 0 ? -1
            : Int(found.catchAllFrom) < segments.count ? segments[Int(found.catchAllFrom)].start : Int32(scanned.pathEnd)
        let parameters = RouteParameters(
            url: url, table: self, leaf: found.leaf, captures: captures,
            queryStart: Int32(scanned.queryStart), queryEnd: Int32(scanned.queryEnd))
        return .matched(RouteMatch(
            parameters: parameters, routeID: trie.leaves[Int(found.leaf)].route, catchAllStart: catchAllStart,
            pathEnd: Int32(scanned.pathEnd), fragmentStart: Int32(scanned.fragmentStart)))
    }
}
