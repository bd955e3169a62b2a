/// Percent-encoding for generated URLs, one allowed set per component.
enum URLEncoding {
    /// Which bytes a component may carry unencoded.
    enum Component {
        /// Unreserved, sub-delims, `:` and `@`; never `/`, `?`, `#`, `%`.
        case pathSegment
        /// Unreserved and `!$'()*,;:@/?`; never `&`, `=`, `+`, `#`, `%`.
        case queryItem
        /// A path segment after `//`, where other parsers find a host: `:` and `@` encoded too.
        case host

        @inline(__always)
        func allows(_ byte: UInt8) -> Bool {
            if byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "A") < 26 || byte &- UInt8(ascii: "0") < 10 {
                return true
            }
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
                UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
                UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: ";"):
                return true
            case UInt8(ascii: ":"), UInt8(ascii: "@"): return self != .host
            case UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "+"): return self != .queryItem
            case UInt8(ascii: "/"), UInt8(ascii: "?"): return self == .queryItem
            default: return false
            }
        }
    }

    /// `bytes` with every byte `component` does not allow written as `%XX`.
    static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes, allowed component: Component) -> String {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount)
        for byte in bytes {
            if component.allows(byte) {
                out.append(byte)
            } else {
                out.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func encode(_ text: String, allowed component: Component) -> String { encode(text.utf8, allowed: component) }
}
