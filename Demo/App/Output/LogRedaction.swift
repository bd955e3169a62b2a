/// What a URL or pattern looks like in the log, computed on its UTF-8 bytes in one pass.
///
/// The delimiters (`#`, `?`, `&`, `=`, `@`, `/`, `://`) are ASCII, so they are found as bytes:
/// a combining mark after one of them does not hide it, and a query value after `=` is
/// redacted whatever follows the `=`.
enum LogRedaction {
    /// The most Unicode scalars a logged value shows; longer ones are cut and end in `…`.
    static let maxScalars = 300

    /// Appends `url` with query values, the fragment and any user-info replaced by
    /// `<redacted>`, made printable and cut (see ``appendPrintable(_:to:)``).
    ///
    /// The redacted URL is written into `output` first; only when it is not printable as it
    /// stands is it taken out again and made so.
    static func appendRedacted(_ url: String, to output: inout [UInt8]) {
        var text = url
        let start = output.count
        text.withUTF8 { redact($0, into: &output) }
        let isPrintable = output.withUnsafeBufferPointer {
            isPrintableAsItIs(UnsafeBufferPointer(rebasing: $0[start...]))
        }
        guard !isPrintable else { return }
        let redacted = Array(output[start...])
        output.removeSubrange(start...)
        redacted.withUnsafeBufferPointer { appendPrintable($0, to: &output) }
    }

    /// Appends `text` with spaces (Unicode's too), control characters (C0, DEL, C1), line and
    /// paragraph separators, format characters (bidirectional controls, a zero-width space;
    /// not the joiners U+200C and U+200D) and quotes percent-escaped (`%20`, `%22`, `%7F`, `%85`, `%C2%A0`,
    /// `%E2%80%A8`, `%E2%80%AE`, `%E2%80%8B`), so it stays one token that reads as what it is,
    /// cut to ``maxScalars`` scalars followed by `…`.
    static func appendPrintable(_ text: String, to output: inout [UInt8]) {
        var copy = text
        copy.withUTF8 { bytes in
            if isPrintableAsItIs(bytes) {
                output.append(contentsOf: bytes)
            } else {
                appendPrintable(bytes, to: &output)
            }
        }
    }

    /// True when ``appendPrintable(_:to:)`` would copy `bytes` unchanged: nothing to escape,
    /// and at most ``maxScalars`` scalars.
    private static func isPrintableAsItIs(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var scalars = 0
        for (index, byte) in bytes.enumerated() {
            if byte <= 0x20 || byte == 0x22 || byte == 0x7F { return false }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return false }
            if invisibleControlLength(bytes, at: index) > 0 { return false }
            if byte & 0xC0 != 0x80 { scalars += 1 }
        }
        return scalars <= maxScalars
    }

    private static func appendPrintable(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var scalars = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 {
                if scalars == maxScalars {
                    output.append(contentsOf: [0xE2, 0x80, 0xA6])  // …
                    return
                }
                scalars += 1
            }
            if byte <= 0x20 || byte == 0x22 || byte == 0x7F {
                appendPercent(byte, to: &output)
            } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                appendPercent(bytes[index + 1], to: &output)
                index += 1
            } else if case let length = invisibleControlLength(bytes, at: index), length > 0 {
                for offset in 0..<length { appendPercent(bytes[index + offset], to: &output) }
                index += length - 1
            } else {
                output.append(byte)
            }
            index += 1
        }
    }

    /// The UTF-8 length of the non-ASCII scalar at `index` if a log viewer shows it blank, acts
    /// on it or shows nothing, else 0 (see ``HumanOutput/needsEscaping(_:)``): a Unicode space
    /// (U+00A0, U+2003) could end the URL's token early, U+2028 and U+2029 break lines in some
    /// viewers, and format characters (U+202E, U+200B) make a logged URL read as another.
    private static func invisibleControlLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        guard bytes[index] >= 0xC2 else { return 0 }  // ASCII, or not the first byte of a scalar
        var decoder = UTF8()
        var rest = bytes[index...].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&rest), HumanOutput.needsEscaping(scalar) else { return 0 }
        return UTF8.width(scalar)
    }

    private static func appendPercent(_ value: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(upperHex(value >> 4))
        output.append(upperHex(value & 0xF))
    }

    private static func upperHex(_ digit: UInt8) -> UInt8 {
        digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") + digit - 10
    }

    /// `shop://me:pw@item/42?ref=home&flag#top` → `shop://<redacted>@item/42?ref=<redacted>&flag#<redacted>`.
    private static func redact(_ url: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        let end = url.count
        let hash = url.firstIndex(of: UInt8(ascii: "#")) ?? end
        let mark = url[..<hash].firstIndex(of: UInt8(ascii: "?")) ?? hash
        appendRedactingUserInfo(UnsafeBufferPointer(rebasing: url[..<mark]), to: &output)
        if mark < hash {
            output.append(UInt8(ascii: "?"))
            var itemStart = mark + 1
            while true {
                let itemEnd = url[itemStart..<hash].firstIndex(of: UInt8(ascii: "&")) ?? hash
                if let equals = url[itemStart..<itemEnd].firstIndex(of: UInt8(ascii: "=")) {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: url[itemStart...equals]))
                    output.append(contentsOf: redactedMarker)
                } else {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: url[itemStart..<itemEnd]))
                }
                guard itemEnd < hash else { break }
                output.append(UInt8(ascii: "&"))
                itemStart = itemEnd + 1
            }
        }
        if hash < end {
            output.append(UInt8(ascii: "#"))
            if hash + 1 < end { output.append(contentsOf: redactedMarker) }
        }
    }

    /// Copies the part before the query, with the user-info of its authority replaced: up to
    /// the last `@` of the first segment after `scheme:` and the slashes after it (or after the
    /// `//` of a scheme-less link), where the router reads the host (`https:me:pw@host` too).
    private static func appendRedactingUserInfo(_ part: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let slash = UInt8(ascii: "/")
        var start = 0
        if let colon = part.firstIndex(of: UInt8(ascii: ":")), !part[..<colon].contains(slash) {
            start = colon + 1
        } else if part.count < 2 || part[0] != slash || part[1] != slash {
            return output.append(contentsOf: part)
        }
        while start < part.count && part[start] == slash { start += 1 }
        let authorityEnd = part[start...].firstIndex(of: slash) ?? part.count
        guard let at = part[start..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) else {
            return output.append(contentsOf: part)
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: part[..<start]))
        output.append(contentsOf: redactedMarker)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: part[at...]))
    }

    private static let redactedMarker: [UInt8] = Array("<redacted>".utf8)
}
