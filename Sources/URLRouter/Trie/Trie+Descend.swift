extension TrieView {
    /// The outcome of a straight descent: a winner, certainly nothing, or a failure where the
    /// full search would still have had another branch to try.
    enum Descent {
        case found(Trie.Found)
        case notFound
        case undecided
    }

    /// The common case without backtracking, for tables where every route has the same priority
    /// and no route is passed over: level by level, take the child the depth-first search would
    /// try first (the literal child, else the plain placeholder). The first complete match in
    /// that order is the winner, so a descent that arrives has found it. A descent that fails
    /// where the search had no other branch proves there is no match in this tier; one that
    /// fails after passing an untried branch (or meets a typed or suffixed placeholder) leaves
    /// the answer to the full search.
    ///
    /// The next node's number is never read from the node: a literal child's is derived from
    /// the hash that found it, a dense node's is its index. So the probe of the next level can
    /// start while the node this level found is still on its way from memory.
    ///
    /// - Complexity: O(segments), one probe per literal level; no allocation.
    @inline(__always)
    func descend(from root: Trie.Node, _ input: Trie.MatchInput, captures: UnsafeMutablePointer<UInt16>) -> Descent {
        withUnsafePointer(to: root) { descend(from: $0, input, captures: captures) }
    }

    /// ``descend(from:_:captures:)`` holding a pointer to the current node rather than a copy:
    /// its fields are read when they are needed, and the loop keeps its state in registers.
    @inline(__always)
    private func descend(
        from root: UnsafePointer<Trie.Node>, _ input: Trie.MatchInput, captures: UnsafeMutablePointer<UInt16>
    ) -> Descent {
        var node = root
        var number = root.pointee.number
        var depth = 0
        var captureCount = 0
        var passedBranch = false
        let count = input.segments.count
        while depth < count {
            if node.pointee.literalFilter != 0 {
                let segment = input.segments[depth]
                guard !segment.isEncoded else { return .undecided }
                let start = input.bytes + Int(segment.start)
                let literal = LiteralKey(base: start, count: Int(segment.end - segment.start), readableStart: input.bytes,
                                         readableEnd: input.end,
                                         fold: Trie.folds(depth: depth, caseInsensitivePaths: input.caseInsensitivePaths))
                let bits = literal.filterBits
                if node.pointee.literalFilter & bits == bits {
                    let hash = literal.hash(parent: number)
                    let derived = Trie.derivedNumber(hash)
                    let index = LiteralTable.find(literal, parent: number, hash: hash, slots: slots, mask: slotMask, arena: arena)
                    if index >= 0 {
                        if node.pointee.hasParameterEdges || node.pointee.catchAllLeaf >= 0 { passedBranch = true }
                        node = (slots + index).pointer(to: \.node)!
                        // A predicted branch, not a data dependency: the next probe goes on with
                        // `derived`. A child whose number is not derived is left to the search.
                        guard node.pointee.number == derived else { return .undecided }
                        number = derived
                        depth += 1
                        continue
                    }
                }
            }
            if node.pointee.plainChild >= 0 {
                if node.pointee.catchAllLeaf >= 0 { passedBranch = true }
                captures[captureCount] = UInt16(truncatingIfNeeded: depth)
                captureCount += 1
                depth += 1
                // At the last segment the parent knows the child's leaf: the child is not read.
                if depth == count { return ended(at: node.pointee.plainLeaf, captureCount, passedBranch) }
                number = node.pointee.plainChild
                node = nodes + Int(number)
                continue
            }
            if node.pointee.hasParameterEdges { return .undecided }
            if node.pointee.catchAllLeaf >= 0 {
                return .found(Trie.Found(leaf: node.pointee.catchAllLeaf, priority: .min, captureCount: captureCount))
            }
            return passedBranch ? .undecided : .notFound
        }
        return ended(at: node.pointee.endLeaf, captureCount, passedBranch)
    }

    /// The outcome of a descent that used every segment and reached `leaf` (-1: none).
    @inline(__always)
    private func ended(at leaf: Int32, _ captureCount: Int, _ passedBranch: Bool) -> Descent {
        if leaf >= 0 { return .found(Trie.Found(leaf: leaf, priority: .min, captureCount: captureCount)) }
        return passedBranch ? .undecided : .notFound
    }

    /// The winner of ``match(_:captures:path:)`` by straight descents through its tiers, or nil
    /// when only the full search can decide: priorities differ, routes are passed over, or a
    /// descent met a branch it cannot settle. Lookups call this first, and
    /// ``search(_:captures:path:)`` only when it gives up.
    ///
    /// - Complexity: O(segments); no allocation.
    @inline(never)  // Inlined into the router's lookup, it costs a release more per call (measured).
    func quickMatch(_ input: Trie.MatchInput, captures: UnsafeMutablePointer<UInt16>) -> Trie.Found? {
        guard uniform && input.excluded.isEmpty else { return nil }
        let scheme = schemeRoot(input)
        if let scheme {
            switch descend(from: scheme, input, captures: captures) {
            case .found(let found): return found
            case .undecided: return nil
            case .notFound: break
            }
        }
        let schemeless = nodes[Int(Trie.schemelessRoot)]
        if schemeless.literalFilter != 0 || schemeless.hasParameterEdges || schemeless.leaf >= 0 || schemeless.catchAllLeaf >= 0 {
            switch descend(from: schemeless, input, captures: captures) {
            case .found(let found): return found
            case .undecided: return nil
            case .notFound: break
            }
        }
        if let scheme, let fallbacks {
            for index in 0..<fallbackCount where fallbacks[index].scheme == scheme.number {
                return Trie.Found(leaf: fallbacks[index].leaf, priority: .min, captureCount: 0)
            }
        }
        return Trie.Found()
    }
}
