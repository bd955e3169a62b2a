/// Percent-decoding on raw UTF-8 bytes, with the router's rule for bad input: a malformed escape (`100%`, `%zz`) stays
/// as it is, and a component whose escapes decode to invalid UTF-8 (`%E4` alone) is kept as raw text. Nothing is
/// dropped and nothing traps.
enum PercentDecoding {
    /// Whether `bytes` holds anything that decoding would change.
    @inline(__always)
    static func needsDecoding(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> Bool {
        bytes.contains { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }
    }

    /// Decodes `source` into `destination`, which must hold `source.count` bytes; returns the decoded length. Falls
    /// back to a raw copy when the escapes do not form valid UTF-8.
    ///
    /// - Complexity: O(n), no allocation.
    static func decode(
        _ source: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, plusAsSpace: Bool
    ) -> Int {
        var read = 0
        var written = 0
        var decodedAny = false
        while read < source.count {
            let byte = source[read]
            if byte == UInt8(ascii: "%"), read + 2 < source.count,
                let high = hexValue(source[read + 1]), let low = hexValue(source[read + 2])
            {
                destination[written] = high << 4 | low
                decodedAny = true
                read += 3
            } else {
                destination[written] = plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
                read += 1
            }
            written += 1
        }
        if decodedAny && !isValidUTF8(UnsafeBufferPointer(start: destination, count: written)) {
            for index in 0..<source.count { destination[index] = source[index] }
            return source.count
        }
        return written
    }

    static func string(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> String {
        guard needsDecoding(bytes, plusAsSpace: plusAsSpace) else { return text(bytes) }
        return String(unsafeUninitializedCapacity: bytes.count) {
            decode(bytes, into: $0.baseAddress!, plusAsSpace: plusAsSpace)
        }
    }

    /// The decoded bytes of `raw`, as the matcher compares them (`+` stays `+`).
    static func bytes(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard needsDecoding(raw, plusAsSpace: false) else { return Array(raw) }
        return Array(unsafeUninitializedCapacity: raw.count) { out, count in
            count = decode(raw, into: out.baseAddress!, plusAsSpace: false)
        }
    }

    /// `bytes` as text, invalid UTF-8 repaired as `String(decoding:as:)` does. Filling the string's own storage lets a
    /// short ASCII value skip the general validation, which costs more than the rest of reading a parameter.
    @inline(__always)
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return "" }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            buffer.baseAddress!.update(from: source, count: bytes.count)
            return bytes.count
        }
    }

    /// Strict UTF-8 validation (no overlongs, no surrogates, nothing above U+10FFFF): the lead byte sets a sequence's
    /// length and the range its second byte must fall in.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            guard lead >= 0x80 else {
                index += 1
                continue
            }
            let (length, second): (Int, ClosedRange<UInt8>)
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return false
            }
            guard index + length <= bytes.count, second.contains(bytes[index + 1]),
                bytes[(index + 2)..<(index + length)].allSatisfy({ $0 & 0xC0 == 0x80 })
            else { return false }
            index += length
        }
        return true
    }
}

/// The value of an ASCII hex digit, or nil.
@inline(__always)
func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}
