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
        /// Routes that declined this request; they are passed over.
        var excluded: UnsafeBufferPointer<Int32>
    }

    /// Finds the winning route for `input`. `captures` (one entry per segment) receives, for the
    /// winner, the segment each placeholder took; `path` is scratch of the same size.
    ///
    /// Tiers in order: the scheme's own patterns, scheme-less patterns, the scheme's fallback.
    /// Within a tier the search is depth-first in specificity order (literal, then placeholder
    /// edges in their chain's order, then `**`), so the first complete match wins unless a higher
    /// priority may still be found below a node (``maxPriorities``).
    ///
    /// - Complexity: O(segments) for a URL that does not force backtracking, independent of the
    ///   number of routes. No allocation.
    func match(_ input: MatchInput, captures: UnsafeMutablePointer<UInt16>, path: UnsafeMutablePointer<UInt16>) -> Found {
        var search = Search(input: input, best: captures, path: path)
        let scheme = schemeRoot(input)
        if let scheme { visit(scheme, 0, 0, &search) }
        let schemeless = nodes[Int(Self.schemelessRoot)]
        if schemeless.literalFilter != 0 || schemeless.firstEdge >= 0 || schemeless.endLeaf >= 0 {
            visit(schemeless, 0, 0, &search)
        }
        if let scheme {
            for entry in fallbacks where entry.scheme == scheme.number { consider(entry.leaf, 0, &search) }
        }
        return search.found
    }

    /// The root of the URL's scheme, or nil.
    @inline(__always)
    private func schemeRoot(_ input: MatchInput) -> Node? {
        guard input.schemeEnd > 0 else { return nil }
        let key = LiteralKey(base: input.bytes, count: input.schemeEnd, readableStart: input.bytes, readableEnd: input.end,
                             fold: true)
        return literalChild(key, of: nodes[Int(Self.schemesRoot)])
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

    private func visit(_ node: Node, _ depth: Int, _ captureCount: Int, _ search: inout Search) {
        if settled(below: node, search) { return }
        let input = search.input
        if depth == input.segments.count {
            consider(node.leaf, captureCount, &search)
            consider(node.catchAllLeaf, captureCount, &search)
            return
        }
        let segment = input.segments[depth]
        let key: UnsafeBufferPointer<UInt8>
        let readable: (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>)
        if segment.isEncoded, let scratch = input.scratch {
            key = UnsafeBufferPointer(start: scratch + Int(segment.start), count: Int(segment.decodedEnd - segment.start))
            readable = (scratch, scratch + (input.end - input.bytes))
        } else {
            key = UnsafeBufferPointer(start: input.bytes + Int(segment.start), count: Int(segment.end - segment.start))
            readable = (input.bytes, input.end)
        }
        if node.literalFilter != 0 {
            let literal = LiteralKey(base: key.baseAddress!, count: key.count, readableStart: readable.start,
                                     readableEnd: readable.end,
                                     fold: Self.folds(depth: depth, caseInsensitivePaths: input.caseInsensitivePaths))
            if let child = literalChild(literal, of: node) {
                visit(child, depth + 1, captureCount, &search)
                if settled(below: node, search) { return }
            }
        }
        var edgeID = node.firstEdge
        while edgeID >= 0 {
            let edge = edges[Int(edgeID)]
            if accepts(edge, key) {
                if edge.rank == 4 {
                    visit(nodes[Int(edge.child)], depth + 1, captureCount, &search)
                } else {
                    search.path[captureCount] = UInt16(truncatingIfNeeded: depth)
                    visit(nodes[Int(edge.child)], depth + 1, captureCount + 1, &search)
                }
                if settled(below: node, search) { return }
            }
            edgeID = edge.next
        }
        consider(node.catchAllLeaf, captureCount, &search)
    }

    /// Takes `leafID` as the best match if it beats the one found so far.
    @inline(__always)
    private func consider(_ leafID: Int32, _ captureCount: Int, _ search: inout Search) {
        guard leafID >= 0 else { return }
        let priority = tracksPriorities ? leafPriorities[Int(leafID)] : 0
        guard search.found.leaf < 0 || priority > search.found.priority else { return }
        if !search.input.excluded.isEmpty {
            let route = leaves[Int(leafID)].route
            guard route >= 0, !search.input.excluded.contains(route) else { return }
        }
        search.found = Found(leaf: leafID, priority: priority, captureCount: captureCount)
        for index in 0..<captureCount { search.best[index] = search.path[index] }
    }

    /// Whether a segment fits a placeholder edge: its suffix, then its type.
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
        return edge.type < 0 || types[Int(edge.type)].accepts(value)
    }
}
