extension Trie {
    /// A readable dump of the trie, one node per line, two spaces per level, children in matching order (literals
    /// sorted by bytes, then placeholder edges, then `**`). A node that ends a route shows `→` and the route's label.
    ///
    /// ```
    /// shop://
    ///   item
    ///     :<int> → shop://item/:id<int>
    ///     : → shop://item/:id
    ///   ** → shop://**
    ///   (fallback) → shop://
    /// (any scheme)
    ///   about → /about
    /// ```
    func dump(label: (_ route: Int32) -> String) -> String {
        let used = literals.slots.filter { $0.count != 0 }.map { (key: literals.key(of: $0, arena: bytes), slot: $0) }
        let children = Dictionary(grouping: used.sorted { $0.key.lexicographicallyPrecedes($1.key) }) { $0.slot.parent }
        /// The line of `text` (with the route of `leafID`, if live) and the lines `below` it; nothing when neither
        /// leads to a registered route.
        func entry(_ text: String, _ depth: Int, leaf leafID: Int32, below: [String] = []) -> [String] {
            let indent = String(repeating: "  ", count: depth)
            guard leafID >= 0, case let route = leaves[Int(leafID)].route, route >= 0 else {
                return below.isEmpty ? [] : ["\(indent)\(text)"] + below
            }
            return ["\(indent)\(text) → \(label(route))"] + below
        }
        func walk(_ node: Node, _ depth: Int) -> [String] {
            var lines: [String] = []
            for (key, slot) in children[node.number] ?? [] {
                lines += entry(
                    URLEncoding.encode(key, allowed: .pathSegment), depth, leaf: slot.node.leaf,
                    below: walk(slot.node, depth + 1))
            }
            var edgeID = node.firstEdge
            while edgeID >= 0 {
                let edge = edges[Int(edgeID)]
                lines += entry(edgeLabel(edge), depth, leaf: edge.node.leaf, below: walk(edge.node, depth + 1))
                edgeID = edge.next
            }
            return lines + entry("**", depth, leaf: node.catchAllLeaf)
        }
        var lines: [String] = []
        for (scheme, slot) in children[Self.schemesRoot] ?? [] {
            let below = walk(slot.node, 1) + entry("(fallback)", 1, leaf: fallbackLeaf(of: slot.node.number))
            lines += entry("\(String(decoding: scheme, as: UTF8.self))://", 0, leaf: slot.node.leaf, below: below)
        }
        let schemeless = roots[Int(Self.schemelessRoot)]
        lines += entry("(any scheme)", 0, leaf: schemeless.leaf, below: walk(schemeless, 1))
        return lines.joined(separator: "\n")
    }

    /// `:` plus the type and suffix that decide the edge (names do not), or `*`.
    private func edgeLabel(_ edge: ParameterEdge) -> String {
        if edge.rank == 4 { return "*" }
        let type = edge.type >= 0 ? "<\(types[Int(edge.type)].name)>" : ""
        let suffix = Array(bytes[Int(edge.suffixStart)..<Int(edge.suffixStart + edge.suffixCount)])
        return ":\(type)\(URLEncoding.encode(suffix, allowed: .pathSegment))"
    }
}
