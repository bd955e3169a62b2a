/// Where the parts of a matched URL are, packed into three words.
///
/// A match carries the URL and its table besides; Swift copies and destroys a struct of up to
/// six machine words inline, and larger ones through its generic value witnesses (several
/// hundred instructions per match). So offsets are packed, and captures are not stored at all:
/// the leaf says which segment each placeholder took (``Trie/LeafCapture``). The first two
/// captures' byte ranges are cached here when the URL is shorter than 64 KiB; others are found
/// again by scanning the URL when read.
struct MatchOffsets: Sendable {
    /// The leaf (low half) and the query's start (high half, -1 when there is no query).
    private let leafAndQueryStart: UInt64
    /// The query's end (low half) and the fragment's start (high half, -1 when none).
    private let queryEndAndFragment: UInt64
    /// Raw ranges of captures 0 and 1 as 16-bit (start, end) pairs; `0xFFFF` pairs when unknown.
    private let firstCaptures: UInt64

    private static let unknownCapture: UInt64 = 0xFFFF_FFFF

    init(leaf: Int32, queryStart: Int32, queryEnd: Int32, fragmentStart: Int32,
         capture0: (start: Int32, end: Int32)?, capture1: (start: Int32, end: Int32)?) {
        leafAndQueryStart = UInt64(UInt32(bitPattern: leaf)) | UInt64(UInt32(bitPattern: queryStart)) << 32
        queryEndAndFragment = UInt64(UInt32(bitPattern: queryEnd)) | UInt64(UInt32(bitPattern: fragmentStart)) << 32
        firstCaptures = Self.pack(capture0) | Self.pack(capture1) << 32
    }

    var leaf: Int32 { Int32(truncatingIfNeeded: leafAndQueryStart) }
    var queryStart: Int32 { Int32(truncatingIfNeeded: leafAndQueryStart >> 32) }
    var queryEnd: Int32 { Int32(truncatingIfNeeded: queryEndAndFragment) }
    var fragmentStart: Int32 { Int32(truncatingIfNeeded: queryEndAndFragment >> 32) }

    /// The cached raw range of capture `index`, if there is one.
    @inline(__always)
    func cachedCapture(_ index: Int) -> (start: Int, end: Int)? {
        guard index < 2 else { return nil }
        let pair = (firstCaptures >> UInt64(index * 32)) & 0xFFFF_FFFF
        guard pair != Self.unknownCapture else { return nil }
        return (Int(pair & 0xFFFF), Int(pair >> 16))
    }

    private static func pack(_ range: (start: Int32, end: Int32)?) -> UInt64 {
        guard let range, range.end < 0xFFFF else { return unknownCapture }
        return UInt64(range.start) | UInt64(range.end) << 16
    }
}
