/// Compact JSON written straight into a byte buffer: what the daemon sends and what
/// ``JSONValue/encoded`` returns as text.
///
/// Strings are copied as UTF-8 in runs between the bytes that need escaping; only control
/// characters, quotes, backslashes, DEL and U+2028/U+2029 are escaped.
enum JSONBytes {
    /// Appends `value` as compact JSON on one line. Object members keep their order; a
    /// double that is not finite is `null`.
    static func append(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: appendLiteral("null", to: &output)
        case .bool(let bool): appendLiteral(bool ? "true" : "false", to: &output)
        case .int(let int): appendInteger(int, to: &output)
        case .double(let double):
            if double.isFinite {
                output.append(contentsOf: String(double).utf8)
            } else {
                appendLiteral("null", to: &output)
            }
        case .string(let string): appendString(string, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                append(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                appendKey(member.key, to: &output)
                append(member.value, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `"key":`.
    static func appendKey(_ key: String, to output: inout [UInt8]) {
        appendString(key, to: &output)
        output.append(UInt8(ascii: ":"))
    }

    /// Appends text that needs no escaping (punctuation, literals, known keys) as it is.
    static func appendLiteral(_ text: StaticString, to output: inout [UInt8]) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of `text` as they are.
    static func appendRaw(_ text: String, to output: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ output.append(contentsOf: $0) }) == nil {
            output.append(contentsOf: text.utf8)
        }
    }

    /// Appends the decimal digits of `value`, with a `-` before a negative one.
    static func appendInteger(_ value: Int, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, width: 1, to: &output)
    }

    /// Appends the decimal digits of `value`, zero-padded to at least `width` digits, without
    /// making a `String`.
    static func appendDigits(_ value: UInt, width: Int, to output: inout [UInt8]) {
        var divisor: UInt = 1
        var digits = 1
        while divisor <= value / 10 {
            divisor *= 10
            digits += 1
        }
        if digits < width { output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits)) }
        while divisor > 0 {
            output.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends `string` as a quoted JSON string.
    static func appendString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        if string.utf8.withContiguousStorageIfAvailable({ appendEscaped($0, to: &output) }) == nil {
            var contiguous = string
            contiguous.withUTF8 { appendEscaped($0, to: &output) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 `bytes` with the escapes JSON needs, copying the runs between them whole.
    /// An escape always starts at a scalar boundary: an ASCII byte, or the lead byte of
    /// U+2028/U+2029 (E2 80 A8, E2 80 A9).
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C {
                index += 1
                continue
            }
            var length = 1
            let escaped: UInt32
            if byte >= 0x80 {
                guard byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80,
                    bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
                else {
                    index += 1
                    continue
                }
                escaped = bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029
                length = 3
            } else {
                escaped = UInt32(byte)
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            appendEscape(escaped, to: &output)
            index += length
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
    }

    /// The escape of one scalar: a short one (`\n`, `\"`, …) where JSON has it, else `\uXXXX`
    /// in lower-case hex.
    private static func appendEscape(_ scalar: UInt32, to output: inout [UInt8]) {
        let short: UInt8? =
            switch scalar {
            case 0x22: UInt8(ascii: "\"")
            case 0x5C: UInt8(ascii: "\\")
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            default: nil
            }
        output.append(UInt8(ascii: "\\"))
        if let short {
            output.append(short)
            return
        }
        output.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(hexDigits[Int((scalar >> UInt32(shift)) & 0xF)])
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
