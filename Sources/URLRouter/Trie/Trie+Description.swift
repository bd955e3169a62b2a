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
        var children: [Int32: [(key: [UInt8], child: Int32)]] = [:]
        for slot in literals.slots where slot.parent >= 0 {
            let key = literals.key(of: slot, arena: bytes)
            children[slot.parent, default: []].append((key, slot.child))
        }
        func sortedLiterals(_ node: Int32) -> [(key: [UInt8], child: Int32)] {
            (children[node] ?? []).sorted { $0.key.lexicographicallyPrecedes($1.key) }
        }
        var lines: [String] = []
        func leafText(_ leafID: Int32) -> String? {
            guard leafID >= 0, leaves[Int(leafID)].route >= 0 else { return nil }
            return label(leaves[Int(leafID)].route, leaves[Int(leafID)])
        }
        func emit(_ text: String, _ depth: Int, leaf: Int32 = -1) {
            let indent = String(repeating: "  ", count: depth)
            lines.append(leafText(leaf).map { "\(indent)\(text) → \($0)" } ?? "\(indent)\(text)")
        }
        func walk(_ node: Int32, _ depth: Int) {
            for (key, child) in sortedLiterals(node) {
                emit(URLEncoding.encode(key, allowed: .pathSegment), depth, leaf: nodes[Int(child)].leaf)
                walk(child, depth + 1)
            }
            var edgeID = nodes[Int(node)].firstParameterEdge
            while edgeID >= 0 {
                let edge = parameterEdges[Int(edgeID)]
                emit(edgeLabel(edge), depth, leaf: nodes[Int(edge.child)].leaf)
                walk(edge.child, depth + 1)
                edgeID = edge.next
            }
            if leafText(nodes[Int(node)].catchAllLeaf) != nil {
                emit("**", depth, leaf: nodes[Int(node)].catchAllLeaf)
            }
        }
        for (scheme, root) in sortedLiterals(Self.schemesRoot) {
            emit("\(String(decoding: scheme, as: UTF8.self))://", 0, leaf: nodes[Int(root)].leaf)
            walk(root, 1)
            if leafText(nodes[Int(root)].fallbackLeaf) != nil { emit("(fallback)", 1, leaf: nodes[Int(root)].fallbackLeaf) }
        }
        let schemeless = nodes[Int(Self.schemelessRoot)]
        if schemeless.literalCount > 0 || schemeless.firstParameterEdge >= 0 || leafText(schemeless.leaf) != nil
            || leafText(schemeless.catchAllLeaf) != nil {
            emit("(any scheme)", 0, leaf: schemeless.leaf)
            walk(Self.schemelessRoot, 1)
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
