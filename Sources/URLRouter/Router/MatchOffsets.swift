/// Where the parts of a matched URL are, packed into one word.
///
/// A match carries the URL and its table besides. Swift returns a struct of up to four words in
/// registers and passes it by value; a larger one goes through memory, and then copies of its
/// `String` go through the string's value witnesses (about 160 instructions per match, measured).
/// So the match keeps only the leaf, the first capture's byte range (when the URL is shorter
/// than 32 KiB), and whether there is a query and a fragment. The leaf says which segment each
/// placeholder took (``Trie/LeafCapture``), so other captures are found again by scanning the URL
/// when read, and so are the query and the fragment (``URLScanner/queryAndFragment(in:)``).
struct MatchOffsets: Sendable {
    /// From the low bit: the leaf (32 bits), capture 0's raw start and end (15 bits each, all
    /// ones when unknown), whether the URL has a fragment, whether it has a query.
    private let bits: UInt64

    private static let captureMask: UInt64 = 0x3FFF_FFFF
    private static let hasFragmentBit: UInt64 = 1 << 62
    private static let hasQueryBit: UInt64 = 1 << 63

    init(leaf: Int32, capture0: (start: Int32, end: Int32)?, hasQuery: Bool, hasFragment: Bool) {
        var bits = UInt64(UInt32(bitPattern: leaf)) | Self.pack(capture0) << 32
        if hasQuery { bits |= Self.hasQueryBit }
        if hasFragment { bits |= Self.hasFragmentBit }
        self.bits = bits
    }

    var leaf: Int32 { Int32(truncatingIfNeeded: bits) }
    var hasQuery: Bool { bits & Self.hasQueryBit != 0 }
    var hasFragment: Bool { bits & Self.hasFragmentBit != 0 }

    /// The cached raw range of capture `index`, if there is one.
    @inline(__always)
    func cachedCapture(_ index: Int) -> (start: Int, end: Int)? {
        let pair = (bits >> 32) & Self.captureMask
        guard index == 0, pair != Self.captureMask else { return nil }
        return (Int(pair & 0x7FFF), Int(pair >> 15))
    }

    private static func pack(_ range: (start: Int32, end: Int32)?) -> UInt64 {
        guard let range, range.end < 0x7FFF else { return captureMask }
        return UInt64(range.start) | UInt64(range.end) << 15
    }
}
