extension Trie {
    /// A placeholder's capture on the matched path: the segment, and how many decoded bytes of
    /// literal suffix to drop from its end.
    struct Capture: Sendable {
        var segment: Int32
        var trim: Int32
    }

    /// The best route found so far.
    struct Found {
        var leaf: Int32 = -1
        var priority: Int32 = .min
        var captureCount = 0
        /// The first segment taken by `**`, or -1.
        var catchAllFrom: Int32 = -1
    }

    /// What matching needs of a scanned URL.
    struct MatchInput {
        var bytes: UnsafePointer<UInt8>
        /// Decoded bytes of encoded segments, at the segments' own offsets.
        var scratch: UnsafePointer<UInt8>?
        var segments: UnsafeBufferPointer<ScannedSegment>
        /// The scheme's root node; nil when the URL has no scheme or no pattern uses it.
        var schemeRoot: Int32?
        var caseInsensitivePaths: Bool
        /// Routes that declined this request; they are passed over.
        var excluded: UnsafeBufferPointer<Int32>
    }

    /// Finds the winning route for `input`, writing its captures to `best` (which, like
    /// `captures`, holds one entry per segment).
    ///
    /// Tiers in order: the scheme's own patterns, scheme-less patterns, the scheme's fallback.
    /// Within a tier the search is depth-first in specificity order, so the first complete match
    /// wins unless a higher priority can still be found below a node (`maxPriority`).
    ///
    /// - Complexity: O(segments) for a URL that does not force backtracking, independent of the
    ///   number of routes. No allocation.
    func match(_ input: MatchInput, captures: UnsafeMutablePointer<Capture>, best: UnsafeMutablePointer<Capture>) -> Found {
        nodes.withUnsafeBufferPointer { nodes in
            parameterEdges.withUnsafeBufferPointer { edges in
                leaves.withUnsafeBufferPointer { leaves in
                    bytes.withUnsafeBufferPointer { arena in
                        types.withUnsafeBufferPointer { types in
                            var matcher = Matcher(
                                input: input, nodes: nodes, edges: edges, leaves: leaves, arena: arena, types: types,
                                literals: literals, arenaArray: bytes, captures: captures, best: best)
                            if let root = input.schemeRoot { matcher.visit(root, 0, 0) }
                            matcher.visit(Self.schemelessRoot, 0, 0)
                            if let root = input.schemeRoot {
                                matcher.consider(nodes[Int(root)].fallbackLeaf, captureCount: 0, catchAllFrom: 0)
                            }
                            return matcher.found
                        }
                    }
                }
            }
        }
    }
}

/// The depth-first search of one match, over unsafe views of one trie snapshot.
private struct Matcher {
    let input: Trie.MatchInput
    let nodes: UnsafeBufferPointer<Trie.Node>
    let edges: UnsafeBufferPointer<Trie.ParameterEdge>
    let leaves: UnsafeBufferPointer<Trie.Leaf>
    let arena: UnsafeBufferPointer<UInt8>
    let types: UnsafeBufferPointer<RouteParameterType>
    let literals: LiteralTable
    let arenaArray: [UInt8]
    let captures: UnsafeMutablePointer<Trie.Capture>
    let best: UnsafeMutablePointer<Trie.Capture>
    var found = Trie.Found()

    init(input: Trie.MatchInput, nodes: UnsafeBufferPointer<Trie.Node>, edges: UnsafeBufferPointer<Trie.ParameterEdge>,
         leaves: UnsafeBufferPointer<Trie.Leaf>, arena: UnsafeBufferPointer<UInt8>, types: UnsafeBufferPointer<RouteParameterType>,
         literals: LiteralTable, arenaArray: [UInt8], captures: UnsafeMutablePointer<Trie.Capture>, best: UnsafeMutablePointer<Trie.Capture>) {
        self.input = input
        self.nodes = nodes
        self.edges = edges
        self.leaves = leaves
        self.arena = arena
        self.types = types
        self.literals = literals
        self.arenaArray = arenaArray
        self.captures = captures
        self.best = best
    }

    /// The decoded bytes of segment `depth`.
    @inline(__always)
    func key(_ depth: Int) -> UnsafeBufferPointer<UInt8> {
        let segment = input.segments[depth]
        if segment.isEncoded, let scratch = input.scratch {
            return UnsafeBufferPointer(start: scratch + Int(segment.start), count: Int(segment.decodedEnd - segment.start))
        }
        return UnsafeBufferPointer(start: input.bytes + Int(segment.start), count: Int(segment.end - segment.start))
    }

    mutating func visit(_ nodeID: Int32, _ depth: Int, _ captureCount: Int) {
        let node = nodes[Int(nodeID)]
        if found.leaf >= 0 && node.maxPriority <= found.priority { return }
        if depth == input.segments.count {
            consider(node.leaf, captureCount: captureCount, catchAllFrom: -1)
            consider(node.catchAllLeaf, captureCount: captureCount, catchAllFrom: Int32(depth))
            return
        }
        let key = key(depth)
        if node.literalCount > 0 {
            let fold = Trie.folds(depth: depth, caseInsensitivePaths: input.caseInsensitivePaths)
            if let child = literals.find(parent: nodeID, key: key, fold: fold, arena: arenaArray) {
                visit(child, depth + 1, captureCount)
            }
        }
        var edgeID = node.firstParameterEdge
        while edgeID >= 0 {
            let edge = edges[Int(edgeID)]
            if accepts(edge, key) {
                if edge.rank == 4 {
                    visit(edge.child, depth + 1, captureCount)
                } else {
                    captures[captureCount] = Trie.Capture(segment: Int32(depth), trim: edge.suffixCount)
                    visit(edge.child, depth + 1, captureCount + 1)
                }
            }
            edgeID = edge.next
        }
        consider(node.catchAllLeaf, captureCount: captureCount, catchAllFrom: Int32(depth))
    }

    /// Takes `leafID` as the best match if it beats the one found so far.
    @inline(__always)
    mutating func consider(_ leafID: Int32, captureCount: Int, catchAllFrom: Int32) {
        guard leafID >= 0 else { return }
        let leaf = leaves[Int(leafID)]
        guard leaf.route >= 0, found.leaf < 0 || leaf.priority > found.priority else { return }
        guard !input.excluded.contains(leaf.route) else { return }
        found = Trie.Found(leaf: leafID, priority: leaf.priority, captureCount: captureCount, catchAllFrom: catchAllFrom)
        best.update(from: captures, count: captureCount)
    }

    /// Whether a segment fits a placeholder edge: its suffix, then its type.
    @inline(__always)
    func accepts(_ edge: Trie.ParameterEdge, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var value = key
        if edge.suffixCount > 0 {
            let suffixCount = Int(edge.suffixCount)
            guard key.count > suffixCount else { return false }
            let tail = key.count - suffixCount
            for index in 0..<suffixCount where key[tail + index] != arena[Int(edge.suffixStart) + index] {
                return false
            }
            value = UnsafeBufferPointer(rebasing: key[..<tail])
        }
        if edge.type >= 0 {
            return types[Int(edge.type)].accepts(value)
        }
        return true
    }
}
