/// One path segment of a scanned URL: raw byte offsets, and where its decoded bytes are.
struct ScannedSegment {
    /// Raw bytes `start..<end` of the URL.
    var start: Int32
    var end: Int32
    /// When the segment holds `%`, its decoded bytes are `scratch[start..<decodedEnd]`;
    /// otherwise `decodedEnd == end` and the decoded bytes are the raw bytes.
    var decodedEnd: Int32
    var isEncoded: Bool
}

/// The parts of a URL found by one pass over its UTF-8 bytes. Offsets, no strings, no decoding.
///
/// ```
/// shop://item/42?ref=home#top
/// ^^^^   ^^^^ ^^ ^^^^^^^^ ^^^
/// scheme seg  seg query   fragment
/// ```
struct ScannedURL {
    var schemeEnd: Int = -1          // scheme is bytes 0..<schemeEnd; -1 when there is none
    var hasAuthority = false         // `//` after the scheme
    var pathStart = 0
    var pathEnd = 0
    var queryStart = -1              // after `?`; -1 when there is no query
    var queryEnd = -1
    var fragmentStart = -1           // after `#`; -1 when there is no fragment
    var segmentCount = 0             // may exceed the buffer: the caller checks the limit
    var queryItemCount = 0
    var pathHasPercent = false
}

enum URLScanner {
    /// Scans `bytes`, writing up to `segments.count` path segments.
    ///
    /// - Complexity: O(n) in the URL's length; no allocation.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, segments: UnsafeMutableBufferPointer<ScannedSegment>) -> ScannedURL {
        var url = ScannedURL()
        let count = bytes.count
        var index = schemeLength(bytes)
        if index > 0 {
            url.schemeEnd = index
            index += 1  // ':'
            if index + 1 < count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
                url.hasAuthority = true
            }
        }
        url.pathStart = index
        var segmentStart = index
        var encoded = false
        func closeSegment(_ end: Int) {
            guard end > segmentStart else { return }
            if url.segmentCount < segments.count {
                segments[url.segmentCount] = ScannedSegment(
                    start: Int32(segmentStart), end: Int32(end), decodedEnd: Int32(end), isEncoded: encoded)
            }
            url.segmentCount += 1
        }
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") {
                closeSegment(index)
                segmentStart = index + 1
                encoded = false
            } else if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                break
            } else if byte == UInt8(ascii: "%") {
                encoded = true
                url.pathHasPercent = true
            }
            index += 1
        }
        closeSegment(index)
        url.pathEnd = index
        if index < count, bytes[index] == UInt8(ascii: "?") {
            index += 1
            url.queryStart = index
            var itemStart = index
            while index < count, bytes[index] != UInt8(ascii: "#") {
                if bytes[index] == UInt8(ascii: "&") {
                    if index > itemStart { url.queryItemCount += 1 }
                    itemStart = index + 1
                }
                index += 1
            }
            if index > itemStart { url.queryItemCount += 1 }
            url.queryEnd = index
        }
        if index < count {
            url.fragmentStart = index + 1
        }
        return url
    }

    /// The length of a leading `scheme` followed by `:`, or 0. A scheme is
    /// `[A-Za-z][A-Za-z0-9+.-]*`; a `/`, `?` or `#` before the colon means there is none.
    @inline(__always)
    static func schemeLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let first = bytes.first, (first | 0x20) &- UInt8(ascii: "a") < 26 else { return 0 }
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return index }
            let isSchemeByte = (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isSchemeByte else { return 0 }
            index += 1
        }
        return 0
    }

    /// Splits `scheme:` off a pattern; nil when it has none. Reads as far as `scan` does for a
    /// URL, however long the scheme, so that a pattern and a URL agree on where it ends.
    static func splitScheme(_ text: Substring) -> (scheme: Substring, rest: Substring)? {
        var utf8 = Array(text.utf8)
        let length = utf8.withUnsafeMutableBufferPointer { schemeLength(UnsafeBufferPointer($0)) }
        guard length > 0 else { return nil }
        let colon = text.utf8.index(text.startIndex, offsetBy: length)
        return (text[..<colon], text[text.utf8.index(after: colon)...])
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
