extension Trie {
    /// Where a route's leaf sits: the node its last segment reaches, and which slot of it. Valid
    /// until the next literal node is added.
    struct Endpoint: Hashable {
        enum Slot: Hashable { case terminal, catchAll, fallback }
        var node: NodeRef
        var slot: Slot
        /// The node's number (for a fallback: the scheme root's).
        var number: Int32
        /// The node's parent when the node is its only placeholder child and a plain `:name`:
        /// that parent keeps the node's end leaf (``Node/plainLeaf``).
        var plainParent: NodeRef? = nil
    }

    /// The root node for `scheme` (nil: the scheme-less root), creating it when `create` is set.
    mutating func root(scheme: String?, create: Bool) -> NodeRef? {
        guard var scheme else { return NodeRef(index: Self.schemelessRoot, inSlot: false) }
        return scheme.withUTF8 { literalChild(of: NodeRef(index: Self.schemesRoot, inSlot: false), key: $0, fold: true, create: create) }
    }

    /// Walks (and with `create`, builds) the path of expansion `expansion` of `pattern` from its
    /// scheme's root. With `raising`, lifts the highest priority of every node on the way to at
    /// least that priority.
    ///
    /// - Complexity: O(segments), plus the length of each literal.
    mutating func endpoint(
        of pattern: PatternScratch, expansion: Int, caseInsensitivePaths: Bool, create: Bool,
        raising priority: Int32? = nil
    ) -> Endpoint? {
        if let priority { trackPriorities(before: priority) }
        guard var node = root(scheme: pattern.scheme, create: create) else { return nil }
        var plainParent: NodeRef?
        if pattern.isFallback { return Endpoint(node: node, slot: .fallback, number: self.node(node).number) }
        let raising = priorityTracked ? priority : nil
        if let raising { raisePriority(of: node, to: raising) }
        for (depth, position) in pattern.expansion(expansion).enumerated() {
            let view = pattern.views[position]
            switch view.kind {
            case .catchAll:
                return Endpoint(node: node, slot: .catchAll, number: self.node(node).number, plainParent: plainParent)
            case .literal:
                let fold = Self.folds(depth: depth, caseInsensitivePaths: caseInsensitivePaths)
                let parent = node
                let child = pattern.bytes.withUnsafeBufferPointer { bytes in
                    literalChild(of: parent, key: UnsafeBufferPointer(rebasing: bytes[Int(view.bytesStart)..<Int(view.bytesStart + view.bytesCount)]),
                                 fold: fold, create: create)
                }
                guard let child else { return nil }
                node = child
                plainParent = nil
            case .parameter, .wildcard:
                let parent = node
                if let child = parameterChild(of: node, view, pattern) {
                    node = child
                } else if create {
                    node = addParameterChild(of: node, view, pattern)
                } else {
                    return nil
                }
                plainParent = self.node(parent).plainChild == node.index ? parent : nil
            }
            if let raising { raisePriority(of: node, to: raising) }
        }
        return Endpoint(node: node, slot: .terminal, number: self.node(node).number, plainParent: plainParent)
    }

    /// Lifts the highest priority kept for the node at `ref` to at least `priority`.
    private mutating func raisePriority(of ref: NodeRef, to priority: Int32) {
        let number = node(ref).number
        if number >= 0 {
            densePriorities[Int(number)] = max(densePriorities[Int(number)], priority)
        } else {
            literalNumbers.raisePriority(of: number, to: priority)
        }
    }

    /// Starts keeping each node's highest priority when a leaf of `priority` is about to make
    /// the priorities differ. Until then every node's is the one priority there is; nodes that
    /// this registration has already made get it too, which can only make matching look below
    /// them when it need not.
    private mutating func trackPriorities(before priority: Int32) {
        guard !priorityTracked, priorityRange.low <= priorityRange.high, priority != priorityRange.high else { return }
        densePriorities = Array(repeating: priorityRange.high, count: nodes.count)
        literalNumbers.trackPriorities(startingAt: priorityRange.high)
        leafPriorities = Array(repeating: priorityRange.high, count: leaves.count)
    }

    /// The leaf at an endpoint, or -1.
    func leaf(at endpoint: Endpoint) -> Int32 {
        switch endpoint.slot {
        case .terminal: return node(endpoint.node).leaf
        case .catchAll: return node(endpoint.node).catchAllLeaf
        case .fallback: return fallbackLeaf(ofScheme: endpoint.number)
        }
    }

    /// Puts a new leaf for `route` at `endpoint`, for expansion `expansion` of `pattern`.
    mutating func setLeaf(at endpoint: Endpoint, route: Int32, priority: Int32, pattern: PatternScratch, expansion: Int) {
        let positions = pattern.expansion(expansion)
        let appendedAt = captures.count
        for (position, index) in positions.enumerated() where pattern.views[index].kind == .parameter {
            let view = pattern.views[index]
            let name = internName(pattern.name(view))
            captures.appendCompactly(LeafCapture(name: name, position: Int32(position), trim: view.bytesCount))
        }
        let captureCount = captures.count - appendedAt
        let capturesStart = shareCaptures(appendedAt)
        let catchAllFrom: Int16 = switch endpoint.slot {
        case .terminal: -1
        case .catchAll: Int16(positions.count - 1)
        case .fallback: 0
        }
        let leafID = Int32(leaves.count)
        if priorityTracked { leafPriorities.appendCompactly(priority) }
        leaves.appendCompactly(Leaf(route: route, capturesStart: capturesStart,
                           capturesCount: Int16(captureCount), catchAllFrom: catchAllFrom))
        priorityRange = (min(priorityRange.low, priority), max(priorityRange.high, priority))
        attach(leafID, at: endpoint)
    }

    /// Where the capture list just appended at `start` (to the end of `captures`) is to start:
    /// where an equal list was recently stored, whose copy is then taken back, or at `start`.
    /// Leaves of the same shape so share one list.
    ///
    /// - Complexity: O(list length).
    private mutating func shareCaptures(_ start: Int) -> Int32 {
        let count = captures.count - start
        guard count > 0 else { return 0 }
        var hasher = Hasher()
        for capture in captures[start...] { hasher.combine(capture) }
        let entry = hasher.finalize() & (recentCaptureLists.count - 1)
        let recent = Int(recentCaptureLists[entry])
        if recent >= 0, recent + count <= start, captures[recent..<recent + count].elementsEqual(captures[start...]) {
            captures.removeLast(count)
            return Int32(recent)
        }
        recentCaptureLists[entry] = Int32(start)
        return Int32(start)
    }

    /// Detaches the leaf at `endpoint`; nodes stay, so routes below it are untouched.
    mutating func removeLeaf(at endpoint: Endpoint) {
        let leafID = leaf(at: endpoint)
        guard leafID >= 0 else { return }
        leaves[Int(leafID)].route = -1
        attach(-1, at: endpoint)
    }

    private mutating func attach(_ leaf: Int32, at endpoint: Endpoint) {
        switch endpoint.slot {
        case .terminal: updateNode(endpoint.node) { $0.leaf = leaf }
        case .catchAll: updateNode(endpoint.node) { $0.catchAllLeaf = leaf }
        case .fallback:
            fallbacks.removeAll { $0.scheme == endpoint.number }
            if leaf >= 0 { fallbacks.append((endpoint.number, leaf)) }
        }
        if let parent = endpoint.plainParent {
            let endLeaf = node(endpoint.node).endLeaf
            updateNode(parent) { $0.plainLeaf = endLeaf }
        }
    }

    /// The literal child of `parent` for the decoded bytes `key` (folded to lowercase when `fold`),
    /// added when missing and `create` is set.
    private mutating func literalChild(
        of parent: NodeRef, key raw: UnsafeBufferPointer<UInt8>, fold: Bool, create: Bool
    ) -> NodeRef? {
        let key = LiteralKey(raw, fold: fold)
        let parentNode = node(parent)
        if parentNode.literalFilter & key.filterBits == key.filterBits,
           let slot = literals.find(parent: parentNode.number, key: key, arena: bytes) {
            return NodeRef(index: Int32(slot), inSlot: true)
        }
        guard create else { return nil }
        // The parent changes first: adding the child may move every slot, the parent's too.
        updateNode(parent) { $0.literalFilter |= key.filterBits }
        let arenaStart = Int32(bytes.count)
        if raw.count > LiteralTable.inlineCapacity {
            if fold { bytes.appendCompactly(contentsOf: raw.lazy.map(foldASCII)) } else { bytes.appendCompactly(contentsOf: raw) }
        }
        let number = newLiteralNumber(hash: key.hash(parent: parentNode.number))
        let slot = literals.insert(parent: parentNode.number, key: key, number: number, arenaStart: arenaStart, arena: bytes)
        if parentNode.number == Self.schemesRoot {
            if raw.count <= 8 { schemeWords.append(key.word0) } else { hasLongScheme = true }
        }
        return NodeRef(index: Int32(slot), inSlot: true)
    }

    /// The number for a new literal node whose slot hash is `hash`: the derived one when it is
    /// free, else the next free one.
    ///
    /// - Complexity: O(1) expected.
    private mutating func newLiteralNumber(hash: UInt32) -> Int32 {
        let derived = Self.derivedNumber(hash)
        if derivesLiteralNumbers && literalNumbers.insert(derived) { return derived }
        while !literalNumbers.insert(nextIrregularNumber) { nextIrregularNumber -= 1 }
        return nextIrregularNumber
    }

    private func parameterChild(of parent: NodeRef, _ view: SegmentView, _ pattern: PatternScratch) -> NodeRef? {
        let suffix = pattern.key(view)
        var edgeID = node(parent).firstParameterEdge
        while edgeID >= 0 {
            let edge = parameterEdges[Int(edgeID)]
            if edge.rank == view.rank, Int32(edge.type) == view.type,
               bytes[Int(edge.suffixStart)..<Int(edge.suffixStart + edge.suffixCount)].elementsEqual(suffix) {
                return NodeRef(index: Self.child(ofEdge: edgeID), inSlot: false)
            }
            edgeID = edge.next
        }
        return nil
    }

    /// Adds a placeholder edge, keeping the node's chain in matching order: by rank, then longer
    /// suffix first, then typed before untyped, then registration order.
    private mutating func addParameterChild(of parent: NodeRef, _ view: SegmentView, _ pattern: PatternScratch) -> NodeRef {
        let child = Int32(nodes.count)
        nodes.appendCompactly(Node(number: child))
        if priorityTracked { densePriorities.appendCompactly(.min) }
        let suffixStart = Int32(bytes.count)
        bytes.appendCompactly(contentsOf: pattern.key(view))
        var edge = ParameterEdge(suffixStart: suffixStart, suffixCount: view.bytesCount, next: -1, type: Int16(view.type),
                                 rank: view.rank)
        let edgeID = Int32(parameterEdges.count)
        assert(Self.child(ofEdge: edgeID) == child, "edge \(edgeID) must lead to node \(child)")
        func precedes(_ a: ParameterEdge, _ b: ParameterEdge) -> Bool {
            if a.rank != b.rank { return a.rank < b.rank }
            if a.suffixCount != b.suffixCount { return a.suffixCount > b.suffixCount }
            return a.type >= 0 && b.type < 0
        }
        var previous: Int32 = -1
        var current = node(parent).firstParameterEdge
        while current >= 0, !precedes(edge, parameterEdges[Int(current)]) {
            previous = current
            current = parameterEdges[Int(current)].next
        }
        edge.next = current
        parameterEdges.appendCompactly(edge)
        if previous >= 0 { parameterEdges[Int(previous)].next = edgeID }
        let first = previous < 0 ? edgeID : node(parent).firstParameterEdge
        let head = parameterEdges[Int(first)]
        let plainLeaf = nodes[Int(Self.child(ofEdge: first))].endLeaf
        updateNode(parent) { $0.linkParameterEdges(first: first, plainOnly: head.next < 0 && head.rank == 3, plainLeaf: plainLeaf) }
        return NodeRef(index: child, inSlot: false)
    }

    private mutating func internName(_ name: String) -> Int32 {
        if let index = nameIndex[name] { return index }
        let index = Int32(names.count)
        names.append(name)
        nameIndex[name] = index
        return index
    }
}
