/// What a change to the routes can affect, as a 32-bit key: the literal prefix (up to two
/// segments) that every URL a changed route matches starts with.
///
/// A pattern segment before `**` takes exactly one URL segment, and a literal one only a segment
/// with its bytes (ASCII letters folded, or not), so a route whose first segments are literal
/// `host/page` matches only URLs whose first segments are `host/page`. A reader that holds a
/// snapshot from before some changes can keep using it for a URL none of whose prefixes is a
/// changed key: no changed route could match that URL, so its answer is the same.
///
/// Keys hash ASCII-folded bytes, so a key may stand for more URLs than its route matches, never
/// fewer; two prefixes may share a key (the reader then refreshes when it need not). A key's top
/// six bits are the ``group(of:)`` of its first segment, which a reader can tell from a URL
/// without hashing it.
enum ChangeKey {
    /// The change may affect any URL: a route with no literal first segment (`:host/…`, `*`,
    /// `**`, a scheme fallback), or a change to something other than routes.
    static let everything: UInt32 = 0
    /// The change affects no URL (a deregistration that found nothing).
    static let nothing: UInt32 = 1

    /// The key of one expansion of `pattern`.
    static func of(_ pattern: PatternScratch, expansion: Int) -> UInt32 {
        let views = pattern.views[pattern.expansion(expansion)]
        guard !pattern.isFallback, let first = views.first, first.kind == .literal else { return everything }
        return pattern.bytes.withUnsafeBufferPointer { bytes in
            func bytesOf(_ view: SegmentView) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[Int(view.bytesStart)..<Int(view.bytesStart + view.bytesCount)])
            }
            let group = group(of: bytesOf(first))
            let host = mix(seed, bytesOf(first))
            let second = views.dropFirst().first
            guard let second, second.kind == .literal else { return finish(host, length: 1, group: group) }
            return finish(mix(host, bytesOf(second)), length: 2, group: group)
        }
    }

    /// The keys of the prefixes of a URL whose first segments are `first` and `second` (nil
    /// when it has one segment): one key per prefix, the shorter first. Bytes up to
    /// `readableEnd` may be read past a segment's end (and are then ignored).
    @inline(__always)
    static func prefixes(
        first: UnsafeBufferPointer<UInt8>, second: UnsafeBufferPointer<UInt8>?, readableEnd: UnsafePointer<UInt8>
    ) -> (UInt32, UInt32?) {
        let group = group(of: first)
        let host = mix(seed, first, readableEnd: readableEnd)
        guard let second else { return (finish(host, length: 1, group: group), nil) }
        return (finish(host, length: 1, group: group), finish(mix(host, second, readableEnd: readableEnd), length: 2, group: group))
    }

    /// Which of 64 groups a first segment falls in, by its length and its first byte (ASCII
    /// letters folded, and some other bytes with them): a key's top six bits.
    @inline(__always)
    static func group(of first: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let byte = first.isEmpty ? 0 : UInt32(first[0] | 0x20)
        return ((UInt32(truncatingIfNeeded: first.count) << 8 | byte) &* 0x9e37_79b1) >> 26
    }

    private static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Mixes one segment's bytes, ASCII-folded, and its length into `hash`, eight bytes at a
    /// time. The last word is read whole when `readableEnd` allows, else byte by byte.
    @inline(__always)
    private static func mix(_ hash: UInt64, _ bytes: UnsafeBufferPointer<UInt8>, readableEnd: UnsafePointer<UInt8>? = nil) -> UInt64 {
        var hash = hash
        guard var next = bytes.baseAddress else { return (hash ^ 0x2f) &* multiplier }
        var left = bytes.count
        while left >= 8 {
            let word = UnsafeRawPointer(next).loadUnaligned(as: UInt64.self)
            hash = (hash ^ LiteralKey.foldWord(UInt64(littleEndian: word))) &* multiplier
            hash ^= hash >> 29
            next += 8
            left -= 8
        }
        if left > 0 {
            var word: UInt64 = 0
            if let readableEnd, readableEnd - next >= 8 {
                let whole = UInt64(littleEndian: UnsafeRawPointer(next).loadUnaligned(as: UInt64.self))
                word = whole & (UInt64.max >> (64 - 8 * UInt64(left)))
            } else {
                for index in 0..<left { word |= UInt64(next[index]) << (8 * UInt64(index)) }
            }
            hash = (hash ^ LiteralKey.foldWord(word)) &* multiplier
            hash ^= hash >> 29
        }
        return (hash ^ UInt64(bytes.count)) &* multiplier
    }

    private static let multiplier: UInt64 = 0x9e37_79b9_7f4a_7c15

    /// The key of a prefix of `length` segments whose bytes hashed to `hash` and whose first
    /// segment is in `group`: never one of the reserved keys.
    @inline(__always)
    private static func finish(_ hash: UInt64, length: UInt64, group: UInt32) -> UInt32 {
        let mixed = (hash ^ length) &* multiplier
        let key = group << 26 | UInt32(truncatingIfNeeded: mixed >> 38)
        return key > nothing ? key : key &+ 2
    }
}
