import Foundation

/// Stops the fuzzer with a message when an invariant does not hold. libFuzzer reports the
/// abort as a crash and saves the input.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
               file: StaticString = #fileID, line: UInt = #line) {
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
    let shown = text.unicodeScalars.count > 300
        ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(300))) + "…(\(text.utf8.count) bytes)"
        : text
    return shown.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F ? String($0) : "\\u{\(String($0.value, radix: 16))}" }
        .joined()
}
