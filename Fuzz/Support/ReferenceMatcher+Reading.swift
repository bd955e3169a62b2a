/// How the reference matcher (`ReferenceMatcher.swift`) reads a URL and a value: scheme and
/// path segments, percent-decoding, ASCII case folding, the parameter types. The same file is in
/// `Fuzz/Support` and in `Tests/URLRouterTests`.
extension ReferenceRouter {
    /// The URL's scheme (folded; nil without one) and its path segments, decoded: the path
    /// ends at the first `?` or `#`, is split on raw `/`, and empty segments mean nothing.
    static func split(_ url: String) -> (scheme: String?, segments: [[UInt8]]) {
        var bytes = Array(url.utf8)
        if let end = bytes.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            bytes = Array(bytes[..<end])
        }
        var scheme: String?
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            bytes[..<colon].enumerated().allSatisfy({ index, byte in
                let letter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                let other = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "+-.".utf8.contains(byte)
                return letter || (index > 0 && other)
            })
        {
            scheme = folded(String(decoding: bytes[..<colon], as: UTF8.self))
            bytes = Array(bytes[(colon + 1)...])
        }
        let segments = bytes.split(separator: UInt8(ascii: "/")).map { decode(Array($0)) }
        return (scheme, segments)
    }

    /// Percent-decoding: each `%` and two hex digits is a byte; a `%` without them stays, and
    /// so do escapes whose bytes are not valid UTF-8.
    static func decode(_ raw: [UInt8]) -> [UInt8] {
        var units: [(byte: UInt8, text: ArraySlice<UInt8>)] = []
        var index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: "%"), index + 2 < raw.count,
                let high = hex(raw[index + 1]), let low = hex(raw[index + 2])
            {
                units.append((high << 4 | low, raw[index...(index + 2)]))
                index += 3
            } else {
                units.append((raw[index], raw[index...index]))
                index += 1
            }
        }
        var decoded: [UInt8] = []
        index = 0
        while index < units.count {
            let lead = units[index].byte
            let length =
                switch lead {
                case 0..<0x80: 1
                case 0xC2...0xDF: 2
                case 0xE0...0xEF: 3
                case 0xF0...0xF4: 4
                default: 0
                }
            let sequence = units[index..<min(index + max(length, 1), units.count)].map(\.byte)
            if length > 0, sequence.count == length, String(validating: sequence, as: UTF8.self) != nil {
                decoded += sequence
                index += length
            } else {
                decoded += units[index].text
                index += 1
            }
        }
        return decoded
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// ASCII letters in lower case, when `fold`.
    static func fold(_ bytes: [UInt8], _ fold: Bool) -> [UInt8] {
        fold ? bytes.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 } : bytes
    }

    static func folded(_ text: String) -> String { String(decoding: fold(Array(text.utf8), true), as: UTF8.self) }

    /// What a segment must be to be a value of a type: one that converts.
    static func accepts(_ type: String, _ value: String) -> Bool {
        switch type {
        case "int": return Int64(value) != nil
        case "double": return value.allSatisfy { "0123456789+-.eE".contains($0) } && Double(value) != nil
        case "bool": return ["true", "false", "1", "0"].contains(value)
        case "uuid":
            let hex = "0123456789abcdefABCDEF"
            return value.count == 36
                && value.enumerated().allSatisfy { [8, 13, 18, 23].contains($0) ? $1 == "-" : hex.contains($1) }
        default: return customTypes[type]!(value)
        }
    }
}
