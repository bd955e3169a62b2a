/// The pattern trie: one node per distinct pattern prefix, in plain arrays that a snapshot shares and a writer copies
/// on write.
///
/// Layout, in one paragraph: node 0 is the root of roots, whose literal children are the schemes (folded to lowercase);
/// node 1 is the root of scheme-less patterns; under either, depth 0 is the host. Every node has a number, given in
/// creation order, and lives inside the edge that leads to it, so that following an edge costs one load, not two.
/// Literal edges of all nodes live in one open-addressing hash table keyed by (parent's number, decoded bytes): one
/// probe finds the slot and the child in it; a 32-bit Bloom filter in the parent skips most probes for keys that are
/// not there. Placeholder and `*` edges form a short chain per node in `edges`, sorted by specificity (suffix > typed >
/// plain > `*`). A `**` route hangs on the node where its `**` starts (`catchAllLeaf`).
///
/// `node(_:)` is always inlined: registration reads nodes from mutating code, where an out-of-line call to a reader
/// passes the trie by first copying the whole value to the stack, which costs more than the read.
///
/// ```
/// shop://item/:id<int>   →  schemes root ─"shop"→ ─"item"→ ─:<int>→ leaf
/// /about                 →  scheme-less root ─"about"→ leaf
/// ```
struct Trie: Sendable {
    /// One node. 20 bytes: it is copied into literal slots, so it stays small.
    struct Node: Sendable {
        /// The leaf of the route that ends here, or -1.
        var leaf: Int32 = -1
        /// The leaf of the route whose `**` starts here, or -1.
        var catchAllLeaf: Int32 = -1
        /// The first placeholder edge, or -1.
        var firstEdge: Int32 = -1
        /// Bloom bits of the literal children's keys (``LiteralKey/filterBits``); 0: none.
        var literalFilter: UInt32 = 0
        /// What this node's literal children are keyed by; unique in the trie, never changed.
        var number: Int32

        /// The leaf a URL that ends at this node takes: its own, else its `**` route's with no segment for the `**`; -1
        /// when neither.
        var endLeaf: Int32 { leaf >= 0 ? leaf : catchAllLeaf }
    }

    /// Where a node is: one of the two roots, a literal slot (whose index changes when the table grows, so a reference
    /// lasts only until the next literal is added), or a placeholder edge.
    struct NodeRef: Hashable, Sendable {
        enum Place: Hashable, Sendable { case root, slot, edge }
        var index: Int32
        var place: Place
    }

    /// A placeholder or `*` edge, and the node it leads to.
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
        var node: Node
    }

    /// One expansion of a registered route, where it ends in the trie: what a match reads once it has won. The full
    /// pattern and the first placeholder are kept in the leaf itself, so reading a match's pattern, or a parameter of a
    /// route with one placeholder (the usual route), reads this one element, which in a large table is rarely in cache;
    /// the other placeholders follow in `captures` (``Trie/capture(_:of:)``).
    struct Leaf: Sendable {
        /// The full pattern as registered (for a route with link origins, its origin's).
        var pattern: String
        /// The route, or -1 once deregistered.
        var route: Int32
        /// The first placeholder; unused when `capturesCount` is 0.
        var firstCapture: LeafCapture
        /// Placeholders 1 and on are `captures[capturesStart...]`.
        var capturesStart: Int32
        /// How many placeholders the expansion has.
        var capturesCount: Int16
        /// The first segment `**` (or a scheme fallback) takes, or -1 for a route that ends.
        var catchAllFrom: Int16
    }

    /// A placeholder of a leaf's pattern. Each pattern segment before `**` takes exactly one URL segment, so where a
    /// capture sits in the URL is known from the leaf alone.
    struct LeafCapture: Hashable, Sendable {
        /// Index into `names`.
        var name: Int32
        /// The URL segment it captures.
        var position: Int32
        /// Decoded bytes of literal suffix to drop from the segment's end.
        var trim: Int32
    }

    /// The root of schemes and the scheme-less root (``schemesRoot``, ``schemelessRoot``).
    var roots = [Node(number: schemesRoot), Node(number: schemelessRoot)]
    var edges = ChunkedArray<ParameterEdge>()
    var leaves = ChunkedArray<Leaf>()
    /// Each leaf's route handler, by leaf number, beside `leaves` rather than in them: an open loads the handler at the
    /// same time as the leaf, instead of after it through the route, and a match that reads no handler keeps its leaves
    /// small.
    var handlers = ChunkedArray<Route.Handler>()
    var captures = ChunkedArray<LeafCapture>()
    /// Every placeholder name, once.
    var names: [String] = []
    var nameIndex: [String: Int32] = [:]
    /// Literal keys longer than a slot holds, and suffixes. Starts with one unused byte so that an offset of 0 is never
    /// a key's. A plain array: long keys are read whole from it, and it stays small in a table of usual patterns, so
    /// copying it under a reader costs little.
    var bytes: [UInt8] = [0]
    var literals = LiteralTable()
    /// How many node numbers have been given out.
    var numberCount: Int32 = 2
    /// The `scheme://` fallback leaves, by scheme root number (a handful at most).
    var fallbacks: [(scheme: Int32, leaf: Int32)] = []
    /// Placeholder types: the built-ins first, then the router's own.
    var types: [RouteParameterType] = RouteParameterType.builtins
    /// Once leaves' priorities differ: an upper bound on the priority of the leaves at or below each node (by node
    /// number; never lowered), and each leaf's priority. Empty before, when the first complete match in specificity
    /// order wins and nothing else needs comparing.
    var maxPriorities = ChunkedArray<Int32>()
    var leafPriorities = ChunkedArray<Int32>()
    /// The lowest and highest priority ever given to a leaf.
    var priorityRange: (low: Int32, high: Int32) = (.max, .min)

    static let schemesRoot: Int32 = 0
    static let schemelessRoot: Int32 = 1
    /// The most placeholder types a router takes (``ParameterEdge/type`` is 16 bits).
    static let maxTypes = Int(Int16.max)

    /// Whether priorities are compared (they differ between some leaves).
    var tracksPriorities: Bool { !maxPriorities.isEmpty }

    /// Whether literal keys at `depth` compare case-insensitively: schemes and hosts always, every segment when
    /// `caseInsensitivePaths` is on.
    @inline(__always)
    static func folds(depth: Int, caseInsensitivePaths: Bool) -> Bool { depth == 0 || caseInsensitivePaths }

    func typeIndex(_ name: String) -> Int16? { types.firstIndex { $0.name == name }.map(Int16.init) }

    @inline(__always)
    func node(_ ref: NodeRef) -> Node {
        switch ref.place {
        case .root: roots[Int(ref.index)]
        case .slot: literals.slots[Int(ref.index)].node
        case .edge: edges[Int(ref.index)].node
        }
    }

    mutating func updateNode(_ ref: NodeRef, _ change: (inout Node) -> Void) {
        switch ref.place {
        case .root: change(&roots[Int(ref.index)])
        case .slot: change(&literals.slots[Int(ref.index)].node)
        case .edge: change(&edges[Int(ref.index)].node)
        }
    }

    /// Placeholder `index` of `leaf`.
    @inline(__always)
    func capture(_ index: Int, of leaf: Leaf) -> LeafCapture {
        index == 0 ? leaf.firstCapture : captures[Int(leaf.capturesStart) + index - 1]
    }

    /// The fallback leaf of the scheme root numbered `scheme`, or -1.
    func fallbackLeaf(of scheme: Int32) -> Int32 { fallbacks.first { $0.scheme == scheme }?.leaf ?? -1 }

    /// The literal child of `parent` reached by `key`, or nil. The parent's Bloom filter answers most keys that are not
    /// there without a probe.
    ///
    /// - Complexity: O(key length) expected, whatever the number of routes.
    @inline(__always)
    func literalChild(_ key: LiteralKey, of parent: Node) -> Node? {
        let bits = key.filterBits
        guard parent.literalFilter & bits == bits else { return nil }
        let index = literals.find(key, parent: parent.number, arena: bytes)
        return index < 0 ? nil : literals.slots[index].node
    }
}
