#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The daemon's stderr log: one line per request,
/// `2025-11-22T04:48:00.123Z conn=3 routed pattern=shop://item/:id<int> url=shop://item/42?ref=<redacted> 0.4ms`.
enum LogLine {
    /// The longest URL a log line shows; longer ones are cut and end in `…`.
    static let maxURLLength = LogRedaction.maxScalars

    /// Writes `message` with a timestamp as one line on stderr, in a single `write`.
    static func write(_ message: String) {
        var clock = LogClock()
        var line: [UInt8] = []
        clock.appendTimestamp(to: &line)
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: message.utf8)
        line.append(UInt8(ascii: "\n"))
        writeToStderr(line)
    }

    /// Writes `bytes` to stderr, resuming after partial writes; gives up on an error.
    static func writeToStderr(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = SystemCall.writeBytes(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
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

    /// Appends the log line for one request, without its timestamp or newline:
    /// `conn=3 routed pattern=… url=… 0.4ms`.
    static func appendRequest(
        connection: UInt64, outcome: String, pattern: String?, url: String?,
        milliseconds: Double?, to output: inout [UInt8]
    ) {
        JSONBytes.appendLiteral("conn=", to: &output)
        JSONBytes.appendDigits(UInt(connection), width: 1, to: &output)
        output.append(UInt8(ascii: " "))
        JSONBytes.appendRaw(outcome, to: &output)
        JSONBytes.appendLiteral(" pattern=", to: &output)
        if let pattern { LogRedaction.appendPrintable(pattern, to: &output) } else { output.append(UInt8(ascii: "-")) }
        if let url {
            JSONBytes.appendLiteral(" url=", to: &output)
            LogRedaction.appendRedacted(url, to: &output)
        }
        if let milliseconds {
            let tenths = Int((milliseconds * 10).rounded())
            output.append(UInt8(ascii: " "))
            JSONBytes.appendInteger(tenths / 10, to: &output)
            output.append(UInt8(ascii: "."))
            output.append(UInt8(ascii: "0") + UInt8(tenths % 10))
            JSONBytes.appendLiteral("ms", to: &output)
        }
    }

    /// Percent-escapes spaces, control characters and quotes so a value stays one token, and
    /// cuts it to ``maxURLLength`` characters.
    static func printable(_ text: String) -> String {
        var output: [UInt8] = []
        LogRedaction.appendPrintable(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

/// UTC timestamps with milliseconds, `2025-11-22T04:48:00.123Z`, formatted from integers.
/// The text up to the seconds is kept and reused while the second stays the same.
struct LogClock {
    private var cachedSecond = -1
    private var cachedPrefix: [UInt8] = []

    /// Appends the current time.
    mutating func appendTimestamp(to output: inout [UInt8]) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        if spec.tv_sec != cachedSecond {
            cachedSecond = spec.tv_sec
            cachedPrefix = Self.prefix(forSecond: spec.tv_sec)
        }
        output.append(contentsOf: cachedPrefix)
        Self.appendDigits(Int(spec.tv_nsec / 1_000_000), width: 3, to: &output)
        output.append(UInt8(ascii: "Z"))
    }

    /// `2025-11-22T04:48:00.` for the given second since the epoch.
    private static func prefix(forSecond second: Int) -> [UInt8] {
        var seconds = second
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text: [UInt8] = []
        appendDigits(Int(parts.tm_year) + 1900, width: 4, to: &text)
        for (separator, value) in [
            ("-", parts.tm_mon + 1), ("-", parts.tm_mday), ("T", parts.tm_hour),
            (":", parts.tm_min), (":", parts.tm_sec),
        ] as [(Unicode.Scalar, Int32)] {
            text.append(UInt8(ascii: separator))
            appendDigits(Int(value), width: 2, to: &text)
        }
        text.append(UInt8(ascii: "."))
        return text
    }

    /// `value` (not negative) in decimal, zero-padded to at least `width` digits.
    private static func appendDigits(_ value: Int, width: Int, to output: inout [UInt8]) {
        JSONBytes.appendDigits(UInt(value), width: width, to: &output)
    }
}
