import Foundation

/// Whole files read back as text: what a process wrote to stdout and stderr, a file the
/// daemon must leave alone.
///
/// The read goes through `FileHandle`: on Linux, `String(contentsOfFile:encoding:)` and
/// `FileManager.contents(atPath:)` lose a 4 KiB buffer on every empty file they read, which the
/// suite's run under LeakSanitizer reports.
enum TextFile {
    /// The file's bytes as UTF-8 text (an invalid byte becomes U+FFFD); throws when the file
    /// cannot be opened or read.
    ///
    /// ```swift
    /// #expect(try TextFile.read(path) == "keep me")
    /// ```
    static func read(_ path: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }

    /// The file as text, or "" when it cannot be read (a process that never wrote it).
    ///
    /// ```swift
    /// let log = TextFile.contents(stderrPath)
    /// ```
    static func contents(_ path: String) -> String { (try? read(path)) ?? "" }
}
