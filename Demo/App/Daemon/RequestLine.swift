/// One request of the daemon's line protocol.
///
/// `PING` or `OPEN <url>`; the command word is case-insensitive, the URL is everything after
/// the first space with surrounding spaces trimmed. A trailing `\r` is ignored. Spaces are
/// found among Unicode scalars, whatever marks surround them.
enum RequestLine: Equatable, Sendable {
    case ping
    case open(url: String)

    /// Parses one line (without its `\n`), or says why it is not a request.
    static func parse(_ bytes: [UInt8]) -> Result<RequestLine, ReplyError> {
        var bytes = bytes[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(.badEncoding) }
        if let control = text.unicodeScalars.first(where: isControl) {
            let code = "U+" + String(control.value, radix: 16, uppercase: true)
            return .failure(.badRequest("control character \(code) in request; nothing was opened"))
        }
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty else { return .failure(.badRequest("empty request; send OPEN <url> or PING")) }
        let word = Substring(trimmed.unicodeScalars.prefix { $0 != " " })
        let argument = trimmed[word.endIndex...].trimmingSpaces()
        switch word.uppercased() {
        case "PING" where argument.isEmpty:
            return .success(.ping)
        case "PING":
            return .failure(.badRequest("PING takes no argument"))
        case "OPEN" where argument.isEmpty:
            return .failure(.badRequest("OPEN needs a URL: OPEN <url>"))
        case "OPEN":
            return .success(.open(url: String(argument)))
        default:
            let shown = word.count > 20 ? String(word.prefix(20)) + "…" : String(word)
            return .failure(ReplyError(code: "unknown_command", url: nil,
                                       message: "unknown command '\(shown)'; send OPEN <url> or PING"))
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
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
