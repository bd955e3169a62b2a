import Glibc

/// The daemon's stderr log: one line per request,
/// `2025-11-22T04:48:00.123Z conn=3 routed pattern=shop://item/:id<int> url=shop://item/42?ref=<redacted> 0.4ms`.
enum LogLine {
    /// The longest URL a log line shows; longer ones are cut and end in `…`.
    static let maxURLLength = 300

    /// Writes `message` with a timestamp as one line on stderr, in a single `write`.
    static func write(_ message: String) {
        var line = "\(timestamp()) \(message)\n"
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// The log line for one request.
    static func request(connection: UInt64, outcome: String, pattern: String?, url: String?,
                        milliseconds: Double?) -> String {
        var text = "conn=\(connection) \(outcome) pattern=\(pattern.map(printable) ?? "-")"
        if let url { text += " url=\(redacted(url))" }
        if let milliseconds { text += " " + formatMilliseconds(milliseconds) }
        return text
    }

    /// `url` fit for a log: query values, the fragment and any user-info replaced by
    /// `<redacted>`, then made printable and cut to ``maxURLLength``.
    /// `shop://me:pw@item/42?ref=home&flag#top` → `shop://<redacted>@item/42?ref=<redacted>&flag#<redacted>`.
    static func redacted(_ url: String) -> String {
        var rest = Substring(url)
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var result = redactUserInfo(rest)
        if let query {
            result += "?" + query.split(separator: "&", omittingEmptySubsequences: false).map { item in
                guard let equals = item.firstIndex(of: "=") else { return String(item) }
                return item[..<equals] + "=<redacted>"
            }.joined(separator: "&")
        }
        if let fragment { result += fragment.isEmpty ? "#" : "#<redacted>" }
        return printable(result)
    }

    /// Percent-escapes spaces, control characters and quotes so a value stays one token, and
    /// cuts it to ``maxURLLength`` characters.
    static func printable(_ text: String) -> String {
        var output = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == maxURLLength { return output + "…" }
            switch scalar.value {
            case 0...0x20, 0x22, 0x7F, 0x80...0x9F:
                output += "%" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            default:
                output.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return output
    }

    private static func redactUserInfo(_ beforeQuery: Substring) -> String {
        guard let separator = beforeQuery.firstRange(of: "://") else { return String(beforeQuery) }
        let authority = beforeQuery[separator.upperBound...].prefix { $0 != "/" }
        guard let at = authority.lastIndex(of: "@") else { return String(beforeQuery) }
        return beforeQuery[..<separator.upperBound] + "<redacted>" + beforeQuery[at...]
    }

    private static func formatMilliseconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)ms"
    }

    /// UTC time with milliseconds: `2025-11-22T04:48:00.123Z`.
    static func timestamp() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        var seconds = spec.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))"
            + "T\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))"
            + ".\(pad(Int32(spec.tv_nsec / 1_000_000), 3))Z"
    }
}
