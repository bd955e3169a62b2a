extension Trie {
    /// Where a route's leaf sits: the node its last segment reaches, and which slot of it. Valid
    /// until the next literal node is added.
    struct Endpoint: Hashable {
        enum Slot: Hashable { case terminal, catchAll, fallback }
        var node: NodeRef
        var slot: Slot
        /// The node's number (for a fallback: the scheme root's).
        var number: Int32
    }

    /// The root node for `scheme` (nil: the scheme-less root), creating it when `create` is set.
    mutating func root(scheme: String?, create: Bool) -> NodeRef? {
        guard var scheme else { return NodeRef(index: Self.schemelessRoot, inSlot: false) }
        return scheme.withUTF8 { literalChild(of: NodeRef(index: Self.schemesRoot, inSlot: false), key: $0, fold: true, create: create) }
    }

    /// Walks (and with `create`, builds) the path of expansion `expansion` of `pattern` from its
    /// scheme's root. With `raising`, lifts `maxPriority` of every node on the way to at least
    /// that priority.
    ///
    /// - Complexity: O(segments), plus the length of each literal.
    mutating func endpoint(
        of pattern: PatternScratch, expansion: Int, caseInsensitivePaths: Bool, create: Bool,
        raising priority: Int32? = nil
    ) -> Endpoint? {
        guard var node = root(scheme: pattern.scheme, create: create) else { return nil }
        if pattern.isFallback { return Endpoint(node: node, slot: .fallback, number: self.node(node).number) }
        func raise(_ ref: NodeRef) {
            if let priority { updateNode(ref) { $0.maxPriority = max($0.maxPriority, priority) } }
        }
        raise(node)
        for (depth, position) in pattern.expansion(expansion).enumerated() {
            let view = pattern.views[position]
            switch view.kind {
            case .catchAll:
                return Endpoint(node: node, slot: .catchAll, number: self.node(node).number)
            case .literal:
                let fold = Self.folds(depth: depth, caseInsensitivePaths: caseInsensitivePaths)
                let parent = node
                let child = pattern.bytes.withUnsafeBufferPointer { bytes in
                    literalChild(of: parent, key: UnsafeBufferPointer(rebasing: bytes[Int(view.bytesStart)..<Int(view.bytesStart + view.bytesCount)]),
                                 fold: fold, create: create)
                }
                guard let child else { return nil }
                node = child
            case .parameter, .wildcard:
                if let child = parameterChild(of: node, view, pattern) {
                    node = child
                } else if create {
                    node = addParameterChild(of: node, view, pattern)
                } else {
                    return nil
                }
            }
            raise(node)
        }
        return Endpoint(node: node, slot: .terminal, number: self.node(node).number)
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
        let capturesStart = Int32(captures.count)
        let positions = pattern.expansion(expansion)
        for (position, index) in positions.enumerated() where pattern.views[index].kind == .parameter {
            let view = pattern.views[index]
            captures.append(LeafCapture(name: internName(pattern.name(view)), position: Int32(position), trim: view.bytesCount))
        }
        let catchAllFrom: Int16 = switch endpoint.slot {
        case .terminal: -1
        case .catchAll: Int16(positions.count - 1)
        case .fallback: 0
        }
        let leafID = Int32(leaves.count)
        leaves.append(Leaf(route: route, priority: priority, capturesStart: capturesStart,
                           capturesCount: Int16(Int32(captures.count) - capturesStart), catchAllFrom: catchAllFrom))
        priorityRange = (min(priorityRange.low, priority), max(priorityRange.high, priority))
        attach(leafID, at: endpoint)
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
            if fold { bytes.append(contentsOf: raw.lazy.map(foldASCII)) } else { bytes.append(contentsOf: raw) }
        }
        return NodeRef(index: Int32(literals.insert(parent: parentNode.number, key: key, arenaStart: arenaStart)), inSlot: true)
    }

    private func parameterChild(of parent: NodeRef, _ view: SegmentView, _ pattern: PatternScratch) -> NodeRef? {
        let suffix = pattern.key(view)
        var edgeID = node(parent).firstParameterEdge
        while edgeID >= 0 {
            let edge = parameterEdges[Int(edgeID)]
            if edge.rank == view.rank, edge.type == view.type,
               bytes[Int(edge.suffixStart)..<Int(edge.suffixStart + edge.suffixCount)].elementsEqual(suffix) {
                return NodeRef(index: edge.child, inSlot: false)
            }
            edgeID = edge.next
        }
        return nil
    }

    /// Adds a placeholder edge, keeping the node's chain in matching order: by rank, then longer
    /// suffix first, then typed before untyped, then registration order.
    private mutating func addParameterChild(of parent: NodeRef, _ view: SegmentView, _ pattern: PatternScratch) -> NodeRef {
        let child = Int32(nodes.count)
        nodes.append(Node(number: child))
        let suffixStart = Int32(bytes.count)
        bytes.append(contentsOf: pattern.key(view))
        var edge = ParameterEdge(rank: view.rank, type: view.type, suffixStart: suffixStart, suffixCount: view.bytesCount,
                                 child: child, next: -1)
        let edgeID = Int32(parameterEdges.count)
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
        parameterEdges.append(edge)
        if previous >= 0 { parameterEdges[Int(previous)].next = edgeID }
        let first = previous < 0 ? edgeID : node(parent).firstParameterEdge
        let head = parameterEdges[Int(first)]
        updateNode(parent) { node in
            node.firstParameterEdge = first
            node.plainChild = head.next < 0 && head.rank == 3 ? head.child : -1
        }
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
