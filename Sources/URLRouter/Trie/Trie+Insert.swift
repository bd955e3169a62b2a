extension Trie {
    /// Where a route's leaf sits: the node its last segment reaches, and which slot of it.
    struct Endpoint: Hashable {
        enum Slot: Hashable { case terminal, catchAll, fallback }
        var node: Int32
        var slot: Slot
    }

    /// The root node for `scheme` (nil: the scheme-less root), creating it when `create` is set.
    mutating func root(scheme: String?, create: Bool) -> Int32? {
        guard var scheme else { return Self.schemelessRoot }
        return scheme.withUTF8 { literalChild(of: Self.schemesRoot, key: $0, fold: true, create: create) }
    }

    /// Walks (and with `create`, builds) the path of expansion `expansion` of `pattern` below
    /// `root`. With `raising`, lifts `maxPriority` of every node on the way to at least that
    /// priority.
    ///
    /// - Complexity: O(segments), plus the length of each literal.
    mutating func endpoint(
        root: Int32, pattern: PatternScratch, expansion: Int, caseInsensitivePaths: Bool, create: Bool,
        raising priority: Int32? = nil
    ) -> Endpoint? {
        if pattern.isFallback { return Endpoint(node: root, slot: .fallback) }
        var node = root
        func raise() {
            if let priority { nodes[Int(node)].maxPriority = max(nodes[Int(node)].maxPriority, priority) }
        }
        raise()
        for (depth, position) in pattern.expansion(expansion).enumerated() {
            let view = pattern.views[position]
            switch view.kind {
            case .catchAll:
                return Endpoint(node: node, slot: .catchAll)
            case .literal:
                let fold = Self.folds(depth: depth, caseInsensitivePaths: caseInsensitivePaths)
                let child = pattern.bytes.withUnsafeBufferPointer { bytes in
                    literalChild(of: node, key: UnsafeBufferPointer(rebasing: bytes[Int(view.bytesStart)..<Int(view.bytesStart + view.bytesCount)]),
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
            raise()
        }
        return Endpoint(node: node, slot: .terminal)
    }

    /// The leaf at an endpoint, or -1.
    func leaf(at endpoint: Endpoint) -> Int32 {
        let node = nodes[Int(endpoint.node)]
        switch endpoint.slot {
        case .terminal: return node.leaf
        case .catchAll: return node.catchAllLeaf
        case .fallback: return node.fallbackLeaf
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
        switch endpoint.slot {
        case .terminal: nodes[Int(endpoint.node)].leaf = leafID
        case .catchAll: nodes[Int(endpoint.node)].catchAllLeaf = leafID
        case .fallback: nodes[Int(endpoint.node)].fallbackLeaf = leafID
        }
    }

    /// Detaches the leaf at `endpoint`; nodes stay, so routes below it are untouched.
    mutating func removeLeaf(at endpoint: Endpoint) {
        let leafID = leaf(at: endpoint)
        guard leafID >= 0 else { return }
        leaves[Int(leafID)].route = -1
        switch endpoint.slot {
        case .terminal: nodes[Int(endpoint.node)].leaf = -1
        case .catchAll: nodes[Int(endpoint.node)].catchAllLeaf = -1
        case .fallback: nodes[Int(endpoint.node)].fallbackLeaf = -1
        }
    }

    /// The literal child of `parent` for the decoded bytes `key` (folded to lowercase when `fold`),
    /// added when missing and `create` is set.
    private mutating func literalChild(
        of parent: Int32, key raw: UnsafeBufferPointer<UInt8>, fold: Bool, create: Bool
    ) -> Int32? {
        let key = LiteralKey(raw, fold: fold)
        if nodes[Int(parent)].literalCount > 0, let child = literals.find(parent: parent, key: key, arena: bytes) {
            return child
        }
        guard create else { return nil }
        let child = Int32(nodes.count)
        nodes.append(Node())
        let arenaStart = Int32(bytes.count)
        if raw.count > LiteralTable.inlineCapacity {
            if fold { bytes.append(contentsOf: raw.lazy.map(foldASCII)) } else { bytes.append(contentsOf: raw) }
        }
        literals.insert(parent: parent, child: child, key: key, arenaStart: arenaStart)
        nodes[Int(parent)].literalCount += 1
        return child
    }

    private func parameterChild(of parent: Int32, _ view: SegmentView, _ pattern: PatternScratch) -> Int32? {
        let suffix = pattern.key(view)
        var edgeID = nodes[Int(parent)].firstParameterEdge
        while edgeID >= 0 {
            let edge = parameterEdges[Int(edgeID)]
            if edge.rank == view.rank, edge.type == view.type,
               bytes[Int(edge.suffixStart)..<Int(edge.suffixStart + edge.suffixCount)].elementsEqual(suffix) {
                return edge.child
            }
            edgeID = edge.next
        }
        return nil
    }

    /// Adds a placeholder edge, keeping the node's chain in matching order: by rank, then longer
    /// suffix first, then typed before untyped, then registration order.
    private mutating func addParameterChild(of parent: Int32, _ view: SegmentView, _ pattern: PatternScratch) -> Int32 {
        let child = Int32(nodes.count)
        nodes.append(Node())
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
        var current = nodes[Int(parent)].firstParameterEdge
        while current >= 0, !precedes(edge, parameterEdges[Int(current)]) {
            previous = current
            current = parameterEdges[Int(current)].next
        }
        edge.next = current
        parameterEdges.append(edge)
        if previous < 0 { nodes[Int(parent)].firstParameterEdge = edgeID } else { parameterEdges[Int(previous)].next = edgeID }
        return child
    }

    private mutating func internName(_ name: String) -> Int32 {
        if let index = nameIndex[name] { return index }
        let index = Int32(names.count)
        names.append(name)
        nameIndex[name] = index
        return index
    }
}
