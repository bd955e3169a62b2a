/// The pattern trie: flat arrays of nodes, edges and leaves, so that a snapshot is a handful of
/// array references and matching touches no per-node objects.
///
/// Node 0 is the root of roots: its literal children are the schemes (folded to lowercase).
/// Node 1 is the root of scheme-less patterns. Under a scheme or scheme-less root, depth 0 is
/// the host.
///
/// A node's children are found three ways, in the order matching tries them:
/// - literal children in one shared hash table keyed by (parent, decoded bytes): O(1);
/// - placeholder and `*` edges in a short chain sorted by specificity (suffix > typed > plain > `*`);
/// - a `**` leaf (`catchAllLeaf`) that takes every remaining segment.
struct Trie: Sendable {
    struct Node: Sendable {
        /// The leaf of the route that ends here, or -1.
        var leaf: Int32 = -1
        /// The leaf of the route whose `**` starts here, or -1.
        var catchAllLeaf: Int32 = -1
        /// On a scheme node: the leaf of `scheme://`, or -1.
        var fallbackLeaf: Int32 = -1
        /// The first placeholder edge, or -1.
        var firstParameterEdge: Int32 = -1
        /// How many literal children this node has in `literals`.
        var literalCount: Int32 = 0
        /// The highest priority of any leaf at or below this node (never lowered on removal).
        var maxPriority: Int32 = .min
    }

    struct ParameterEdge: Sendable {
        /// `PatternSegment.rank`: 1 suffix, 2 typed, 3 plain, 4 `*`.
        var rank: UInt8
        /// Index into `types`, or -1.
        var type: Int32
        /// The literal suffix in `bytes`.
        var suffixStart: Int32
        var suffixCount: Int32
        var child: Int32
        /// The next edge of the same node, or -1.
        var next: Int32
    }

    struct Leaf: Sendable {
        /// The route, or -1 once deregistered.
        var route: Int32
        var priority: Int32
        /// This expansion's placeholders, in order: `captures[capturesStart..<capturesStart+capturesCount]`.
        var capturesStart: Int32
        var capturesCount: Int16
        /// The first segment `**` (or a scheme fallback) takes, or -1 for a route that ends.
        var catchAllFrom: Int16
    }

    /// A placeholder of a leaf's pattern. Each pattern segment before `**` takes exactly one URL
    /// segment, so where a capture sits in the URL is known from the leaf alone.
    struct LeafCapture: Sendable {
        /// Index into `names`.
        var name: Int32
        /// The URL segment it captures.
        var position: Int32
        /// Decoded bytes of literal suffix to drop from the segment's end.
        var trim: Int32
    }

    var nodes: [Node] = [Node(), Node()]
    var parameterEdges: [ParameterEdge] = []
    var leaves: [Leaf] = []
    /// Placeholders, per leaf.
    var captures: [LeafCapture] = []
    /// Every placeholder name, once.
    var names: [String] = []
    var nameIndex: [String: Int32] = [:]
    /// Literal keys longer than a slot holds, and suffixes. Starts with one unused byte so that it
    /// is never empty and always has a base address.
    var bytes: [UInt8] = [0]
    var literals = LiteralTable()
    /// Placeholder types: the built-ins first, then the router's own.
    var types: [RouteParameterType] = RouteParameterType.builtins

    static let schemesRoot: Int32 = 0
    static let schemelessRoot: Int32 = 1

    /// Whether literal keys at `depth` compare case-insensitively: schemes and hosts always,
    /// every segment when `caseInsensitivePaths` is on.
    @inline(__always)
    static func folds(depth: Int, caseInsensitivePaths: Bool) -> Bool {
        depth == 0 || caseInsensitivePaths
    }

    /// The index of a type name, if the router knows it.
    func typeIndex(_ name: String) -> Int32? {
        types.firstIndex { $0.name == name }.map(Int32.init)
    }

}
