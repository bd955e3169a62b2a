/// Where the parts of a matched URL are, packed into one word.
///
/// A match carries the URL and its table besides. Swift returns a struct of up to four words in registers and passes it
/// by value; a larger one goes through memory, and then copies of its `String` go through the string's value witnesses
/// (about 160 instructions per match, measured). So the match keeps the leaf, and where the first capture and the query
/// start when those fit in the bits left; the leaf says which segment each placeholder took (``Trie/LeafCapture``), so
/// anything else is found again by scanning the URL when read (``URLScanner``). A match of a pattern without
/// placeholders says so, and reading its parameters never reads the leaf: in a large table the leaf is rarely in cache.
struct MatchOffsets: Sendable {
    /// From the low bit: the leaf (32 bits); capture 0's start (12 bits) and length (6 bits), all ones when unknown and
    /// ``noCaptures`` when the pattern has no placeholder; the query's start (13 bits), 0 when there is no query and
    /// all ones when unknown; whether the URL has a fragment.
    private let bits: UInt64

    private static let captureUnknown: UInt64 = 0x3_FFFF
    /// Length 63 at 4,094: a capture this long is never kept, so the value is free.
    private static let noCaptures: UInt64 = 0x3_FFFE
    private static let queryUnknown: UInt64 = 0x1FFF
    private static let hasFragmentBit: UInt64 = 1 << 63

    /// `captureCount` is the matched pattern's number of placeholders; `capture0`, the raw range of the first one's
    /// segment when it holds no `%`.
    init(leaf: Int32, captureCount: Int, capture0: (start: Int32, end: Int32)?, queryStart: Int, hasFragment: Bool) {
        var capture = captureCount == 0 ? Self.noCaptures : Self.captureUnknown
        if captureCount > 0, let capture0, capture0.start < 0x1000, capture0.end - capture0.start < 0x3F {
            capture = UInt64(capture0.start) | UInt64(capture0.end - capture0.start) << 12
        }
        let query = queryStart < 0 ? 0 : queryStart < Self.queryUnknown ? UInt64(queryStart) : Self.queryUnknown
        bits = UInt64(UInt32(bitPattern: leaf)) | capture << 32 | query << 50 | (hasFragment ? Self.hasFragmentBit : 0)
    }

    var leaf: Int32 { Int32(truncatingIfNeeded: bits) }
    /// Whether the matched pattern has placeholders (else its leaf need not be read for them).
    var hasCaptures: Bool { (bits >> 32) & Self.captureUnknown != Self.noCaptures }
    var hasFragment: Bool { bits & Self.hasFragmentBit != 0 }
    var hasQuery: Bool { query != 0 }
    /// Where the query starts (after its `?`), when the URL has one and it was kept.
    var queryStart: Int? { hasQuery && query != Self.queryUnknown ? Int(query) : nil }

    private var query: UInt64 { (bits >> 50) & Self.queryUnknown }

    /// The cached raw range of capture `index`, if there is one. A cached capture holds no `%`.
    @inline(__always)
    func cachedCapture(_ index: Int) -> (start: Int, end: Int)? {
        let capture = (bits >> 32) & Self.captureUnknown
        guard index == 0, capture != Self.captureUnknown else { return nil }
        let start = Int(capture & 0xFFF)
        return (start, start + Int(capture >> 12))
    }
}
