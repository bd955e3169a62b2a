/// The first four schemes of one trie snapshot that fit in one word, with their root nodes, so
/// that a URL's scheme is found by comparing a word or four instead of hashing it and probing
/// the literal table.
///
/// ```swift
/// switch view.schemes.lookup(word) {   // word: "app" folded, zero-padded
/// case .found(let root): …             // descend from the scheme's root
/// case .absent: …                      // no pattern has this scheme
/// case .unknown: …                     // ask the literal table
/// }
/// ```
struct SchemeShortcut: Sendable {
    enum Lookup {
        case found(Trie.Node)
        case absent
        case unknown
    }

    /// The most schemes kept. Apps register a handful; a router with more probes the table.
    static let capacity = 4

    /// Folded, zero-padded scheme bytes; 0 for an unused entry (no scheme is empty or holds a
    /// zero byte, so no URL's word is 0).
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var nodes: (Trie.Node, Trie.Node, Trie.Node, Trie.Node) =
        (Trie.Node(number: 0), Trie.Node(number: 0), Trie.Node(number: 0), Trie.Node(number: 0))
    /// Whether every scheme of the trie is here, so that a word found nowhere (or a scheme longer
    /// than 8 bytes) has no scheme root.
    private(set) var isComplete = true

    /// The shortcut for `trie`'s schemes as they are now.
    init(_ trie: Trie) {
        isComplete = !trie.hasLongScheme && trie.schemeWords.count <= Self.capacity
        for (index, word) in trie.schemeWords.prefix(Self.capacity).enumerated() {
            let key = withUnsafeBytes(of: word.littleEndian) { raw in
                LiteralKey(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self).prefix { $0 != 0 }), fold: false)
            }
            guard let slot = trie.literals.find(parent: Trie.schemesRoot, key: key, arena: trie.bytes) else {
                isComplete = false
                continue
            }
            let node = trie.literals.slots[slot].node
            switch index {
            case 0: (words.0, nodes.0) = (word, node)
            case 1: (words.1, nodes.1) = (word, node)
            case 2: (words.2, nodes.2) = (word, node)
            default: (words.3, nodes.3) = (word, node)
            }
        }
    }

    /// The root of the scheme whose folded, zero-padded bytes are `word` (a scheme of 1 to 8
    /// bytes).
    ///
    /// - Complexity: O(1): four comparisons.
    @inline(__always)
    func lookup(_ word: UInt64) -> Lookup {
        if word == words.0 { return .found(nodes.0) }
        if word == words.1 { return .found(nodes.1) }
        if word == words.2 { return .found(nodes.2) }
        if word == words.3 { return .found(nodes.3) }
        return isComplete ? .absent : .unknown
    }
}
