/// The pattern trie, laid out so that a lookup touches few cache lines: a node reached by a
/// literal edge lives inside that edge's slot of one hash table, so following a literal costs
/// one probe and no second load; nodes reached by a placeholder edge (and the two roots) live in
/// a dense array, created next to their siblings.
///
/// Node 0 (in `nodes`) is the root of roots: its literal children are the schemes (folded to
/// lowercase). Node 1 is the root of scheme-less patterns. Under a scheme or scheme-less root,
/// depth 0 is the host.
///
/// A node's children are found three ways, in the order matching tries them:
/// - literal children in the hash table keyed by (parent's number, decoded bytes), behind a
///   32-bit Bloom filter in the parent that skips most probes for keys that are not there;
/// - placeholder and `*` edges in a short chain sorted by specificity (suffix > typed > plain >
///   `*`), with a shortcut to the child when the only edge is a plain `:name` (the parent then
///   also keeps the child's leaf, so a URL that ends in that placeholder never reads the child);
/// - a `**` leaf (`catchAllLeaf`) that takes every remaining segment.
struct Trie: Sendable {
    /// What matching reads of a node.
    struct Node: Sendable {
        /// The leaf of the route that ends here, or -1.
        var leaf: Int32 = -1
        /// The leaf of the route whose `**` starts here, or -1.
        var catchAllLeaf: Int32 = -1
        /// The placeholder edges, in one field: -1 when there are none; the child node when the
        /// only edge is a plain `:name` (its index, `edge + 2`, so at least 2); else
        /// `-(first edge + 2)`. Read through ``plainChild`` and ``firstParameterEdge``.
        var parameterLink: Int32 = -1
        /// When the only placeholder edge is a plain `:name`: the leaf that a URL ending in that
        /// placeholder takes (the child's ``endLeaf``), so that a descent need not read the child
        /// at its last segment; -1 otherwise.
        var plainLeaf: Int32 = -1
        /// Bloom bits of the literal children's keys (``LiteralKey/filterBits``); 0: none.
        var literalFilter: UInt32 = 0
        /// What this node's literal children are keyed by, unique in the trie and never changed:
        /// its index in `nodes` for a node there; for a node in a literal slot, a negative number,
        /// as a rule derived from its slot hash (``Trie/derivedNumber(_:)``), so that a lookup
        /// knows it before the slot is read.
        var number: Int32

        /// The child of the only placeholder edge when that edge is a plain `:name`, else -1.
        @inline(__always)
        var plainChild: Int32 { max(parameterLink, -1) }

        /// The first placeholder edge, or -1.
        @inline(__always)
        var firstParameterEdge: Int32 { (parameterLink >= 0 ? parameterLink : -parameterLink) &- 2 }

        @inline(__always)
        var hasParameterEdges: Bool { parameterLink != -1 }

        /// The leaf a URL that ends at this node takes: its own, else its `**` route's with no
        /// segment for the `**`; -1 when neither.
        @inline(__always)
        var endLeaf: Int32 { leaf >= 0 ? leaf : catchAllLeaf }

        /// Links the placeholder edges starting at `first` (-1: none); `plainOnly` when that edge
        /// is the only one and a plain `:name`, whose child's end leaf is then `plainLeaf`.
        mutating func linkParameterEdges(first: Int32, plainOnly: Bool, plainLeaf: Int32) {
            parameterLink = first < 0 ? -1 : plainOnly ? Trie.child(ofEdge: first) : -(first &+ 2)
            self.plainLeaf = plainOnly ? plainLeaf : -1
        }
    }

    /// Where a node is: a literal slot (whose index changes when the table grows, so a reference
    /// lasts only until the next literal is added) or an index in `nodes`.
    struct NodeRef: Hashable, Sendable {
        var index: Int32
        var inSlot: Bool
    }

    /// A placeholder or `*` edge. Each edge makes one node and nothing else adds to `nodes`, so
    /// edge `i` leads to node `i + 2` (``child(ofEdge:)``): the two roots come first.
    struct ParameterEdge: Sendable {
        /// The literal suffix in `bytes`.
        var suffixStart: Int32
        var suffixCount: Int32
        /// The next edge of the same node, or -1.
        var next: Int32
        /// Index into `types`, or -1.
        var type: Int16
        /// `PatternSegment.rank`: 1 suffix, 2 typed, 3 plain, 4 `*`.
        var rank: UInt8
    }

    /// The node parameter edge `edge` leads to, an index in `nodes`.
    @inline(__always)
    static func child(ofEdge edge: Int32) -> Int32 { edge &+ 2 }

    /// The number of the literal child whose slot hash (``LiteralKey/hash(parent:)``) is `hash`,
    /// unless another node took that number first (in a table of 100,000 routes, about one node
    /// finds it taken): that child gets the next free negative number instead.
    ///
    /// Lookups take the next level's number from the hash they already computed, without
    /// waiting for the slot's node to arrive from memory, so the probes of successive levels
    /// overlap; they only compare it with the node's once it has arrived.
    @inline(__always)
    static func derivedNumber(_ hash: UInt32) -> Int32 {
        Int32(bitPattern: hash | 0x8000_0000)
    }

    /// The most placeholder types a router takes (``ParameterEdge/type`` is 16 bits).
    static let maxTypes = Int(Int16.max)

    struct Leaf: Sendable {
        /// The route, or -1 once deregistered.
        var route: Int32
        /// This expansion's placeholders, in order: `captures[capturesStart..<capturesStart+capturesCount]`.
        var capturesStart: Int32
        var capturesCount: Int16
        /// The first segment `**` (or a scheme fallback) takes, or -1 for a route that ends.
        var catchAllFrom: Int16
    }

    /// A placeholder of a leaf's pattern. Each pattern segment before `**` takes exactly one URL
    /// segment, so where a capture sits in the URL is known from the leaf alone.
    struct LeafCapture: Hashable, Sendable {
        /// Index into `names`.
        var name: Int32
        /// The URL segment it captures.
        var position: Int32
        /// Decoded bytes of literal suffix to drop from the segment's end.
        var trim: Int32
    }

    var nodes: [Node] = [Node(number: 0), Node(number: 1)]
    var parameterEdges: [ParameterEdge] = []
    var leaves: [Leaf] = []
    /// Placeholders, per leaf; leaves with equal lists share one.
    var captures: [LeafCapture] = []
    /// Where recently stored capture lists start in `captures`, by hash (-1: none), so that
    /// leaves with the same placeholders at the same places share one list. A fixed size: a
    /// router whose every list differs pays 1 KiB, not an index entry per list.
    var recentCaptureLists = [Int32](repeating: -1, count: 256)
    /// Every placeholder name, once.
    var names: [String] = []
    var nameIndex: [String: Int32] = [:]
    /// Literal keys longer than a slot holds, and suffixes. Starts with one unused byte so that it
    /// is never empty and always has a base address.
    var bytes: [UInt8] = [0]
    var literals = LiteralTable()
    /// The numbers of all literal nodes, so that a derived number is given only once, and
    /// their highest priorities once those are kept.
    var literalNumbers = LiteralNumberSet()
    /// Where the search for a free number goes on, for a literal node whose derived one is taken.
    var nextIrregularNumber: Int32 = -1
    /// Off only in tests: new literal nodes then get numbers as if every derived one collided.
    var derivesLiteralNumbers = true
    /// The folded, zero-padded bytes of every scheme of at most 8 bytes, in the order they were
    /// added (``SchemeShortcut``); `hasLongScheme` when some scheme is longer.
    var schemeWords: [UInt64] = []
    var hasLongScheme = false
    /// The `scheme://` fallback leaves, by scheme root number (a handful at most).
    var fallbacks: [(scheme: Int32, leaf: Int32)] = []
    /// Placeholder types: the built-ins first, then the router's own.
    var types: [RouteParameterType] = RouteParameterType.builtins
    /// The highest priority of any leaf at or below each node (never lowered on removal), by
    /// node number: `densePriorities[number]` for dense nodes, ``literalNumbers`` for literal
    /// ones. Both are kept only once leaves' priorities differ (``priorityTracked``): each
    /// node's is `priorityRange.high` until then, and matching never asks.
    var densePriorities: [Int32] = []
    /// Each leaf's priority, by leaf number, once they differ; empty before.
    var leafPriorities: [Int32] = []
    /// Whether the priorities above are kept (`nodes` always holds the two roots, so a kept
    /// `densePriorities` is never empty).
    var priorityTracked: Bool { !densePriorities.isEmpty }
    /// The lowest and highest priority ever given to a leaf. When they are equal, the first
    /// complete match in specificity order wins and nothing else needs comparing.
    var priorityRange: (low: Int32, high: Int32) = (.max, .min)

    static let schemesRoot: Int32 = 0
    static let schemelessRoot: Int32 = 1

    var uniformPriority: Bool { priorityRange.low >= priorityRange.high }

    /// Whether literal keys at `depth` compare case-insensitively: schemes and hosts always,
    /// every segment when `caseInsensitivePaths` is on.
    @inline(__always)
    static func folds(depth: Int, caseInsensitivePaths: Bool) -> Bool {
        depth == 0 || caseInsensitivePaths
    }

    /// The index of a type name, if the router knows it.
    func typeIndex(_ name: String) -> Int16? {
        types.firstIndex { $0.name == name }.map(Int16.init)
    }

    /// The node at `ref`.
    func node(_ ref: NodeRef) -> Node {
        ref.inSlot ? literals.slots[Int(ref.index)].node : nodes[Int(ref.index)]
    }

    /// Changes the node at `ref` in place.
    mutating func updateNode(_ ref: NodeRef, _ change: (inout Node) -> Void) {
        if ref.inSlot { change(&literals.slots[Int(ref.index)].node) } else { change(&nodes[Int(ref.index)]) }
    }

    /// The fallback leaf of the scheme root numbered `scheme`, or -1.
    func fallbackLeaf(ofScheme scheme: Int32) -> Int32 {
        for entry in fallbacks where entry.scheme == scheme { return entry.leaf }
        return -1
    }
}
