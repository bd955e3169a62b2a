import Testing
import URLRouter

/// A route table comes from a deployment, not from the app: its text is quoted in messages
/// escaped and shortened, so a field cannot forge an issue line or flood a log.
@Suite struct RouteTableMessageTests {
    static let long = String(repeating: "k", count: 100_000)

    @Test(
        "Text from the file is shown escaped and shortened",
        arguments: [
            #"{"pattern": "a://b", "target": "T", "action": "x", "x\n  row 9, line 9: forged": 1}"#,
            #"{"pattern": "a://b", "target": "T", "action": "x", "access": "public\n  row 9, line 9: forged"}"#,
            #"{"pattern": "a://b", "target": "T\n  row 9, line 9: forged\n", "action": "x"}"#,
            #"{"pattern": "a://b", "target": "T", "action": "x", "action": "y", "\#(long)": 1}"#,
            #"{"pattern": "a://b", "target": "T", "action": "x", "priority": 1\#(String(repeating: "0", count: 100_000))}"#,
            #"{"pattern": "a://b", "target": "T", "action": "\#(long) "}"#,
            #"{"pattern": "a://b", "target": "T", "action": "x", "\#(long)" 1}"#,
            #"{"pattern": "a://b", "target": "T", "action": "x", "\#(long)": 1 2}"#,
        ])
    func fileTextInMessagesIsEscapedAndShort(row: String) throws {
        let error = try #require(throws: RouteTableError.self) { try RouteTableRow.parse("[\(row)]") }
        #expect(!error.issues.isEmpty)
        for issue in error.issues {
            #expect(!issue.message.contains("\n"), "\(issue.message.prefix(300))")
            #expect(issue.message.utf8.count < 600, "\(issue.message.prefix(300))")
        }
        // The text is shown, not left out: escaped where it would break the line, shortened where it is long.
        if row.contains("forged") {
            #expect(error.description.contains(#"\n  row 9, line 9: forged"#), "\(error.description)")
        } else {
            #expect(error.issues.contains { $0.message.contains("kkkk…") || $0.message.contains("0000…") }, "\(error)")
        }
    }

    @Test func aTableWithManyBadRowsListsTheFirstIssues() throws {
        let rows = Array(repeating: #"{"pattern": "a://b"}"#, count: 5_000).joined(separator: ",\n")
        let error = try #require(throws: RouteTableError.self) { try RouteTableRow.parse("[\n\(rows)\n]") }
        #expect(error.issues.count == 10_000, "every issue is kept")
        #expect(error.description.utf8.count < 5_000)
        #expect(error.description.contains("row 1, line 2: missing field \"target\""))
        #expect(error.description.hasSuffix("and 9950 more issues"), "\(error.description.suffix(80))")
    }
}

/// Every message quotes its input the same way: a URL or pattern with a line break or another
/// control character cannot forge a line of the log it is written to.
@Suite struct RouteErrorQuotingTests {
    @Test(arguments: ["shop://cart\nrouted shop://forged", "shop://cart\r\u{0}\u{1B}[31m", "shop://\u{2028}x"])
    func urlsAreQuotedEscaped(url: String) throws {
        let failure = Slot<RouteError>()
        Router().open(url) { result in if case .failure(let error) = result { failure.set(error) } }
        let error = try #require(failure.get)
        #expect(error.code == .notFound)
        #expect(
            !error.message.contains { $0.isNewline || $0.unicodeScalars.first!.properties.generalCategory == .control })
        #expect(error.message.contains(#"\"#))
    }

    @Test func patternsAreQuotedEscaped() throws {
        let error = try #require(caught { try Router().register("shop://a\nb/(") { _ in } })
        #expect(error.code == .invalidPattern)
        #expect(error.message.hasPrefix(#"Invalid pattern "shop://a\nb/(": "#), "\(error.message)")
    }

    /// What a message repeats of a bad pattern (a segment, a type name), of a route table (the
    /// byte after a `\`) or of a URL in `explain` (a segment) is escaped as the input itself is.
    @Test(arguments: [
        "shop://x\u{2028}FORGED<", "shop://:id<a\u{2028}b>", "shop://x\u{85}FORGED<", "shop://:\u{2029}x",
        "shop://:id<\u{2028}",
    ])
    func partsOfABadPatternAreEscapedToo(pattern: String) throws {
        let error = try #require(caught { try Router().register(pattern) { _ in } })
        #expect(error.code == .invalidPattern)
        #expect(!error.message.unicodeScalars.contains { "\u{85}\u{2028}\u{2029}\n".unicodeScalars.contains($0) })
    }

    @Test func anUnknownEscapeInARouteTableIsShownEscaped() throws {
        let error = try #require(caught { try Router().loadRouteTable(from: "[\"\\\n  row 9, line 9: forged\"]") })
        #expect(error.code == .invalidRouteTable)
        #expect(error.message == "Route table rejected: row 1, line 1: unknown escape after \\: byte 10")
    }

    @Test func explainQuotesTheSegmentsItShows() throws {
        let router = Router()
        try router.register("shop://item/new") { _ in }
        let verdicts = router.explain("shop://item/a%0Arouted%E2%80%A8x").candidates.map(\.verdict.description)
        #expect(verdicts == [#"segment 2: "a\nrouted\u{2028}x" is not the literal "new""#])
    }

    /// A BOM, a zero-width space, a word joiner or a bidi override pasted into a route table is shown escaped, so the
    /// message does not read `unknown field "pattern"` for what looks like a known one.
    @Test(arguments: ["\u{FEFF}", "\u{200B}", "\u{2060}", "\u{202E}"])
    func invisibleCharactersAreShownEscaped(invisible: String) throws {
        let json = "[{\"\(invisible)pattern\": \"app://a\", \"target\": \"T\", \"action\": \"a\"}]"
        let error = try #require(caught { try Router().loadRouteTable(from: json) })
        let escaped = invisible.unicodeScalars.first!.escaped(asASCII: true)
        #expect(error.message.contains("unknown field \"\(escaped)pattern\""), "\(error.message)")
        #expect(!error.message.unicodeScalars.contains(invisible.unicodeScalars.first!))
        #expect(RouteError.notFound("shop://\(invisible)x").message == #"No route matches "shop://\#(escaped)x"."#)
    }

    @Test func longInputIsShortened() throws {
        let url = "shop://" + String(repeating: "x", count: 10_000)
        #expect(RouteError.notFound(url).message.utf8.count < 300)
    }
}
