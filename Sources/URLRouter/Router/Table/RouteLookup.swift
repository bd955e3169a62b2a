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
        case .length: "the URL is \(value) bytes; the limit is \(limit) (Router.Limits.maxURLLength)."
        case .segments: "the URL has \(value) path segments; the limit is \(limit) (Router.Limits.maxSegments)."
        case .queryItems: "the URL has \(value) query items; the limit is \(limit) (Router.Limits.maxQueryItems)."
        }
    }
}

/// The outcome of scanning and matching, in plain numbers: nothing to retain or release until
/// the match is built from it.
struct RawLookup {
    var found = Trie.Found()
    var offsets = MatchOffsets(leaf: -1, captureCount: 0, capture0: nil, queryStart: -1, hasFragment: false)
    var problem: LimitProblem?
}

extension RouteTable {
    /// Scans `url` and finds its route, passing over the `excluded` routes (and leaves, as `~leaf`).
    ///
    /// - Complexity: O(URL length) to scan, then O(segments) to match for URLs that do not force
    ///   backtracking, whatever the number of routes. Allocates nothing for up to four captures.
    func lookup(_ url: String, excluding excluded: [Int32] = []) -> Lookup {
        let raw = rawLookup(url, excluding: excluded)
        if raw.found.leaf >= 0 {
            return .matched(RouteMatch(parameters: RouteParameters(url: url, table: self, offsets: raw.offsets)))
        }
        if let problem = raw.problem { return .overLimit(problem.message) }
        return .notFound
    }

    /// Scans `url` and finds its route in plain numbers; the caller builds the match.
    @inline(__always)
    func rawLookup(_ url: String, excluding excluded: [Int32]) -> RawLookup {
        if let raw = url.utf8.withContiguousStorageIfAvailable({ find($0, excluded) }) { return raw }
        return rawLookupCopying(url, excluding: excluded)
    }

    /// ``rawLookup(_:excluding:)`` for a string whose bytes are not contiguous (bridged).
    @inline(never)
    private func rawLookupCopying(_ url: String, excluding excluded: [Int32]) -> RawLookup {
        var contiguous = url
        contiguous.makeContiguousUTF8()
        return contiguous.utf8.withContiguousStorageIfAvailable { find($0, excluded) } ?? RawLookup()
    }

    /// Scan and match over the URL's bytes, with one stack buffer for the segments and captures.
    /// Every pointer made here lives only inside this call's `withUnsafe…` scopes.
    @inline(__always)
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, _ excluded: [Int32]) -> RawLookup {
        var raw = RawLookup()
        let maxURLLength = options.limits.maxURLLength
        guard bytes.count <= maxURLLength else {
            raw.problem = LimitProblem(kind: .length, value: bytes.count, limit: maxURLLength)
            return raw
        }
        // Both buffers stay within what Swift puts on the stack (1 KiB) for the default limits
        // and URLs of up to 30 segments; past that they are allocated.
        let maxSegments = options.limits.maxSegments
        let segmentBytes = maxSegments * MemoryLayout<ScannedSegment>.stride
        let byteCount = segmentBytes + 2 * maxSegments * MemoryLayout<UInt16>.stride
        return withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: MemoryLayout<ScannedSegment>.alignment) {
            buffer in
            let segments = UnsafeMutableBufferPointer(
                start: buffer.baseAddress!.bindMemory(to: ScannedSegment.self, capacity: maxSegments),
                count: maxSegments)
            let captures = (buffer.baseAddress! + segmentBytes).bindMemory(to: UInt16.self, capacity: 2 * maxSegments)
            let scanned = URLScanner.scan(bytes, segments: segments)
            guard scanned.segmentCount <= maxSegments else {
                raw.problem = LimitProblem(kind: .segments, value: scanned.segmentCount, limit: maxSegments)
                return raw
            }
            guard scanned.queryItemCount <= options.limits.maxQueryItems else {
                raw.problem = LimitProblem(
                    kind: .queryItems, value: scanned.queryItemCount, limit: options.limits.maxQueryItems)
                return raw
            }
            let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
            let used = UnsafeBufferPointer(rebasing: segments[..<scanned.segmentCount])
            func run(_ scratch: UnsafePointer<UInt8>?) -> Trie.Found {
                excluded.withUnsafeBufferPointer { excluded in
                    withUnsafeTemporaryAllocation(of: Trie.Frame.self, capacity: used.count + 1) { frames in
                        trie.match(
                            Trie.MatchInput(
                                bytes: base, end: base + bytes.count, scratch: scratch, segments: used,
                                schemeEnd: scanned.schemeEnd, caseInsensitivePaths: options.caseInsensitivePaths,
                                excluded: excluded),
                            captures: captures, path: captures + maxSegments, frames: frames.baseAddress!)
                    }
                }
            }
            if scanned.pathHasPercent {
                raw.found = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { scratch in
                    URLScanner.decodeSegments(bytes, segments, count: scanned.segmentCount, into: scratch.baseAddress!)
                    return run(UnsafePointer(scratch.baseAddress!))
                }
            } else {
                raw.found = run(nil)
            }
            if raw.found.leaf >= 0 { raw.offsets = offsets(of: raw.found, captures, scanned, used) }
            return raw
        }
    }

    /// The offsets a match keeps, with the first capture's range when it holds no `%` (so reading
    /// it needs no decoding).
    private func offsets(
        of found: Trie.Found, _ captures: UnsafePointer<UInt16>, _ scanned: ScannedURL,
        _ segments: UnsafeBufferPointer<ScannedSegment>
    ) -> MatchOffsets {
        assert(
            found.captureCount == Int(trie.leaves[Int(found.leaf)].capturesCount), "a match counts its leaf's captures")
        let first = found.captureCount > 0 ? segments[Int(captures[0])] : nil
        let capture0 = first.flatMap { $0.isEncoded ? nil : $0 }
        return MatchOffsets(
            leaf: found.leaf, captureCount: found.captureCount, capture0: capture0.map { ($0.start, $0.end) },
            queryStart: scanned.queryStart, hasFragment: scanned.fragmentStart >= 0)
    }
}
