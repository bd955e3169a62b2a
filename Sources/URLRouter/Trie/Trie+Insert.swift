extension Trie {
    /// Where a route's leaf sits: the node its last segment reaches, and which slot of it. Valid until the next literal
    /// node is added. Only a fallback is found by a node number (its scheme root's), so only that slot carries one, and
    /// a walk never reads its last node again to fill it in.
    struct Endpoint: Hashable {
        enum Slot: Hashable {
            case terminal, catchAll
            /// The `scheme://` route of the scheme root numbered `scheme`.
            case fallback(scheme: Int32)
        }
        var node: NodeRef
        var slot: Slot
    }

    /// Walks (and with `create`, builds) the path of `segments`, an expansion of `pattern`, from
    /// the root of its scheme (the scheme-less root when it has none). With `raising`, lifts the
    /// highest priority kept for every node on the way to at least that priority.
    ///
    /// - Complexity: O(segments), plus the length of each literal.
    mutating func endpoint(
        of pattern: RoutePattern, _ segments: [PatternSegment], caseInsensitivePaths: Bool, create: Bool,
        raising priority: Int32? = nil
    ) -> Endpoint? {
        if let priority { trackPriorities(before: priority) }
        let schemeRoot = NodeRef(index: Self.schemesRoot, place: .root)
        var node = NodeRef(index: Self.schemelessRoot, place: .root)
        if var scheme = pattern.scheme {
            guard let root = scheme.withUTF8({ literalChild(of: schemeRoot, key: $0, fold: true, create: create) })
            else { return nil }
            node = root
        }
        if pattern.isFallback { return Endpoint(node: node, slot: .fallback(scheme: self.node(node).number)) }
        let raising = tracksPriorities ? priority : nil
        if let raising { raisePriority(of: node, to: raising) }
        for depth in segments.indices {
            let child: NodeRef?
            switch segments[depth] {
            case .catchAll:
                return Endpoint(node: node, slot: .catchAll)
            case .literal(var key):
                let fold = Self.folds(depth: depth, caseInsensitivePaths: caseInsensitivePaths)
                child = key.withUTF8 { literalChild(of: node, key: $0, fold: fold, create: create) }
            case .parameter(_, let type, let suffix):
                let type = type.flatMap { typeIndex($0) } ?? -1
                child = parameterChild(of: node, UInt8(segments[depth].rank), suffix, type, create: create)
            case .wildcard:
                child = parameterChild(of: node, UInt8(segments[depth].rank), [], -1, create: create)
            }
            guard let child else { return nil }
            node = child
            if let raising { raisePriority(of: node, to: raising) }
        }
        return Endpoint(node: node, slot: .terminal)
    }

    /// The leaf at an endpoint, or -1.
    func leaf(at endpoint: Endpoint) -> Int32 {
        switch endpoint.slot {
        case .terminal: return node(endpoint.node).leaf
        case .catchAll: return node(endpoint.node).catchAllLeaf
        case .fallback(let scheme): return fallbackLeaf(of: scheme)
        }
    }

    /// Puts a new leaf for `route` at `endpoint`, for the expansion `segments` of `pattern`.
    mutating func setLeaf(
        at endpoint: Endpoint, route: Int32, pattern: String, handler: Route.Handler, priority: Int32,
        segments: [PatternSegment]
    ) {
        let capturesStart = Int32(captures.count)
        var firstCapture = LeafCapture(name: -1, position: -1, trim: 0)
        var capturesCount: Int16 = 0
        for position in segments.indices {
            guard case .parameter(let name, _, let suffix) = segments[position] else { continue }
            let capture = LeafCapture(name: internName(name), position: Int32(position), trim: Int32(suffix.count))
            if capturesCount == 0 { firstCapture = capture } else { captures.append(capture) }
            capturesCount += 1
        }
        let catchAllFrom: Int16 =
            switch endpoint.slot {
            case .terminal: -1
            case .catchAll: Int16(segments.count - 1)
            case .fallback: 0
            }
        let leafID = Int32(leaves.count)
        if tracksPriorities { leafPriorities.append(priority) }
        handlers.append(handler)
        leaves.append(
            Leaf(
                pattern: pattern, route: route, firstCapture: firstCapture, capturesStart: capturesStart,
                capturesCount: capturesCount, catchAllFrom: catchAllFrom))
        priorityRange = (min(priorityRange.low, priority), max(priorityRange.high, priority))
        attach(leafID, at: endpoint)
    }

    /// Detaches `leafID`, the leaf at `endpoint`; nodes stay, so routes below it are untouched.
    mutating func removeLeaf(_ leafID: Int32, at endpoint: Endpoint) {
        leaves[Int(leafID)].route = -1
        leaves[Int(leafID)].pattern = ""
        handlers[Int(leafID)] = Route.Handler.removed
        attach(-1, at: endpoint)
    }

    private mutating func attach(_ leaf: Int32, at endpoint: Endpoint) {
        switch endpoint.slot {
        case .terminal: updateNode(endpoint.node) { $0.leaf = leaf }
        case .catchAll: updateNode(endpoint.node) { $0.catchAllLeaf = leaf }
        case .fallback(let scheme):
            fallbacks.removeAll { $0.scheme == scheme }
            if leaf >= 0 { fallbacks.append((scheme, leaf)) }
        }
    }

    /// Starts comparing priorities when a leaf of `priority` is about to make them differ. Until
    /// then every node's highest priority is the one priority there is.
    private mutating func trackPriorities(before priority: Int32) {
        guard !tracksPriorities, priorityRange.low <= priorityRange.high, priority != priorityRange.high else { return }
        maxPriorities = ChunkedArray(repeating: priorityRange.high, count: Int(numberCount))
        leafPriorities = ChunkedArray(repeating: priorityRange.high, count: leaves.count)
    }

    private mutating func raisePriority(of ref: NodeRef, to priority: Int32) {
        let number = Int(node(ref).number)
        maxPriorities[number] = max(maxPriorities[number], priority)
    }

    /// A new node number (and its kept priority, once priorities are compared).
    private mutating func newNumber() -> Int32 {
        defer { numberCount += 1 }
        if tracksPriorities { maxPriorities.append(.min) }
        return numberCount
    }

    /// The literal child of `parent` for the decoded bytes `raw` (folded to lowercase when
    /// `fold`), added when missing and `create` is set.
    private mutating func literalChild(
        of parent: NodeRef, key raw: UnsafeBufferPointer<UInt8>, fold: Bool, create: Bool
    ) -> NodeRef? {
        let key = LiteralKey(raw, fold: fold)
        let parentNode = node(parent)
        if parentNode.literalFilter & key.filterBits == key.filterBits {
            let slot = literals.find(key, parent: parentNode.number, arena: bytes)
            if slot >= 0 { return NodeRef(index: Int32(slot), place: .slot) }
        }
        guard create else { return nil }
        // The parent changes first: adding the child may move every slot, the parent's too.
        updateNode(parent) { $0.literalFilter |= key.filterBits }
        let arenaStart = Int32(bytes.count)
        if raw.count > LiteralTable.inlineCapacity {
            if fold { bytes.append(contentsOf: raw.lazy.map(foldASCII)) } else { bytes.append(contentsOf: raw) }
        }
        let slot = literals.insert(
            parent: parentNode.number, key: key, number: newNumber(), arenaStart: arenaStart,
            arena: bytes)
        return NodeRef(index: Int32(slot), place: .slot)
    }

    /// The placeholder or `*` child of `parent` with `rank`, `suffix` and `type` (names do not
    /// tell edges apart), added when missing and `create` is set. The node's chain stays in
    /// matching order: by rank, then longer suffix first, then typed before untyped, then by type
    /// (as ``types`` lists them); so one walk finds an equal edge or the place of a new one.
    private mutating func parameterChild(
        of parent: NodeRef, _ rank: UInt8, _ suffix: [UInt8], _ type: Int16, create: Bool
    ) -> NodeRef? {
        /// Whether the new edge goes before `edge`.
        func precedes(_ edge: ParameterEdge) -> Bool {
            if rank != edge.rank { return rank < edge.rank }
            if suffix.count != edge.suffixCount { return suffix.count > edge.suffixCount }
            return type >= 0 && (edge.type < 0 || type < edge.type)
        }
        var previous: Int32 = -1
        var current = node(parent).firstEdge
        while current >= 0, case let edge = edges[Int(current)], !precedes(edge) {
            if edge.rank == rank, edge.type == type,
                bytes[Int(edge.suffixStart)..<Int(edge.suffixStart + edge.suffixCount)].elementsEqual(suffix)
            {
                return NodeRef(index: current, place: .edge)
            }
            previous = current
            current = edge.next
        }
        guard create else { return nil }
        let edgeID = Int32(edges.count)
        edges.append(
            ParameterEdge(
                suffixStart: Int32(bytes.count), suffixCount: Int32(suffix.count), next: current, type: type,
                rank: rank, node: Node(number: newNumber())))
        bytes.append(contentsOf: suffix)
        if previous >= 0 { edges[Int(previous)].next = edgeID } else { updateNode(parent) { $0.firstEdge = edgeID } }
        return NodeRef(index: edgeID, place: .edge)
    }

    private mutating func internName(_ name: String) -> Int32 {
        if let index = nameIndex[name] { return index }
        let index = Int32(names.count)
        names.append(name)
        nameIndex[name] = index
        return index
    }
}
