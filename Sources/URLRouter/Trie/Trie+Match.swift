extension Trie {
    /// The best route found so far, and the URL segment each of its placeholders took.
    struct Found {
        var leaf: Int32 = -1
        var priority: Int32 = .min
        var captureCount = 0
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

    /// Raw pointers to every array matching reads, for a snapshot that keeps this trie unchanged
    /// for as long as it uses them (``RouteTable``): taking them once per snapshot spares each
    /// lookup entering every array's storage.
    ///
    /// The pointers stay valid because the snapshot's arrays are never changed in place: a writer
    /// changes its own copy, and Swift's copy-on-write gives it new storage while a snapshot
    /// still holds the old one. Swift never moves an array's storage.
    func makeView() -> TrieView {
        TrieView(self)
    }
}

/// Raw pointers into one trie snapshot's arrays (``Trie/makeView()``). A class, so that a lookup
/// passes one reference where a struct of this size was copied onto the stack at every call.
///
/// `@unchecked Sendable`: the pointers lead into storage that nothing changes while the owning
/// ``RouteTable`` lives, and the table outlives every use (lookups hold it).
final class TrieView: @unchecked Sendable {
    let nodes: UnsafePointer<Trie.Node>
    let edges: UnsafePointer<Trie.ParameterEdge>?
    let leaves: UnsafePointer<Trie.Leaf>?
    let captures: UnsafePointer<Trie.LeafCapture>?
    let names: UnsafeBufferPointer<String>
    let arena: UnsafePointer<UInt8>
    let slots: UnsafePointer<LiteralTable.Slot>
    let slotMask: Int
    let fallbacks: UnsafePointer<(scheme: Int32, leaf: Int32)>?
    let fallbackCount: Int
    let types: UnsafeBufferPointer<RouteParameterType>
    /// Every leaf has the same priority.
    let uniform: Bool
    /// ``Trie/densePriorities`` and the literal nodes' priorities in ``Trie/literalNumbers``
    /// (its buckets, priorities and mask); nil while `uniform`.
    let densePriorities: UnsafePointer<Int32>?
    let literalNumbers: (buckets: UnsafePointer<Int32>, priorities: UnsafePointer<Int32>, mask: Int)?
    /// ``Trie/leafPriorities``; nil while every leaf has one priority.
    let leafPriorities: UnsafePointer<Int32>?
    /// The schemes that fit in a word, found without hashing.
    let schemes: SchemeShortcut

    init(_ trie: Trie) {
        func base<Element>(_ array: [Element]) -> UnsafePointer<Element>? { array.withUnsafeBufferPointer { $0.baseAddress } }
        nodes = base(trie.nodes)!
        edges = base(trie.parameterEdges)
        leaves = base(trie.leaves)
        captures = base(trie.captures)
        names = trie.names.withUnsafeBufferPointer { $0 }
        arena = base(trie.bytes)!
        slots = base(trie.literals.slots)!
        slotMask = trie.literals.slots.count - 1
        fallbacks = base(trie.fallbacks)
        fallbackCount = trie.fallbacks.count
        types = trie.types.withUnsafeBufferPointer { $0 }
        uniform = trie.uniformPriority
        densePriorities = trie.priorityTracked ? base(trie.densePriorities) : nil
        literalNumbers = trie.priorityTracked
            ? (base(trie.literalNumbers.buckets)!, base(trie.literalNumbers.priorities)!, trie.literalNumbers.buckets.count - 1)
            : nil
        leafPriorities = trie.priorityTracked ? base(trie.leafPriorities) : nil
        schemes = SchemeShortcut(trie)
    }

    /// The highest priority at or below `node`. Only asked when priorities differ.
    @inline(__always)
    func maxPriority(_ node: Trie.Node) -> Int32 {
        if node.number >= 0 { return densePriorities![Int(node.number)] }
        let literal = literalNumbers!
        return LiteralNumberSet.priority(of: node.number, buckets: literal.buckets, priorities: literal.priorities, mask: literal.mask)
    }

    /// Finds the winning route for `input`. `captures` (one entry per segment) receives, for the
    /// winner, the segment each placeholder took; `path` is scratch of the same size.
    ///
    /// Tiers in order: the scheme's own patterns, scheme-less patterns, the scheme's fallback.
    /// Within a tier the search is depth-first in specificity order, so the first complete match
    /// wins unless a higher priority can still be found below a node (``TrieView/maxPriority(_:)``).
    ///
    /// - Complexity: O(segments) for a URL that does not force backtracking, independent of the
    ///   number of routes. No allocation.
    @inline(__always)
    func match(_ input: Trie.MatchInput, captures: UnsafeMutablePointer<UInt16>, path: UnsafeMutablePointer<UInt16>) -> Trie.Found {
        quickMatch(input, captures: captures) ?? search(input, captures: captures, path: path)
    }

    /// The full depth-first search of ``match(_:captures:path:)``.
    ///
    /// - Complexity: O(segments) for a URL that does not force backtracking; no allocation.
    func search(_ input: Trie.MatchInput, captures: UnsafeMutablePointer<UInt16>, path: UnsafeMutablePointer<UInt16>) -> Trie.Found {
        let scheme = schemeRoot(input)
        var matcher = Matcher(view: self, input: input, best: captures, path: path, uniform: uniform)
        if let scheme { matcher.visit(scheme, 0, 0) }
        let schemeless = nodes[Int(Trie.schemelessRoot)]
        if schemeless.literalFilter != 0 || schemeless.hasParameterEdges || schemeless.leaf >= 0 || schemeless.catchAllLeaf >= 0 {
            matcher.visit(schemeless, 0, 0)
        }
        if let scheme, let fallbacks {
            for index in 0..<fallbackCount where fallbacks[index].scheme == scheme.number {
                matcher.consider(fallbacks[index].leaf, 0)
            }
        }
        return matcher.found
    }

    /// The root of the URL's scheme, or nil: by ``SchemeShortcut`` when it knows, else by the
    /// literal table.
    @inline(__always)
    func schemeRoot(_ input: Trie.MatchInput) -> Trie.Node? {
        guard input.schemeEnd > 0 else { return nil }
        if input.schemeEnd <= 8 {
            let word = LiteralKey.word(input.bytes, input.schemeEnd, input.bytes, input.end)
            switch schemes.lookup(LiteralKey.foldWord(word)) {
            case .found(let root): return root
            case .absent: return nil
            case .unknown: break
            }
        } else if schemes.isComplete {
            return nil
        }
        let key = LiteralKey(base: input.bytes, count: input.schemeEnd, readableStart: input.bytes, readableEnd: input.end,
                             fold: true)
        return literalChild(key, of: nodes[Int(Trie.schemesRoot)])
    }

    /// The literal child of `parent` reached by `key`, or nil. The parent's Bloom filter answers
    /// most keys that are not there without a probe.
    @inline(__always)
    func literalChild(_ key: LiteralKey, of parent: Trie.Node) -> Trie.Node? {
        let bits = key.filterBits
        guard parent.literalFilter & bits == bits else { return nil }
        let index = LiteralTable.find(key, parent: parent.number, slots: slots, mask: slotMask, arena: arena)
        return index < 0 ? nil : slots[index].node
    }
}

/// The depth-first search of one match, over raw views of one trie snapshot.
private struct Matcher {
    let view: TrieView
    let input: Trie.MatchInput
    /// The winner's captures, and the captures of the path being explored.
    let best: UnsafeMutablePointer<UInt16>
    let path: UnsafeMutablePointer<UInt16>
    /// Every leaf has the same priority: the first complete match wins.
    let uniform: Bool
    var found = Trie.Found()

    init(view: TrieView, input: Trie.MatchInput, best: UnsafeMutablePointer<UInt16>, path: UnsafeMutablePointer<UInt16>,
         uniform: Bool) {
        self.view = view
        self.input = input
        self.best = best
        self.path = path
        self.uniform = uniform
    }

    /// The decoded bytes of segment `depth`, and the buffer around them that words may be read from.
    @inline(__always)
    func key(_ depth: Int) -> (bytes: UnsafeBufferPointer<UInt8>, readable: Range<UnsafePointer<UInt8>>) {
        let segment = input.segments[depth]
        if segment.isEncoded, let scratch = input.scratch {
            let start = scratch + Int(segment.start)
            return (UnsafeBufferPointer(start: start, count: Int(segment.decodedEnd - segment.start)),
                    scratch..<(scratch + (input.end - input.bytes)))
        }
        return (UnsafeBufferPointer(start: input.bytes + Int(segment.start), count: Int(segment.end - segment.start)),
                input.bytes..<input.end)
    }

    /// Whether nothing at or below `node` can beat what was found.
    @inline(__always)
    func settled(below node: Trie.Node) -> Bool {
        found.leaf >= 0 && (uniform || view.maxPriority(node) <= found.priority)
    }

    mutating func visit(_ node: Trie.Node, _ depth: Int, _ captureCount: Int) {
        if settled(below: node) { return }
        if depth == input.segments.count {
            consider(node.leaf, captureCount)
            consider(node.catchAllLeaf, captureCount)
            return
        }
        let (key, readable) = key(depth)
        if node.literalFilter != 0 {
            let fold = Trie.folds(depth: depth, caseInsensitivePaths: input.caseInsensitivePaths)
            let literal = LiteralKey(base: key.baseAddress!, count: key.count, readableStart: readable.lowerBound,
                                     readableEnd: readable.upperBound, fold: fold)
            if let child = view.literalChild(literal, of: node) {
                visit(child, depth + 1, captureCount)
                if settled(below: node) { return }
            }
        }
        if node.plainChild >= 0 {
            path[captureCount] = UInt16(truncatingIfNeeded: depth)
            visit(view.nodes[Int(node.plainChild)], depth + 1, captureCount + 1)
            if settled(below: node) { return }
        } else {
            var edgeID = node.firstParameterEdge
            while edgeID >= 0 {
                let edge = view.edges![Int(edgeID)]
                if accepts(edge, key) {
                    if edge.rank == 4 {
                        visit(view.nodes[Int(Trie.child(ofEdge: edgeID))], depth + 1, captureCount)
                    } else {
                        path[captureCount] = UInt16(truncatingIfNeeded: depth)
                        visit(view.nodes[Int(Trie.child(ofEdge: edgeID))], depth + 1, captureCount + 1)
                    }
                    if settled(below: node) { return }
                }
                edgeID = edge.next
            }
        }
        consider(node.catchAllLeaf, captureCount)
    }

    /// Takes `leafID` as the best match if it beats the one found so far.
    @inline(__always)
    mutating func consider(_ leafID: Int32, _ captureCount: Int) {
        guard leafID >= 0 else { return }
        if uniform && input.excluded.isEmpty {
            // Leaves on nodes are live; with one priority the first found wins.
            guard found.leaf < 0 else { return }
            found = Trie.Found(leaf: leafID, priority: .min, captureCount: captureCount)
        } else {
            let leaf = view.leaves![Int(leafID)]
            let priority = view.leafPriorities?[Int(leafID)] ?? 0
            guard leaf.route >= 0, found.leaf < 0 || priority > found.priority else { return }
            guard input.excluded.isEmpty || !input.excluded.contains(leaf.route) else { return }
            found = Trie.Found(leaf: leafID, priority: priority, captureCount: captureCount)
        }
        for index in 0..<captureCount { best[index] = path[index] }
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
