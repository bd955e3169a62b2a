import Testing

@testable import URLRouter

/// The scanner reads eight bytes at a time; a byte-by-byte reference must see the same URL.
@Suite struct URLScannerAgreementTests {
    /// The scan as comparable text.
    private static func scanned(_ url: String, capacity: Int) -> String {
        var bytes = Array(url.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: ScannedSegment.self, capacity: capacity) { segments in
                let scan = URLScanner.scan(UnsafeBufferPointer(buffer), segments: segments)
                let kept = (0..<min(scan.segmentCount, capacity)).map {
                    "\(segments[$0].start)-\(segments[$0].end)\(segments[$0].isEncoded ? "%" : "")"
                }
                return
                    "\(scan.schemeEnd) \(scan.hasAuthority) \(scan.pathStart) \(scan.pathEnd) \(scan.queryStart) \(scan.queryEnd) "
                    + "\(scan.fragmentStart) \(scan.segmentCount) \(scan.queryItemCount) \(scan.pathHasPercent) \(kept)"
            }
        }
    }

    /// The rules, one byte at a time.
    private static func reference(_ url: String, capacity: Int) -> String {
        let bytes = Array(url.utf8)
        let schemeEnd = referenceSchemeLength(bytes)
        var index = schemeEnd > 0 ? schemeEnd + 1 : 0
        let hasAuthority = schemeEnd > 0 && index + 1 < bytes.count && bytes[index] == 0x2F && bytes[index + 1] == 0x2F
        let pathStart = index
        var segments: [String] = []
        var segmentCount = 0
        var start = index
        var encoded = false
        var anyPercent = false
        func close(_ end: Int) {
            guard end > start else { return }
            if segmentCount < capacity { segments.append("\(start)-\(end)\(encoded ? "%" : "")") }
            segmentCount += 1
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") {
            if bytes[index] == UInt8(ascii: "/") { close(index); start = index + 1; encoded = false }
            if bytes[index] == UInt8(ascii: "%") { encoded = true; anyPercent = true }
            index += 1
        }
        close(index)
        let pathEnd = index
        var queryStart = -1, queryEnd = -1, items = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            index += 1
            queryStart = index
            var itemStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "#") {
                if bytes[index] == UInt8(ascii: "&") { if index > itemStart { items += 1 }; itemStart = index + 1 }
                index += 1
            }
            if index > itemStart { items += 1 }
            queryEnd = index
        }
        let fragmentStart = index < bytes.count ? index + 1 : -1
        return "\(schemeEnd > 0 ? schemeEnd : -1) \(hasAuthority) \(pathStart) \(pathEnd) \(queryStart) \(queryEnd) "
            + "\(fragmentStart) \(segmentCount) \(items) \(anyPercent) \(segments)"
    }

    @Test(arguments: [
        "", "a", "app://", "app://a", "app://module_3/page_17/12345/comments/678?ref=home&n=1#top",
        "tel:+1-555", "/a//b///c/", "?q", "#f", "a?b#c?d", "x://a%20b/%zz/c?&&a=1&&#", "app://h/p?a=b&c",
        "1app://x", "app:/x", "app:x/y", "a:b:c/d", String(repeating: "a/", count: 40),
        "http://h/" + String(repeating: "x", count: 70),
    ])
    func fixedURLsAgree(url: String) {
        #expect(Self.scanned(url, capacity: 64) == Self.reference(url, capacity: 64))
        #expect(Self.scanned(url, capacity: 3) == Self.reference(url, capacity: 3))
    }

    @Test(arguments: 0..<20)
    func randomURLsAgree(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 911)
        // Every byte of 0x20-0x2F is a candidate the path scan must pass over unless it is `#`, `%` or `/`.
        let alphabet: [String] = [
            "a", "b", "Z", "0", "/", "/", "?", "#", "%", "&", "=", ":", "://", "-", ".", "é", " ", "+", "!", "*", "(",
            "$",
        ]
        for _ in 0..<500 {
            let url = (0..<random.next(40)).map { _ in alphabet[random.next(alphabet.count)] }.joined()
            #expect(Self.scanned(url, capacity: 8) == Self.reference(url, capacity: 8), "\(url.debugDescription)")
        }
    }

    /// The scheme rule one byte at a time.
    private static func referenceSchemeLength(_ bytes: [UInt8]) -> Int {
        func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }
        guard bytes.count > 1, isLetter(bytes[0]) else { return 0 }
        for index in 1..<bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return index }
            guard isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E
            else { return 0 }
        }
        return 0
    }

    /// Random byte strings of scheme bytes, colons, separators and non-ASCII bytes.
    @Test(arguments: 0..<10)
    func randomSchemesAgree(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 4242)
        let alphabet: [UInt8] = Array("aZz09+-.,:/?#@[`{".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xE1, 0xFF]
        for _ in 0..<2000 {
            let bytes = (0..<random.next(20)).map { _ in alphabet[random.next(alphabet.count)] }
            let found = bytes.withUnsafeBufferPointer { URLScanner.schemeLength($0) }
            #expect(found == Self.referenceSchemeLength(bytes), "\(bytes)")
        }
    }

    /// A scheme is `[A-Za-z][A-Za-z0-9+.-]*` before a `:`: every byte value, after a letter and
    /// before the colon, is taken or refused as that rule says.
    @Test(arguments: 0...255)
    func schemeBytes(value: Int) {
        let byte = UInt8(value)
        let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        let allowed = isLetter || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E
        let middle = [UInt8(ascii: "a"), byte, UInt8(ascii: "b"), UInt8(ascii: ":"), UInt8(ascii: "x")]
        let expected = byte == UInt8(ascii: ":") ? 1 : allowed ? 3 : 0
        #expect(middle.withUnsafeBufferPointer { URLScanner.schemeLength($0) } == expected)
        let first = [byte, UInt8(ascii: "b"), UInt8(ascii: ":")]
        #expect(first.withUnsafeBufferPointer { URLScanner.schemeLength($0) } == (isLetter ? 2 : 0))
    }
}
