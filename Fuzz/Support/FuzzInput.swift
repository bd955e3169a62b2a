import Foundation

/// Reads a fuzzer's bytes as a stream of small decisions: numbers, choices and strings.
/// Past the end it yields zeros, so every input, however short, decodes to something.
struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isExhausted: Bool { index >= bytes.count }

    /// The bytes not read yet.
    var remaining: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[min(index, bytes.count)...])
    }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A number in `0..<bound` (`bound` at most 65,536).
    mutating func below(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let raw = bound > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
        return raw % bound
    }

    mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[below(choices.count)]
    }

    /// Up to `maxPieces` pieces from `alphabet`, joined. A piece may repeat, so long runs
    /// (`////…`, `%%%…`) are cheap for the fuzzer to reach.
    mutating func string(from alphabet: [String], maxPieces: Int) -> String {
        var text = ""
        let count = below(maxPieces + 1)
        var produced = 0
        while produced < count, !isExhausted {
            let piece = pick(alphabet)
            let repeats = byte() < 240 ? 1 : 1 + below(300)
            text += String(repeating: piece, count: repeats)
            produced += 1
        }
        return text
    }
}

/// Pieces of hostile text: percent escapes good and bad, overlong and truncated UTF-8 as
/// escapes, separators in every position, combining marks, non-ASCII, NUL.
enum FuzzAlphabet {
    static let nasty: [String] = [
        "a", "Z", "0", "9", "-", ".", "_", "~", "%", "%2", "%zz", "%E4", "%e4%b8", "%C3%A9", "%C0%AF", "%ED%A0%80",
        "%F4%90%80%80", "%2F", "%2f", "%3F", "%23", "%25", "%00", "%20", "+", " ", "&", "=", "?", "#", "/", "//",
        ":", "@", "!", "$", "'", "*", "**", ",", ";", "é", "家居", "\u{301}", "\u{0}", "\u{FEFF}", "😀", "\u{200D}",
        "<", ">", "(", ")", "[", "]", "\\", "\"", "|", "^", "`", "{", "}", "\u{7F}", "\t", "\n", "http://x.com/p?a=1",
    ]

    /// Text that may stand in a literal segment of a pattern: no `/ ? # ( )`, no control
    /// characters. Combining marks and escapes stay in on purpose.
    static let literal: [String] = [
        "a", "Z", "0", "9", "-", ".", "_", "~", "%", "%2", "%zz", "%E4", "%C3%A9", "%C0%AF", "%2F", "%3F", "%23",
        "%25", "%00", "%20", "+", " ", "&", "=", ":", "@", "!", "$", "'", "*", ",", ";", "é", "家居", "\u{301}",
        "\u{FEFF}", "😀", "\u{200D}", "<", ">", "[", "]", "|",
    ]

    /// Characters that may start a placeholder's literal suffix: none of them continues a name.
    static let suffixStart: [String] = [".", "-", "~", "!", "@", ",", ";", "é", "%2E", "\u{301}", "家", "😀", "=", "+"]
}

/// Stops the fuzzer with a message when an invariant does not hold. libFuzzer reports the
/// abort as a crash and saves the input.
func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("INVARIANT FAILED at \(file):\(line): \(message())\n".utf8))
    abort()
}

/// The fuzzer's bytes as text. Invalid UTF-8 becomes U+FFFD, as it would in any `String`.
func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}

/// `text` with control characters and non-ASCII shown as escapes, for failure messages.
func fuzzShow(_ text: String) -> String {
    let shown =
        text.unicodeScalars.count > 300
        ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(300))) + "…(\(text.utf8.count) bytes)"
        : text
    return shown.unicodeScalars.map {
        $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F ? String($0) : "\\u{\(String($0.value, radix: 16))}"
    }
    .joined()
}
