/// `scheme://target/action?query#fragment`, split on the UTF-8 bytes and percent-decoded.
///
/// Foundation's URL types are not used: they reject some inputs and normalise others, and
/// the checks on the action name must see exactly what the lookup will see.
struct MediatorURL {
    var scheme: String
    var target: String
    var action: String
    var parameters: [String: String]

    private static let slash = UInt8(ascii: "/"), colon = UInt8(ascii: ":")

    /// The parsed URL, or why it is not a mediator URL.
    static func parse(_ url: String) -> Result<MediatorURL, RouteError> {
        func fail(_ reason: String) -> Result<MediatorURL, RouteError> {
            .failure(.mediatorURLNotUnderstood(url, reason: reason))
        }
        var bytes = Array(url.utf8)
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) { bytes.removeSubrange(hash...) }
        var query: ArraySlice<UInt8> = []
        if let mark = bytes.firstIndex(of: UInt8(ascii: "?")) {
            query = bytes[(mark + 1)...]
            bytes.removeSubrange(mark...)
        }

        guard let colon = bytes.firstIndex(of: colon), isScheme(bytes[..<colon]) else {
            return fail("it has no scheme")
        }
        guard bytes[(colon + 1)...].starts(with: [slash, slash]) else {
            return fail("the scheme is not followed by \"//\"")
        }
        let rest = bytes[(colon + 3)...]
        let host = rest.prefix { $0 != slash }
        let segments = rest[host.endIndex...].dropFirst().split(
            separator: slash, omittingEmptySubsequences: false)
        guard !host.isEmpty else { return fail("it names no target") }
        guard segments.count <= 1 else {
            return fail("the path has \(segments.count) segments, not one action")
        }
        guard let action = segments.first, !action.isEmpty else { return fail("it names no action") }

        var parameters: [String: String] = [:]
        for item in query.split(separator: UInt8(ascii: "&")) {
            let name = item.prefix { $0 != UInt8(ascii: "=") }
            guard !name.isEmpty else { continue }
            parameters[percentDecoded(name)] = percentDecoded(item[name.endIndex...].dropFirst())
        }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        return .success(
            MediatorURL(
                scheme: scheme, target: percentDecoded(host), action: percentDecoded(action),
                parameters: parameters))
    }

    /// RFC 3986: a letter, then letters, digits, `+`, `-` or `.`.
    private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy {
            isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Decodes `%XX` escapes. A `%` not followed by two hex digits stays as it is; when the
    /// decoded bytes are not UTF-8 the text is kept undecoded. `+` stays `+`.
    static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "%")) else { return String(decoding: bytes, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
