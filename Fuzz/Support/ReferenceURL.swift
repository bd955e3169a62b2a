/// An independent, deliberately plain reading of a URL by the routing spec's rules, to check
/// the router's scanner against: the fragment starts at the first `#`, the query at the first
/// `?` before it; the path is split on raw `/` and empty segments are dropped.
struct ReferenceURL {
    var segments: [[UInt8]] = []
    var query: [UInt8]?
    var fragment: [UInt8]?

    init(_ url: String) {
        let bytes = Array(url.utf8)
        let fragmentStart = bytes.firstIndex(of: UInt8(ascii: "#"))
        let beforeFragment = bytes[..<(fragmentStart ?? bytes.endIndex)]
        let queryStart = beforeFragment.firstIndex(of: UInt8(ascii: "?"))
        if let fragmentStart { fragment = Array(bytes[(fragmentStart + 1)...]) }
        if let queryStart { query = Array(beforeFragment[(queryStart + 1)...]) }
        var path = beforeFragment[..<(queryStart ?? beforeFragment.endIndex)]
        if let colon = Self.schemeEnd(bytes) {
            path = path[(colon + 1)...]
        }
        segments = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Array.init)
    }

    /// The index of the `:` ending `scheme:` (`[A-Za-z][A-Za-z0-9+.-]*`), if the URL has one.
    static func schemeEnd(_ bytes: [UInt8]) -> Int? {
        guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) else {
            return nil
        }
        for (index, byte) in bytes.enumerated().dropFirst() {
            if byte == UInt8(ascii: ":") { return index }
            let letter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            let digit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard letter || digit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else {
                return nil
            }
        }
        return nil
    }

    /// Query items split on `&` then on the first `=`; empty items are skipped.
    var queryItems: [(name: [UInt8], value: [UInt8])] {
        guard let query else { return [] }
        return query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { item in
            guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else { return (Array(item), []) }
            return (Array(item[..<equals]), Array(item[(equals + 1)...]))
        }
    }

    /// What the spec says `url` looks like with query values redacted.
    static func redacted(_ url: String) -> String {
        let reference = ReferenceURL(url)
        guard let query = reference.query else { return url }
        let bytes = Array(url.utf8)
        let queryStart = bytes.count - query.count - (reference.fragment.map { $0.count + 1 } ?? 0)
        let items = query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map { item -> [UInt8] in
            guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else { return Array(item) }
            return Array(item[...equals]) + Array("<redacted>".utf8)
        }
        var out = Array(bytes[..<queryStart])
        out += Array(items.joined(separator: [UInt8(ascii: "&")]))
        if let fragment = reference.fragment { out += [UInt8(ascii: "#")] + fragment }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Plain percent-decoding, where it is defined: nil for a malformed escape or one that decodes
/// to invalid UTF-8, where the router keeps raw text instead. (Foundation's
/// `removingPercentEncoding` would do, but it drops a U+FEFF.)
func oracleDecode(_ bytes: [UInt8], plusAsSpace: Bool = false) -> String? {
    var decoded: [UInt8] = []
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "%") {
            guard index + 2 < bytes.count, let high = hexDigit(bytes[index + 1]), let low = hexDigit(bytes[index + 2])
            else {
                return nil
            }
            decoded.append(high << 4 | low)
            index += 3
        } else {
            decoded.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
    }
    return String(validating: decoded, as: UTF8.self)
}

/// The value of an ASCII hex digit, or nil.
func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}
