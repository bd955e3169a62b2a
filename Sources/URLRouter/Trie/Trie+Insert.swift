extension Trie {
    /// Where a route's leaf sits: the node its last segment reaches, and which slot of it.
    struct Endpoint: Hashable {
        enum Slot: Hashable { case terminal, catchAll, fallback }
        var node: Int32
        var slot: Slot
    }

    /// The root node for `scheme` (nil: the scheme-less root), creating it when `create` is set.
    mutating func root(scheme: String?, create: Bool) -> Int32? {
        guard let scheme else { return Self.schemelessRoot }
        let key = Array(scheme.utf8).map(foldASCII)
        if let existing = schemeRoot(key) { return existing }
        guard create else { return nil }
        return addLiteralChild(of: Self.schemesRoot, key: key)
    }

    /// Walks (and with `create`, builds) the path of `segments` below `root`. With `raising`,
    /// lifts `maxPriority` of every node on the way to at least that priority.
    ///
    /// - Complexity: O(segments), plus the length of each literal.
    mutating func endpoint(
        root: Int32, segments: [PatternSegment], isFallback: Bool, caseInsensitivePaths: Bool, create: Bool,
        raising priority: Int32? = nil
    ) -> Endpoint? {
        if isFallback { return Endpoint(node: root, slot: .fallback) }
        var node = root
        func raise() {
            if let priority { nodes[Int(node)].maxPriority = max(nodes[Int(node)].maxPriority, priority) }
        }
        raise()
        for (depth, segment) in segments.enumerated() {
            switch segment {
            case .catchAll:
                return Endpoint(node: node, slot: .catchAll)
            case .literal(let raw):
                let key = Self.folds(depth: depth, caseInsensitivePaths: caseInsensitivePaths) ? raw.map(foldASCII) : raw
                if let child = literalChild(of: node, key: key) {
                    node = child
                } else if create {
                    node = addLiteralChild(of: node, key: key)
                } else {
                    return nil
                }
                raise()
            case .parameter, .wildcard:
                if let child = parameterChild(of: node, segment) {
                    node = child
                } else if create {
                    node = addParameterChild(of: node, segment)
                } else {
                    return nil
                }
                raise()
            }
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

    /// Puts a new leaf for `route` at `endpoint`, for the expansion `segments`.
    mutating func setLeaf(at endpoint: Endpoint, route: Int32, priority: Int32, segments: [PatternSegment]) {
        let capturesStart = Int32(captures.count)
        for (position, segment) in segments.enumerated() {
            if case .parameter(let name, _, let suffix) = segment {
                captures.append(LeafCapture(name: internName(name), position: Int32(position), trim: Int32(suffix.count)))
            }
        }
        let catchAllFrom: Int16 = switch endpoint.slot {
        case .terminal: -1
        case .catchAll: Int16(segments.count - 1)
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

    private func literalChild(of parent: Int32, key: [UInt8]) -> Int32? {
        guard nodes[Int(parent)].literalCount > 0 else { return nil }
        return literals.find(parent: parent, key: key, arena: bytes)
    }

    private mutating func addLiteralChild(of parent: Int32, key: [UInt8]) -> Int32 {
        let child = Int32(nodes.count)
        nodes.append(Node())
        let arenaStart = Int32(bytes.count)
        if key.count > LiteralTable.inlineCapacity { bytes.append(contentsOf: key) }
        literals.insert(parent: parent, child: child, key: key, arenaStart: arenaStart)
        nodes[Int(parent)].literalCount += 1
        return child
    }

    private func parameterChild(of parent: Int32, _ segment: PatternSegment) -> Int32? {
        let (rank, type, suffix) = edgeKey(segment)
        var edgeID = nodes[Int(parent)].firstParameterEdge
        while edgeID >= 0 {
            let edge = parameterEdges[Int(edgeID)]
            if edge.rank == rank, edge.type == type, bytes[Int(edge.suffixStart)..<Int(edge.suffixStart + edge.suffixCount)].elementsEqual(suffix) {
                return edge.child
            }
            edgeID = edge.next
        }
        return nil
    }

    /// Adds a placeholder edge, keeping the node's chain in matching order: by rank, then longer
    /// suffix first, then typed before untyped, then registration order.
    private mutating func addParameterChild(of parent: Int32, _ segment: PatternSegment) -> Int32 {
        let (rank, type, suffix) = edgeKey(segment)
        let child = Int32(nodes.count)
        nodes.append(Node())
        let suffixStart = Int32(bytes.count)
        bytes.append(contentsOf: suffix)
        var edge = ParameterEdge(rank: rank, type: type, suffixStart: suffixStart, suffixCount: Int32(suffix.count), child: child, next: -1)
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

    private func edgeKey(_ segment: PatternSegment) -> (rank: UInt8, type: Int32, suffix: [UInt8]) {
        switch segment {
        case .parameter(_, let type, let suffix):
            return (UInt8(segment.rank), type.flatMap(typeIndex) ?? -1, suffix)
        default:
            return (UInt8(segment.rank), -1, [])
        }
    }

    private mutating func internName(_ name: String) -> Int32 {
        if let index = nameIndex[name] { return index }
        let index = Int32(names.count)
        names.append(name)
        nameIndex[name] = index
        return index
    }
}
