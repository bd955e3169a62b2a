extension Trie {
    /// A readable dump of the trie, one node per line, two spaces per level, children in
    /// matching order (literals sorted by bytes, then placeholder edges, then `**`). A node that
    /// ends a route shows `→` and the route's label.
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
    func dump(label: (_ route: Int32, _ leaf: Leaf) -> String) -> String {
        var children: [Int32: [(key: [UInt8], child: Node)]] = [:]
        for slot in literals.slots where slot.count != 0 {
            children[slot.parent, default: []].append((literals.key(of: slot, arena: bytes), slot.node))
        }
        func sortedLiterals(_ node: Node) -> [(key: [UInt8], child: Node)] {
            (children[node.number] ?? []).sorted { $0.key.lexicographicallyPrecedes($1.key) }
        }
        func leafText(_ leafID: Int32) -> String? {
            guard leafID >= 0, leaves[Int(leafID)].route >= 0 else { return nil }
            return label(leaves[Int(leafID)].route, leaves[Int(leafID)])
        }
        func line(_ text: String, _ depth: Int, leaf: Int32 = -1) -> String {
            let indent = String(repeating: "  ", count: depth)
            return leafText(leaf).map { "\(indent)\(text) → \($0)" } ?? "\(indent)\(text)"
        }
        /// The lines below `node`; branches that lead to no registered route are left out.
        func walk(_ node: Node, _ depth: Int) -> [String] {
            var lines: [String] = []
            func child(_ text: String, _ child: Node) {
                let below = walk(child, depth + 1)
                if leafText(child.leaf) != nil || !below.isEmpty {
                    lines.append(line(text, depth, leaf: child.leaf))
                    lines += below
                }
            }
            for (key, next) in sortedLiterals(node) { child(URLEncoding.encode(key, allowed: .pathSegment), next) }
            var edgeID = node.firstEdge
            while edgeID >= 0 {
                let edge = edges[Int(edgeID)]
                child(edgeLabel(edge), edge.node)
                edgeID = edge.next
            }
            if leafText(node.catchAllLeaf) != nil {
                lines.append(line("**", depth, leaf: node.catchAllLeaf))
            }
            return lines
        }
        var lines: [String] = []
        for (scheme, root) in sortedLiterals(roots[Int(Self.schemesRoot)]) {
            var below = walk(root, 1)
            let fallback = fallbackLeaf(ofScheme: root.number)
            if leafText(fallback) != nil { below.append(line("(fallback)", 1, leaf: fallback)) }
            if leafText(root.leaf) != nil || !below.isEmpty {
                lines.append(line("\(String(decoding: scheme, as: UTF8.self))://", 0, leaf: root.leaf))
                lines += below
            }
        }
        let schemelessRoot = roots[Int(Self.schemelessRoot)]
        let schemeless = walk(schemelessRoot, 1)
        if leafText(schemelessRoot.leaf) != nil || !schemeless.isEmpty {
            lines.append(line("(any scheme)", 0, leaf: schemelessRoot.leaf))
            lines += schemeless
        }
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
