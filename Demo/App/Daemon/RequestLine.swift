/// One request of the daemon's line protocol.
///
/// `PING` or `OPEN <url>`; the command word is case-insensitive, the URL is everything after
/// the first space with surrounding spaces trimmed. A trailing `\r` is ignored. Spaces are
/// found among Unicode scalars, whatever marks surround them: the line is read as UTF-8 bytes,
/// where a space (0x20) is always a whole scalar.
enum RequestLine: Equatable, Sendable {
    case ping
    case open(url: String)

    /// Parses one line (without its `\n`), or says why it is not a request. The checks come in
    /// this order: valid UTF-8, no control characters, not empty, a known command.
    static func parse(_ bytes: [UInt8]) -> Result<RequestLine, ReplyError> {
        bytes.withUnsafeBufferPointer { parse(line: $0) }
    }

    private static func parse(line: UnsafeBufferPointer<UInt8>) -> Result<RequestLine, ReplyError> {
        var end = line.count
        if end > 0 && line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let text = UnsafeBufferPointer(rebasing: line[..<end])
        if !isASCII(text) && String(validating: text, as: UTF8.self) == nil { return .failure(.badEncoding) }
        if let control = firstControlScalar(text) {
            let code = "U+" + String(control, radix: 16, uppercase: true)
            return .failure(.badRequest("control character \(code) in request; nothing was opened"))
        }
        let space = UInt8(ascii: " ")
        var start = 0
        while start < end && text[start] == space { start += 1 }
        while end > start && text[end - 1] == space { end -= 1 }
        guard start < end else { return .failure(.badRequest("empty request; send OPEN <url> or PING")) }
        var wordEnd = start
        while wordEnd < end && text[wordEnd] != space { wordEnd += 1 }
        var argumentStart = wordEnd
        while argumentStart < end && text[argumentStart] == space { argumentStart += 1 }
        let word = UnsafeBufferPointer(rebasing: text[start..<wordEnd])
        let hasArgument = argumentStart < end
        switch command(word) {
        case .ping? where !hasArgument:
            return .success(.ping)
        case .ping?:
            return .failure(.badRequest("PING takes no argument"))
        case .open? where !hasArgument:
            return .failure(.badRequest("OPEN needs a URL: OPEN <url>"))
        case .open?:
            return .success(
                .open(
                    url: String(
                        decoding: UnsafeBufferPointer(rebasing: text[argumentStart..<end]),
                        as: UTF8.self)))
        case nil:
            let name = String(decoding: word, as: UTF8.self)
            let shown = name.count > 20 ? String(name.prefix(20)) + "…" : name
            return .failure(
                ReplyError(
                    code: "unknown_command", url: nil,
                    message: "unknown command '\(shown)'; send OPEN <url> or PING"))
        }
    }

    private enum Command {
        case ping, open
    }

    /// The command `word` names, compared as `word.uppercased()` would be: ASCII letters in
    /// any case, and (rarely) a non-ASCII word whose upper case is `PING` or `OPEN`.
    private static func command(_ word: UnsafeBufferPointer<UInt8>) -> Command? {
        if !isASCII(word) {
            switch String(decoding: word, as: UTF8.self).uppercased() {
            case "PING": return .ping
            case "OPEN": return .open
            default: return nil
            }
        }
        guard word.count == 4 else { return nil }
        // Clearing bit 5 upper-cases an ASCII letter; the other bytes it changes match no letter
        // of PING or OPEN.
        let upper = (word[0] & 0xDF, word[1] & 0xDF, word[2] & 0xDF, word[3] & 0xDF)
        if upper == (UInt8(ascii: "P"), UInt8(ascii: "I"), UInt8(ascii: "N"), UInt8(ascii: "G")) { return .ping }
        if upper == (UInt8(ascii: "O"), UInt8(ascii: "P"), UInt8(ascii: "E"), UInt8(ascii: "N")) { return .open }
        return nil
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }

    /// The first C0, DEL or C1 control character in valid UTF-8 `bytes`. C1 controls
    /// (U+0080–U+009F) are encoded as 0xC2 followed by 0x80–0x9F, and in valid UTF-8 0xC2 is
    /// always a lead byte.
    private static func firstControlScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return UInt32(byte) }
            if byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] <= 0x9F { return UInt32(bytes[index + 1]) }
            index += 1
        }
        return nil
    }
}

extension StringProtocol where SubSequence == Substring {
    /// The text without leading and trailing spaces. Spaces are found among Unicode scalars,
    /// not Characters: a mark that joins a space to its neighbour in one Character (U+0301
    /// after it, U+06DD before it) must not hide the space.
    func trimmingSpaces() -> Substring {
        let scalars = unicodeScalars
        let start = scalars.firstIndex { $0 != " " } ?? scalars.endIndex
        let end = scalars.lastIndex { $0 != " " }.map { scalars.index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
