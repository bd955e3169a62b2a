extension Trie {
    /// The best route found so far.
    struct Found {
        var leaf: Int32 = -1
        var priority: Int32 = .min
        var captureCount = 0
    }

    /// What matching needs of a scanned URL. The pointers are the caller's, valid for the call.
    struct MatchInput {
        var bytes: UnsafePointer<UInt8>
        /// One past the URL's last byte: words may be read up to here.
        var end: UnsafePointer<UInt8>
        /// Decoded bytes of encoded segments, at the segments' own offsets (as long as the URL).
        var scratch: UnsafePointer<UInt8>?
        var segments: UnsafeBufferPointer<ScannedSegment>
        /// The scheme is `bytes[0..<schemeEnd]`; -1 when the URL has none.
        var schemeEnd: Int
        var caseInsensitivePaths: Bool
        /// Passed over: routes that declined this request, and (as `~leaf`) combinations of typed
        /// routes whose fields did not decode.
        var excluded: UnsafeBufferPointer<Int32>
    }

    /// One node on the path the search is exploring, and what it tries next.
    struct Frame {
        var node: Node
        var depth: Int32
        var captureCount: Int32
        /// ``Frame/start``; else the next placeholder edge to try (-1: none left).
        var next: Int32

        static let start = Int32.min
    }

    /// Finds the winning route for `input`. `captures` (one entry per segment) receives, for the
    /// winner, the segment each placeholder took; `path` is scratch of the same size, and
    /// `frames` room for one more frame than there are segments.
    ///
    /// Tiers in order: the scheme's own patterns, scheme-less patterns, the scheme's fallback. Within a tier the search
    /// is depth-first in specificity order (literal, then placeholder edges in their chain's order, then `**`), so the
    /// first complete match wins unless a higher priority may still be found below a node (``maxPriorities``). The
    /// search keeps its path in `frames`, not on the call stack, so a URL of many segments needs no deep recursion.
    ///
    /// - Complexity: O(segments) for a URL that does not force backtracking, independent of the
    ///   number of routes. No allocation.
    func match(
        _ input: MatchInput, captures: UnsafeMutablePointer<UInt16>, path: UnsafeMutablePointer<UInt16>,
        frames: UnsafeMutablePointer<Frame>
    ) -> Found {
        var search = Search(input: input, best: captures, path: path)
        let scheme = schemeRoot(input)
        if let scheme { explore(from: scheme, &search, frames) }
        let schemeless = roots[Int(Self.schemelessRoot)]
        if schemeless.literalFilter != 0 || schemeless.firstEdge >= 0 || schemeless.endLeaf >= 0 {
            explore(from: schemeless, &search, frames)
        }
        if let scheme, case let leaf = fallbackLeaf(of: scheme.number), leaf >= 0, !breaksCatchAll(from: 0, input) {
            consider(leaf, 0, &search)
        }
        return search.found
    }

    /// The root of the URL's scheme, or nil.
    @inline(__always)
    private func schemeRoot(_ input: MatchInput) -> Node? {
        guard input.schemeEnd > 0 else { return nil }
        let key = LiteralKey(
            base: input.bytes, count: input.schemeEnd, readableStart: input.bytes, readableEnd: input.end,
            fold: true)
        return literalChild(key, of: roots[Int(Self.schemesRoot)])
    }

    /// The state of one search: the URL, the winner so far, the captures of the path explored.
    private struct Search {
        let input: MatchInput
        let best: UnsafeMutablePointer<UInt16>
        let path: UnsafeMutablePointer<UInt16>
        var found = Found()
    }

    /// Whether nothing at or below `node` can beat what was found.
    @inline(__always)
    private func settled(below node: Node, _ search: Search) -> Bool {
        search.found.leaf >= 0 && (!tracksPriorities || maxPriorities[Int(node.number)] <= search.found.priority)
    }

    /// The depth-first search of one tier from `root`. At each node: the literal child for the
    /// segment, then each placeholder edge that accepts it, then the node's `**` route; a node
    /// is left as soon as nothing below it can beat the match found.
    private func explore(from root: Node, _ search: inout Search, _ frames: UnsafeMutablePointer<Frame>) {
        let input = search.input
        frames[0] = Frame(node: root, depth: 0, captureCount: 0, next: Frame.start)
        var top = 0
        walk: while top >= 0 {
            let frame = frames[top]
            let node = frame.node
            let depth = Int(frame.depth)
            if settled(below: node, search) { top -= 1; continue }
            if depth == input.segments.count {
                consider(node.leaf, Int(frame.captureCount), &search)
                consider(node.catchAllLeaf, Int(frame.captureCount), &search)
                top -= 1
                continue
            }
            let key = segmentKey(depth, input)
            var edgeID = frame.next
            if edgeID == Frame.start {
                edgeID = node.firstEdge
                frames[top].next = edgeID
                if node.literalFilter != 0 {
                    let literal = LiteralKey(
                        base: key.bytes.baseAddress!, count: key.bytes.count,
                        readableStart: key.readable.start, readableEnd: key.readable.end,
                        fold: Self.folds(depth: depth, caseInsensitivePaths: input.caseInsensitivePaths))
                    if let child = literalChild(literal, of: node) {
                        // A node with nothing else to try is not kept to come back to.
                        if edgeID >= 0 || node.catchAllLeaf >= 0 { top += 1 }
                        frames[top] = Frame(
                            node: child, depth: frame.depth + 1, captureCount: frame.captureCount,
                            next: Frame.start)
                        continue
                    }
                }
            }
            while edgeID >= 0 {
                let edge = edges[Int(edgeID)]
                edgeID = edge.next
                guard accepts(edge, key.bytes) else { continue }
                frames[top].next = edgeID
                var captureCount = frame.captureCount
                if edge.rank != 4 {
                    search.path[Int(captureCount)] = UInt16(truncatingIfNeeded: depth)
                    captureCount += 1
                }
                if edgeID >= 0 || node.catchAllLeaf >= 0 { top += 1 }
                frames[top] = Frame(
                    node: edge.node, depth: frame.depth + 1, captureCount: captureCount,
                    next: Frame.start)
                continue walk
            }
            if node.catchAllLeaf >= 0, !breaksCatchAll(from: depth, input) {
                consider(node.catchAllLeaf, Int(frame.captureCount), &search)
            }
            top -= 1
        }
    }

    /// Whether segments `depth...` hold what `**` and a fallback refuse: a dot segment, also behind an encoded `/`.
    private func breaksCatchAll(from depth: Int, _ input: MatchInput) -> Bool {
        (depth..<input.segments.count).contains { URLScanner.breaksCatchAllPath(segmentKey($0, input).bytes) }
    }

    /// The decoded bytes of segment `depth`, and the buffer around them that words may be read from.
    @inline(__always)
    private func segmentKey(
        _ depth: Int, _ input: MatchInput
    ) -> (bytes: UnsafeBufferPointer<UInt8>, readable: (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>)) {
        let segment = input.segments[depth]
        if segment.isEncoded, let scratch = input.scratch {
            return (
                UnsafeBufferPointer(
                    start: scratch + Int(segment.start), count: Int(segment.decodedEnd - segment.start)),
                (scratch, scratch + (input.end - input.bytes))
            )
        }
        return (
            UnsafeBufferPointer(start: input.bytes + Int(segment.start), count: Int(segment.end - segment.start)),
            (input.bytes, input.end)
        )
    }

    /// Takes `leafID` as the best match if it beats the one found so far.
    @inline(__always)
    private func consider(_ leafID: Int32, _ captureCount: Int, _ search: inout Search) {
        guard leafID >= 0 else { return }
        let priority = tracksPriorities ? leafPriorities[Int(leafID)] : 0
        guard search.found.leaf < 0 || priority > search.found.priority else { return }
        if !search.input.excluded.isEmpty {
            let route = leaves[Int(leafID)].route
            let excluded = search.input.excluded
            guard route >= 0, !excluded.contains(route), !excluded.contains(~leafID) else { return }
        }
        search.found = Found(leaf: leafID, priority: priority, captureCount: captureCount)
        for index in 0..<captureCount { search.best[index] = search.path[index] }
    }

    /// Whether a segment fits a placeholder or `*` edge: its suffix, then its value (no dot segment), its type.
    @inline(__always)
    private func accepts(_ edge: ParameterEdge, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var value = key
        if edge.suffixCount > 0 {
            let suffixCount = Int(edge.suffixCount)
            guard key.count > suffixCount else { return false }
            let tail = key.count - suffixCount
            for index in 0..<suffixCount where key[tail + index] != bytes[Int(edge.suffixStart) + index] {
                return false
            }
            value = UnsafeBufferPointer(rebasing: key[..<tail])
        }
        return !URLScanner.isDotSegment(value) && (edge.type < 0 || types[Int(edge.type)].accepts(value))
    }
}
