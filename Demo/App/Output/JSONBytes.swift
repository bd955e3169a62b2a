/// Compact JSON written straight into a byte buffer: what the daemon sends and what
/// ``JSONValue/encoded`` returns as text.
///
/// Strings are copied as UTF-8 in runs between the characters that need escaping: quotes,
/// backslashes and every character ``HumanOutput/needsEscaping(_:)`` names (control characters,
/// C1 included, line and paragraph separators, Unicode spaces, format characters such as the
/// bidirectional controls and U+200B), written `\uXXXX` (or `\n`, `\"`, …), so a line of this
/// JSON cannot forge a line nor reorder or hide text on a terminal.
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
    /// `bytes` is valid UTF-8 (it comes from a `String`), so each scalar is read from its lead
    /// byte and an escape always covers a whole scalar.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let asciiEscapes = asciiEscapes
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if !asciiEscapes[Int(byte)] {
                    index += 1
                    continue
                }
                appendRun(bytes[runStart..<index], to: &output)
                appendEscape(Unicode.Scalar(byte), to: &output)
                index += 1
                runStart = index
                continue
            }
            let length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            var value = UInt32(byte & (0x7F >> length))
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            if let scalar = Unicode.Scalar(value), HumanOutput.needsEscaping(scalar) {
                appendRun(bytes[runStart..<index], to: &output)
                appendEscape(scalar, to: &output)
                runStart = index + length
            }
            index += length
        }
        appendRun(bytes[runStart..<count], to: &output)
    }

    /// Appends `run` as it is.
    private static func appendRun(_ run: Slice<UnsafeBufferPointer<UInt8>>, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: run))
    }

    /// Which ASCII bytes ``appendString(_:to:)`` escapes, by value: `"`, `\` and those
    /// ``HumanOutput/needsEscaping(_:)`` names.
    private static let asciiEscapes: [Bool] = (0..<0x80).map { (byte: UInt8) in
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || HumanOutput.needsEscaping(Unicode.Scalar(byte))
    }

    /// The escape of one scalar: a short one (`\n`, `\"`, …) where JSON has it, else `\uXXXX`
    /// in lower-case hex (a surrogate pair outside the BMP).
    private static func appendEscape(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        let short: UInt8? =
            switch scalar {
            case "\"": UInt8(ascii: "\"")
            case "\\": UInt8(ascii: "\\")
            case "\n": UInt8(ascii: "n")
            case "\r": UInt8(ascii: "r")
            case "\t": UInt8(ascii: "t")
            case "\u{08}": UInt8(ascii: "b")
            case "\u{0C}": UInt8(ascii: "f")
            default: nil
            }
        if let short {
            output.append(UInt8(ascii: "\\"))
            output.append(short)
            return
        }
        for unit in scalar.utf16 {
            output.append(UInt8(ascii: "\\"))
            output.append(UInt8(ascii: "u"))
            for shift in stride(from: 12, through: 0, by: -4) {
                output.append(hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
            }
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
