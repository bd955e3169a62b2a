extension Trie {
    /// The best route found so far. Its captures follow from the leaf (``LeafCapture``).
    struct Found {
        var leaf: Int32 = -1
        var priority: Int32 = .min
    }

    /// What matching needs of a scanned URL.
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

    /// Finds the winning route for `input`.
    ///
    /// Tiers in order: the scheme's own patterns, scheme-less patterns, the scheme's fallback.
    /// Within a tier the search is depth-first in specificity order, so the first complete match
    /// wins unless a higher priority can still be found below a node (`maxPriority`).
    ///
    /// - Complexity: O(segments) for a URL that does not force backtracking, independent of the
    ///   number of routes. No allocation.
    func match(_ input: MatchInput) -> Found {
        withView { view in
            var matcher = Matcher(view: view, input: input)
            var schemeRoot: Int32 = -1
            if input.schemeEnd > 0 {
                let scheme = LiteralKey(base: input.bytes, count: input.schemeEnd, readableEnd: input.end, fold: true)
                schemeRoot = view.literalChild(scheme, of: Self.schemesRoot)
            }
            if schemeRoot >= 0 { matcher.visit(schemeRoot, 0) }
            matcher.visit(Self.schemelessRoot, 0)
            if schemeRoot >= 0 { matcher.consider(view.nodes[Int(schemeRoot)].fallbackLeaf) }
            return matcher.found
        }
    }

    /// Calls `body` with raw views of every array matching reads: one entry into each array's
    /// storage per lookup instead of one per node.
    @inline(__always)
    func withView<Result>(_ body: (TrieView) -> Result) -> Result {
        nodes.withUnsafeBufferPointer { nodes in
            parameterEdges.withUnsafeBufferPointer { edges in
                leaves.withUnsafeBufferPointer { leaves in
                    bytes.withUnsafeBufferPointer { arena in
                        literals.slots.withUnsafeBufferPointer { slots in
                            types.withUnsafeBufferPointer { types in
                                body(TrieView(nodes: nodes.baseAddress!, edges: edges.baseAddress, leaves: leaves.baseAddress,
                                              arena: arena.baseAddress!, slots: slots.baseAddress!, slotMask: slots.count - 1,
                                              types: types))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Raw pointers into one trie snapshot's arrays, valid inside `Trie.withView`.
struct TrieView {
    let nodes: UnsafePointer<Trie.Node>
    let edges: UnsafePointer<Trie.ParameterEdge>?
    let leaves: UnsafePointer<Trie.Leaf>?
    let arena: UnsafePointer<UInt8>
    let slots: UnsafePointer<LiteralTable.Slot>
    let slotMask: Int
    let types: UnsafeBufferPointer<RouteParameterType>

    /// The literal child of `parent` reached by `key`, or -1.
    @inline(__always)
    func literalChild(_ key: LiteralKey, of parent: Int32) -> Int32 {
        LiteralTable.find(key, parent: parent, slots: slots, mask: slotMask, arena: arena)
    }
}

/// The depth-first search of one match, over raw views of one trie snapshot.
private struct Matcher {
    let view: TrieView
    let input: Trie.MatchInput
    var found = Trie.Found()

    init(view: TrieView, input: Trie.MatchInput) {
        self.view = view
        self.input = input
    }

    /// The decoded bytes of segment `depth`, and how far past them words may be read.
    @inline(__always)
    func key(_ depth: Int) -> (bytes: UnsafeBufferPointer<UInt8>, readableEnd: UnsafePointer<UInt8>) {
        let segment = input.segments[depth]
        if segment.isEncoded, let scratch = input.scratch {
            let start = scratch + Int(segment.start)
            return (UnsafeBufferPointer(start: start, count: Int(segment.decodedEnd - segment.start)),
                    scratch + (input.end - input.bytes))
        }
        return (UnsafeBufferPointer(start: input.bytes + Int(segment.start), count: Int(segment.end - segment.start)), input.end)
    }

    /// Whether nothing below a node whose highest priority is `maxPriority` can beat what was found.
    @inline(__always)
    func settled(below maxPriority: Int32) -> Bool {
        found.leaf >= 0 && maxPriority <= found.priority
    }

    mutating func visit(_ nodeID: Int32, _ depth: Int) {
        let node = view.nodes[Int(nodeID)]
        if settled(below: node.maxPriority) { return }
        if depth == input.segments.count {
            consider(node.leaf)
            consider(node.catchAllLeaf)
            return
        }
        let (key, readableEnd) = key(depth)
        if node.literalCount > 0 {
            let literal = LiteralKey(base: key.baseAddress!, count: key.count, readableEnd: readableEnd,
                                     fold: Trie.folds(depth: depth, caseInsensitivePaths: input.caseInsensitivePaths))
            let child = view.literalChild(literal, of: nodeID)
            if child >= 0 {
                visit(child, depth + 1)
                if settled(below: node.maxPriority) { return }
            }
        }
        var edgeID = node.firstParameterEdge
        while edgeID >= 0 {
            let edge = view.edges![Int(edgeID)]
            if accepts(edge, key) {
                visit(edge.child, depth + 1)
                if settled(below: node.maxPriority) { return }
            }
            edgeID = edge.next
        }
        consider(node.catchAllLeaf)
    }

    /// Takes `leafID` as the best match if it beats the one found so far.
    @inline(__always)
    mutating func consider(_ leafID: Int32) {
        guard leafID >= 0 else { return }
        let leaf = view.leaves![Int(leafID)]
        guard leaf.route >= 0, found.leaf < 0 || leaf.priority > found.priority else { return }
        guard input.excluded.isEmpty || !input.excluded.contains(leaf.route) else { return }
        found = Trie.Found(leaf: leafID, priority: leaf.priority)
    }

    /// Whether a segment fits a placeholder edge: its suffix, then its type.
    @inline(__always)
    func accepts(_ edge: Trie.ParameterEdge, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var value = key
        if edge.suffixCount > 0 {
            let suffixCount = Int(edge.suffixCount)
            guard key.count > suffixCount else { return false }
            let tail = key.count - suffixCount
            for index in 0..<suffixCount where key[tail + index] != view.arena[Int(edge.suffixStart) + index] {
                return false
            }
            value = UnsafeBufferPointer(rebasing: key[..<tail])
        }
        if edge.type >= 0 {
            return view.types[Int(edge.type)].accepts(value)
        }
        return true
    }
}
