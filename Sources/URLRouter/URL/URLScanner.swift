/// One path segment of a scanned URL: raw byte offsets, and where its decoded bytes are.
struct ScannedSegment {
    /// Raw bytes `start..<end` of the URL.
    var start, end: Int32
    /// -1 when the segment has no `%` (its decoded bytes are its raw bytes); otherwise its decoded
    /// bytes are `scratch[start..<decodedEnd]` once decoded.
    var decodedEnd: Int32

    var isEncoded: Bool { decodedEnd >= 0 }
}

/// The parts of a URL found by one pass over its UTF-8 bytes. Offsets, no strings, no decoding.
///
/// ```
/// shop://item/42?ref=home#top
/// ^^^^   ^^^^ ^^ ^^^^^^^^ ^^^
/// scheme seg  seg query   fragment
/// ```
struct ScannedURL {
    var schemeEnd: Int = -1  // scheme is bytes 0..<schemeEnd; -1 when there is none
    var hasAuthority = false  // `//` after the scheme
    var pathStart = 0
    var pathEnd = 0
    var queryStart = -1  // after `?`; -1 when there is no query
    var queryEnd = -1
    var fragmentStart = -1  // after `#`; -1 when there is no fragment
    var segmentCount = 0  // may exceed the buffer: the caller checks the limit
    var queryItemCount = 0
    var pathHasPercent = false
}

/// Works on raw UTF-8 bytes for speed. Every buffer it is given comes from a caller's
/// `withContiguousStorageIfAvailable` or `withUnsafeTemporaryAllocation` scope and is only read
/// (or, for `segments` and `scratch`, written) during the call.
enum URLScanner {
    /// Scans `bytes`, writing up to `segments.count` path segments. Offsets are 32-bit: past
    /// `Int32.max` bytes (over any URL length limit) the rest of a URL is not looked at.
    ///
    /// - Complexity: O(n) in the URL's length, eight bytes at a time; no allocation.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, segments: UnsafeMutableBufferPointer<ScannedSegment>)
        -> ScannedURL
    {
        var url = ScannedURL()
        let count = min(bytes.count, Int(Int32.max))
        guard let base = bytes.baseAddress else { return url }
        var index = schemeLength(UnsafeBufferPointer(start: base, count: count))
        if index > 0 {
            url.schemeEnd = index
            index += 1  // ':'
            url.hasAuthority =
                index + 1 < count && base[index] == UInt8(ascii: "/") && base[index + 1] == UInt8(ascii: "/")
        }
        url.pathStart = index
        // A leading `//` only separates empty segments, which count for nothing.
        if url.hasAuthority { index += 2 }
        var segmentStart = index
        var plainMask: Int32 = -1
        var pathEnd = count
        var segmentCount = 0
        path: while index < count {
            let (found, step) = specials(base, index, count, pathCandidates)
            var mask = found
            while mask != 0 {
                let at = index &+ mask.trailingZeroBitCount &>> 3
                let byte = base[at]
                mask &= mask &- 1
                // `/` first: the others are rare, and a jump table over all of them costs every `/`.
                if _fastPath(byte == UInt8(ascii: "/")) {
                    append(segmentStart, at, plainMask, to: segments, count: &segmentCount)
                    segmentStart = at &+ 1
                    plainMask = -1
                } else if byte == UInt8(ascii: "%") {
                    plainMask = 0
                    url.pathHasPercent = true
                } else if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                    pathEnd = at
                    break path
                }
            }
            index &+= step
        }
        append(segmentStart, pathEnd, plainMask, to: segments, count: &segmentCount)
        url.segmentCount = segmentCount
        url.pathEnd = pathEnd
        index = pathEnd
        if index < count, base[index] == UInt8(ascii: "?") {
            index += 1
            url.queryStart = index
            var itemStart = index
            var queryEnd = count
            query: while index < count {
                let (found, step) = specials(base, index, count, querySpecials)
                var mask = found
                while mask != 0 {
                    let at = index &+ mask.trailingZeroBitCount &>> 3
                    guard base[at] == UInt8(ascii: "&") else {
                        queryEnd = at
                        break query
                    }
                    if at > itemStart { url.queryItemCount &+= 1 }
                    itemStart = at &+ 1
                    mask &= mask &- 1
                }
                index &+= step
            }
            if queryEnd > itemStart { url.queryItemCount &+= 1 }
            url.queryEnd = queryEnd
            index = queryEnd
        }
        if index < count { url.fragmentStart = index + 1 }
        return url
    }

    /// Writes segment `start..<end` if it is not empty, and counts it even past the buffer's end.
    /// `plainMask` is -1 for a segment without `%` and 0 for one with (the scanner keeps the mask
    /// rather than a flag), so `end | plainMask` is the segment's `decodedEnd`.
    @inline(__always)
    private static func append(
        _ start: Int, _ end: Int, _ plainMask: Int32, to segments: UnsafeMutableBufferPointer<ScannedSegment>,
        count: inout Int
    ) {
        guard end > start else { return }
        if count < segments.count {
            let end = Int32(truncatingIfNeeded: end)
            segments[count] = ScannedSegment(
                start: Int32(truncatingIfNeeded: start), end: end, decodedEnd: end | plainMask)
        }
        count &+= 1
    }

    /// The special bytes among the (up to) eight at `index`, as the high bit of each, and how
    /// many bytes that covers. The last few bytes are read as the tail of the buffer's last word.
    @inline(__always)
    private static func specials(
        _ base: UnsafePointer<UInt8>, _ index: Int, _ count: Int, _ mask: (UInt64) -> UInt64
    ) -> (UInt64, Int) {
        let left = count &- index
        if left >= 8 { return (mask(loadWord(base + index)), 8) }
        if count >= 8 { return (mask(loadWord(base + count - 8) &>> UInt64((8 &- left) &* 8)), left) }
        var word: UInt64 = 0
        for offset in 0..<left { word |= UInt64(base[index + offset]) &<< UInt64(offset &* 8) }
        // Bytes past the end read as zero, which no mask picks.
        return (mask(word), left)
    }

    /// The high bit of every byte of `word` equal to `byte`, exactly.
    @inline(__always)
    private static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let difference = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return ~(((difference & low7) &+ low7) | difference) & ~low7
    }

    /// Every byte that may be `/`, `%`, `#` or `?` (the bytes that end or mark something in a
    /// path): `0x20...0x2F` and `?`. Two comparisons instead of four; the caller passes over the
    /// other bytes of `0x20...0x2F` (`-`, `.`, `+`, …).
    @inline(__always)
    private static func pathCandidates(_ word: UInt64) -> UInt64 {
        bytes(equalTo: 0x20, in: word & 0xF0F0_F0F0_F0F0_F0F0) | bytes(equalTo: UInt8(ascii: "?"), in: word)
    }

    /// `&` and `#`: the bytes that end a query item.
    @inline(__always)
    private static func querySpecials(_ word: UInt64) -> UInt64 {
        bytes(equalTo: UInt8(ascii: "&"), in: word) | bytes(equalTo: UInt8(ascii: "#"), in: word)
    }

    /// The scheme of `url` as written (ASCII only), found as matching finds it; empty when it has none.
    static func scheme(of url: String) -> String {
        var url = url
        return url.withUTF8 { String(decoding: $0[..<schemeLength($0)], as: UTF8.self) }
    }

    /// Whether decoded segment bytes are `.` or `..`, which no placeholder, `*` or `**` takes: URL
    /// parsers resolve them away, so ``Router/url(for:parameters:)`` cannot print them either.
    @inline(__always)
    static func isDotSegment<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        (bytes.count == 1 || bytes.count == 2) && bytes.allSatisfy { $0 == UInt8(ascii: ".") }
    }

    /// Whether a segment `**` would take joins into anything but a plain relative path: split at its decoded `/`
    /// (`a%2F..%2Fb`), a piece is empty, `.` or `..`. A segment without `/` is checked as ``isDotSegment(_:)`` does.
    static func breaksCatchAllPath<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var piece = bytes.startIndex
        for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
            if piece == index || isDotSegment(bytes[piece..<index]) { return true }
            piece = bytes.index(after: index)
        }
        return piece == bytes.endIndex || isDotSegment(bytes[piece...])
    }

    /// The length of a leading `scheme` followed by `:`, or 0. A scheme is
    /// `[A-Za-z][A-Za-z0-9+.-]*`; a `/`, `?` or `#` before the colon means there is none.
    @inline(__always)
    static func schemeLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress, bytes.count > 1, (base[0] | 0x20) &- UInt8(ascii: "a") < 26 else {
            return 0
        }
        for index in 1..<bytes.count {
            let byte = base[index]
            if byte == UInt8(ascii: ":") { return index }
            guard isSchemeByte(byte) else { return 0 }
        }
        return 0
    }

    /// Whether `byte` is one of `[A-Za-z0-9+.-]`, by a bit in one of two 64-bit maps.
    @inline(__always)
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        // Bytes 0x00-0x3F: `+` (0x2B), `-` (0x2D), `.` (0x2E), `0`-`9` (0x30-0x39).
        let low: UInt64 = 0x03FF_6800_0000_0000
        // Bytes 0x40-0x7F: `A`-`Z` (0x41-0x5A), `a`-`z` (0x61-0x7A).
        let high: UInt64 = 0x07FF_FFFE_07FF_FFFE
        let map = byte < 0x40 ? low : high
        return byte < 0x80 && (map >> UInt64(byte & 0x3F)) & 1 != 0
    }

    /// The raw range of path segment `position` of a URL known to have it.
    static func segmentRange(_ position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int) {
        withUnsafeTemporaryAllocation(of: ScannedSegment.self, capacity: position + 1) { segments in
            let scanned = scan(bytes, segments: segments)
            precondition(scanned.segmentCount > position, "segment \(position) of a matched URL is missing")
            return (Int(segments[position].start), Int(segments[position].end))
        }
    }

    /// Where ``scan(_:segments:)`` finds the query and the fragment, without scanning the path's
    /// segments: no scheme holds `?` or `#`, so the path ends at the first of them; the query
    /// runs from the `?` that ends it to the first `#`, and the fragment follows that `#`.
    static func queryAndFragment(in url: UnsafeBufferPointer<UInt8>) -> (
        queryStart: Int, queryEnd: Int, fragmentStart: Int
    ) {
        guard let base = url.baseAddress else { return (-1, -1, -1) }
        let count = url.count
        let pathEnd = first(base, from: 0, count) {
            bytes(equalTo: UInt8(ascii: "?"), in: $0) | bytes(equalTo: UInt8(ascii: "#"), in: $0)
        }
        guard pathEnd < count else { return (-1, -1, -1) }
        guard base[pathEnd] == UInt8(ascii: "?") else { return (-1, -1, pathEnd + 1) }
        let queryEnd = queryEnd(from: pathEnd + 1, in: url)
        return (pathEnd + 1, queryEnd, queryEnd < count ? queryEnd + 1 : -1)
    }

    /// Where a query that starts at `start` ends: at the first `#`, else at the URL's end.
    static func queryEnd(from start: Int, in url: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = url.baseAddress else { return 0 }
        return first(base, from: start, url.count) { bytes(equalTo: UInt8(ascii: "#"), in: $0) }
    }

    /// The index of the first byte from `start` that `mask` picks, or `count`.
    @inline(__always)
    private static func first(
        _ base: UnsafePointer<UInt8>, from start: Int, _ count: Int, _ mask: (UInt64) -> UInt64
    ) -> Int {
        var index = start
        while index < count {
            let (found, step) = specials(base, index, count, mask)
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= step
        }
        return count
    }

    /// Where path segment `position` starts (the path's end when the URL has only `position`
    /// segments), and where the path ends.
    static func pathTail(from position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, pathEnd: Int) {
        withUnsafeTemporaryAllocation(of: ScannedSegment.self, capacity: position + 1) { segments in
            let scanned = scan(bytes, segments: segments)
            return (scanned.segmentCount > position ? Int(segments[position].start) : scanned.pathEnd, scanned.pathEnd)
        }
    }

    /// Decodes every encoded segment into `scratch` at its own offsets (decoding never grows).
    static func decodeSegments(
        _ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeMutableBufferPointer<ScannedSegment>, count: Int,
        into scratch: UnsafeMutablePointer<UInt8>
    ) {
        for index in 0..<count where segments[index].isEncoded {
            let segment = segments[index]
            let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
            let written = PercentDecoding.decode(raw, into: scratch + Int(segment.start), plusAsSpace: false)
            segments[index].decodedEnd = segment.start + Int32(written)
        }
    }
}
