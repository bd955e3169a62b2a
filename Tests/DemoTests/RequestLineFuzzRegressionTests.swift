import Testing

@testable import DeepLinkApp

/// Request lines the daemon fuzz target (`Fuzz/Targets/DaemonRequestLine.swift`) found, kept
/// so that each bug stays fixed.
@Suite("Request lines found by fuzzing")
struct RequestLineFuzzRegressionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let inputClass: String
        let line: String
        let expected: RequestLine
        var testDescription: String { inputClass }
    }

    @Test(arguments: [
        Case(
            inputClass: "a prepended mark (U+06DD) before the trailing spaces kept one in the URL",
            line: "open   \u{7dd}\u{7d8} S\u{6dd}  \r", expected: .open(url: "\u{7dd}\u{7d8} S\u{6dd}")),
        Case(
            inputClass: "a prepended mark at the end of a URL",
            line: "OPEN shop://item/\u{600}  ", expected: .open(url: "shop://item/\u{600}")),
        Case(
            inputClass: "a combining mark after the separating space hid it",
            line: "OPEN \u{301}shop://item/1", expected: .open(url: "\u{301}shop://item/1")),
    ])
    func spacesAreFoundWhateverMarksSurroundThem(_ example: Case) throws {
        #expect(try RequestLine.parse(Array(example.line.utf8)).get() == example.expected)
    }

    @Test func aLeadingMarkIsNoCommand() {
        guard case .failure(let error) = RequestLine.parse(Array(" \u{301}PING".utf8)) else {
            Issue.record("parsed a command that starts with a combining mark")
            return
        }
        #expect(error.code == "unknown_command")
    }
}
