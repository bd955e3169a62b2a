import Foundation

/// What the examples print, kept so that a test can compare it with the output the docs show.
/// One file, linked from both Tests/ReadmeTests and Tests/DocSnippetTests.
///
/// `@unchecked Sendable`: `text` is only read or written under `lock` (an `NSLock`, which
/// ThreadSanitizer sees, unlike `Synchronization.Mutex` on Linux).
final class PrintedText: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    var value: String { lock.withLock { text } }

    func append(_ line: String) { lock.withLock { text += line } }

    /// The capture of the running test, if it captures. A task-local, so that tests running in
    /// parallel each read their own.
    @TaskLocal static var current: PrintedText?
}

/// Runs `body` and returns what it printed through ``print(_:separator:terminator:)``.
func capturingPrints(_ body: () async throws -> Void) async rethrows -> String {
    let capture = PrintedText()
    try await PrintedText.$current.withValue(capture) { try await body() }
    return capture.value
}

/// The examples' `print`: the same text as the standard library's, recorded for the running
/// test when it captures, else printed. This module's declaration shadows `Swift.print`.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let line = items.map { String(describing: $0) }.joined(separator: separator) + terminator
    if let capture = PrintedText.current {
        capture.append(line)
    } else {
        Swift.print(line, terminator: "")
    }
}
