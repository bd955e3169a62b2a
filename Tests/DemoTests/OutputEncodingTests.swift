import Testing

@testable import DeepLinkApp

/// A handler result to convert, made fresh for each test (an `Any` is not `Sendable`).
struct AnyValueCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let make: @Sendable () -> Any?
}

/// A type with no description of its own: reflected into an object.
private struct Plain {
    var name = "plain \"one\""
    var count = 3
    var tags: [String?] = ["a", nil]
}

/// A type with a description: that string.
private struct Described: CustomStringConvertible {
    var description: String { "described\t✓" }
}

private enum Mode { case fast }

/// The byte-level reply encoder and log redaction against ``ReferenceOutput``, the code they
/// replaced: every output equal byte for byte.
@Suite("Reply JSON and log lines, byte for byte as before")
struct OutputEncodingTests {
    static let strings: [String] = [
        "", "plain", "quote \" and backslash \\", "\"\"\\\\", "new\nline\ttab\rreturn",
        "\u{8}backspace \u{C}formfeed", "nul \u{0} bell \u{7} esc \u{1B} us \u{1F} del \u{7F}",
        "line sep \u{2028} para \u{2029} end\u{2029}", "\u{2028}", "\u{2027}\u{202A} near the separators",
        "é", "e\u{301} combining", "家居 ✓ 🛒", "👩‍👩‍👧 family", "🇸🇪 flag", "c1 \u{80} \u{85} \u{9F} controls",
        "mixed \"家\"\n\u{2028}\\🛒", String(repeating: "long ascii run ", count: 200),
        String(repeating: "混合 \"", count: 100), "shop://item/42?ref=bench", "\u{FEFF}bom", "\u{10FFFF}",
        "shop://item/\u{202E}gpj.exe", "a\u{061C}b\u{200E}\u{200F}c\u{2066}\u{2069}\u{202F}\u{2065}\u{2069}",
        "\u{7F}\u{80}\u{A0}\u{202D}🛒\u{202E}", "é\u{85}家\u{2028}😀\u{1B}",
    ]

    @Test(arguments: strings)
    func stringsEscapeAsBefore(_ string: String) {
        var reference = ""
        ReferenceOutput.appendQuoted(string, to: &reference)
        #expect(JSONString.quoted(string) == reference)
        var bytes: [UInt8] = []
        JSONBytes.appendString(string, to: &bytes)
        #expect(bytes == Array(reference.utf8))
    }

    @Test func stringsMadeFromSlicesEscapeToo() {
        let text = "prefix \"家\"\n🛒 suffix"
        let slice = String(text.dropFirst(3))
        #expect(JSONString.quoted(slice) == #""fix \"家\"\n🛒 suffix""#)
    }

    static let values: [AnyValueCase] = [
        AnyValueCase(testDescription: "nil") { nil },
        AnyValueCase(testDescription: "wrapped nil") { Optional<Int>.none as Any },
        AnyValueCase(testDescription: "nested optional") { Optional(Optional(3.5)) as Any },
        AnyValueCase(testDescription: "nested nil") { Optional<Int?>.some(nil) as Any },
        AnyValueCase(testDescription: "booleans") { [true, false] },
        AnyValueCase(testDescription: "integers") { [0, 7, -1, Int.max, Int.min] },
        AnyValueCase(testDescription: "sized integers") { [Int32(-5), Int64(1 << 40), UInt(9), UInt.max] as [Any] },
        AnyValueCase(testDescription: "doubles") {
            [0.0, -0.0, 1.5, 1e300, 0.1, Double.nan, Double.infinity, Float(2.5)] as [Any]
        },
        AnyValueCase(testDescription: "strings") { strings },
        AnyValueCase(testDescription: "substring") { "a \"sub\" string".dropFirst(2) },
        AnyValueCase(testDescription: "shop item") {
            ["id": 42, "name": "Walnut desk", "price": "249.00", "inStock": true] as [String: Any]
        },
        AnyValueCase(testDescription: "optional members") {
            ["a": 1, "b": nil, "c": Optional(Optional("x")) as Any] as [String: Any?]
        },
        AnyValueCase(testDescription: "nested") {
            ["z": [["家": "✓", "q\"": [1, [2, [3]]]]], "a": ["k": ["deep": [nil, true] as [Any?]]]] as [String: Any]
        },
        AnyValueCase(testDescription: "array of optionals") { [1, nil, 3] as [Int?] },
        AnyValueCase(testDescription: "typed dictionary") { ["b": 2, "a": 1] as [String: Int] },
        AnyValueCase(testDescription: "int-keyed dictionary") { [1: "one"] as [Int: String] },
        AnyValueCase(testDescription: "AnyHashable keys") { [AnyHashable("k"): 1] as [AnyHashable: Any] },
        AnyValueCase(testDescription: "set") { Set([3]) },
        AnyValueCase(testDescription: "struct") { Plain() },
        AnyValueCase(testDescription: "described") { Described() },
        AnyValueCase(testDescription: "enum") { Mode.fast },
        AnyValueCase(testDescription: "tuple") { (1, "two") },
        AnyValueCase(testDescription: "JSONValue inside") {
            ["j": JSONValue.object([("y", .int(1)), ("x", .null)])] as [String: Any]
        },
    ]

    @Test(arguments: values)
    func handlerResultsConvertAndEncodeAsBefore(_ value: AnyValueCase) {
        let expected = ReferenceOutput.encoded(ReferenceOutput.value(any: value.make()))
        let converted = JSONValue(any: value.make())
        #expect(converted.encoded == expected)
        #expect(ReferenceOutput.encoded(converted) == expected)
    }

    static let replies: [Reply] = [
        .pong,
        .routed(
            pattern: "shop://item/:id<int>", parameters: ["id": "42", "ref": "bench"],
            result: JSONValue(any: ["id": 42, "name": "Walnut desk", "price": "249.00"] as [String: Any])),
        .routed(pattern: "x://\"q\"", parameters: [:], result: .null),
        .routed(
            pattern: "p", parameters: ["家": "✓\n", "a\u{2028}": "\u{0}"], result: .array([.string("🛒"), .double(0.5)])),
        .failed(
            ReplyError(
                code: "not_found", url: "shop://nothing/here?x=\"1\"",
                message: #"No route matches "shop://nothing/here?x=\"1\""."#)),
        .failed(.badRequest("control character U+7 in request; nothing was opened")),
        .failed(.badEncoding),
        .failed(.timeout(nil, seconds: 0.5)),
        .failed(
            ReplyError(
                code: "refused", url: "account://debug/reset", message: "refused", pattern: "account://debug/reset")),
    ]

    @Test(arguments: replies)
    func replyLinesAreTheEncodedJSONAndANewline(_ reply: Reply) {
        var line: [UInt8] = []
        reply.appendJSONLine(to: &line)
        #expect(String(decoding: line, as: UTF8.self) == ReferenceOutput.encoded(reply.json) + "\n")
    }

    static let urls: [String] = [
        "shop://item/42", "shop://item/42?ref=bench", "shop://item/42?ref=home&flag&x=", "shop://item/42?",
        "shop://item/42?&&", "shop://item/42?a==b&=c", "shop://item/42?url=https://x.com/p?a=1#top", "shop://item/42#",
        "shop://item/42#top", "#", "?", "?a=1", "shop://me:pw@item/42", "shop://a@b@host/x@y?q=1",
        "shop://host/path@x", "shop:/no-authority@x", "no scheme@x?a=b", "shop://item/a b\"c",
        "shop://\u{7F}\u{85}\u{9F}\u{A0}/é/家?名=値#片", "shop://item/🛒?e=\u{1F}", ":///@", "a://", "://@",
        "shop://" + String(repeating: "x", count: 1000), "shop://" + String(repeating: "é", count: 293),
        "shop://" + String(repeating: "é", count: 294), "shop://?" + String(repeating: "k=v&", count: 100),
        String(repeating: "家", count: 299) + "\u{85}", "shop://item/\u{2028}FORGED\u{2029}x?q=\u{2028}",
        String(repeating: "家", count: 299) + "\u{2028}", "\u{2028}", "a\u{2027}\u{202A}b",
        "shop://item/\u{202E}gpj.exe", "a\u{061C}b\u{200E}\u{200F}c\u{2066}\u{2069}\u{202F}\u{2065}", "\u{D8}\u{9C}",
    ]

    @Test(arguments: urls)
    func urlsAreRedactedAsBefore(_ url: String) {
        #expect(LogLine.redacted(url) == ReferenceOutput.redacted(url))
    }

    @Test(arguments: strings + urls)
    func valuesArePrintableAsBefore(_ text: String) {
        #expect(LogLine.printable(text) == ReferenceOutput.printable(text))
    }

    /// The one intended difference: delimiters are found as bytes, so a combining mark after
    /// `=` or `#` no longer hides a query value or fragment from redaction.
    @Test func aCombiningMarkDoesNotHideAValue() {
        #expect(LogLine.redacted("shop://x?token=\u{301}secret") == "shop://x?token=<redacted>")
        #expect(LogLine.redacted("shop://x#\u{301}secret") == "shop://x#<redacted>")
    }

    /// A right-to-left override would make `exe.jpg` read as `gpj.exe` in a terminal.
    @Test func bidirectionalControlsAreEscaped() {
        #expect(LogLine.printable("shop://item/\u{202E}gpj.exe") == "shop://item/%E2%80%AEgpj.exe")
        #expect(LogLine.redacted("shop://x/\u{2066}a\u{061C}?k=v") == "shop://x/%E2%81%A6a%D8%9C?k=<redacted>")
    }

    @Test func requestLogLine() {
        var line: [UInt8] = []
        LogLine.appendRequest(
            connection: 3, outcome: "routed", pattern: "shop://item/:id<int>",
            url: "shop://item/42?ref=home", milliseconds: 0.44, to: &line)
        #expect(
            String(decoding: line, as: UTF8.self)
                == "conn=3 routed pattern=shop://item/:id<int> url=shop://item/42?ref=<redacted> 0.4ms")
        line = []
        LogLine.appendRequest(
            connection: 12, outcome: "bad_request", pattern: nil, url: nil, milliseconds: 12.96, to: &line)
        #expect(String(decoding: line, as: UTF8.self) == "conn=12 bad_request pattern=- 13.0ms")
    }

    @Test func timestampsAreUTCWithMilliseconds() throws {
        var clock = LogClock()
        for _ in 0..<3 {
            var bytes: [UInt8] = []
            clock.appendTimestamp(to: &bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.wholeMatch(of: /20\d\d-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d:[0-6]\d\.\d{3}Z/) != nil, "\(text)")
        }
    }
}
