import Testing

@testable import DeepLinkApp

@Suite("The app's own pieces, tested directly")
struct AppUnitTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" and backslash \\", #""quote \" and backslash \\""#),
        ("new\nline\ttab\r", #""new\nline\ttab\r""#),
        ("nul \u{0} bell \u{7} del \u{7F}", #""nul \u0000 bell \u0007 del \u007f""#),
        ("line sep \u{2028} para \u{2029}", #""line sep \u2028 para \u2029""#),
        ("家居 ✓ 🛒", #""家居 ✓ 🛒""#),
    ])
    func jsonStringEscaping(_ input: String, _ expected: String) {
        #expect(JSONString.quoted(input) == expected)
    }

    @Test func jsonObjectsKeepTheirKeyOrderAndResultsConvert() {
        let value = JSONValue.object([
            ("z", .int(1)), ("a", JSONValue(any: ["b": 2, "a": [true, nil] as [Any?]] as [String: Any])),
        ])
        #expect(value.encoded == #"{"z":1,"a":{"a":[true,null],"b":2}}"#)
        #expect(JSONValue(any: Optional<Int>.none).encoded == "null")
        #expect(JSONValue(any: Optional(Optional(3.5)) as Any).encoded == "3.5")
        #expect(JSONValue(any: Double.nan).encoded == "null")
    }

    @Test(arguments: [
        ("shop://item/42", "shop://item/42"),
        ("shop://item/42?ref=home&flag&x=", "shop://item/42?ref=<redacted>&flag&x=<redacted>"),
        ("shop://item/42?url=https://x.com/p?a=1#top", "shop://item/42?url=<redacted>#<redacted>"),
        ("shop://me:pw@item/42", "shop://<redacted>@item/42"),
        ("shop://item/a b\"c", "shop://item/a%20b%22c"),
        ("shop://item/42#", "shop://item/42#"),
    ])
    func logRedaction(_ url: String, _ expected: String) {
        #expect(LogLine.redacted(url) == expected)
    }

    @Test func logCutsVeryLongURLs() {
        let redacted = LogLine.redacted("shop://" + String(repeating: "x", count: 1000))
        #expect(redacted.count == LogLine.maxURLLength + 1)
        #expect(redacted.hasSuffix("…"))
    }

    @Test func framerCutsLinesAndReportsOverlongOnesOnce() {
        var framer = LineFramer(limit: 8)
        func feed(_ text: String) { Array(text.utf8).withUnsafeBytes { framer.append($0) } }
        func drain() -> [LineFramer.Event] {
            var events: [LineFramer.Event] = []; while let e = framer.next() { events.append(e) }; return events
        }
        feed("PING\nOPEN")
        #expect(drain() == [.line(Array("PING".utf8))])
        #expect(framer.hasPartialLine)
        feed(" x\n12345678\n1234567890")  // past the limit and a `\r`: overlong before its newline
        #expect(drain() == [.line(Array("OPEN x".utf8)), .line(Array("12345678".utf8)), .overlong])
        feed("still long")
        #expect(drain() == [])
        feed("\n\nend\n")
        #expect(drain() == [.line([]), .line(Array("end".utf8))])
        #expect(!framer.hasPartialLine)
        feed("123456789\nok\n")
        #expect(drain() == [.overlong, .line(Array("ok".utf8))])
    }

    /// A `\r` before the `\n` is no part of the limit: a CRLF client may send as long a line as
    /// any other.
    @Test func framerDoesNotCountACarriageReturnAgainstTheLimit() {
        var framer = LineFramer(limit: 8)
        func feed(_ text: String) { Array(text.utf8).withUnsafeBytes { framer.append($0) } }
        feed("12345678\r")
        #expect(framer.next() == nil)
        feed("\n123456789\r\nx\n")
        #expect(framer.next() == .line(Array("12345678\r".utf8)))
        #expect(framer.waitingLineCount == 2)
        #expect(framer.next() == .overlong)
        #expect(framer.next() == .line(Array("x".utf8)))
        #expect(framer.waitingLineCount == 0)
        feed("1234567890123")  // being discarded: its rest and newline are no request
        #expect(framer.next() == .overlong)
        feed("45\nPING\n")
        #expect(framer.waitingLineCount == 1)
    }

    /// Replies that are no outcome of the link send exits 3 on, saying what became of the link.
    @Test(
        arguments: [
            ("busy", "was not delivered; open it again"), ("forbidden", "was not delivered: the daemon serves only"),
            ("timeout", "reached the daemon, but its handler had not answered"), ("not_found", nil), ("refused", nil),
        ] as [(String, String?)])
    func repliesThatTookNothingSayWhatBecameOfTheLink(code: String, advice: String?) {
        let told = UndeliveredLink.replyAdvice(code: code, url: "shop://item/1")
        #expect(told.map { $0.hasPrefix("The link shop://item/1 ") } ?? true, "\(told ?? "")")
        #expect(advice.map { told?.contains($0) == true } ?? (told == nil), "\(told ?? "nil")")
    }

    /// A ping's advice speaks of the daemon, never of a link to open again; with or without a
    /// link, the advice starts a sentence.
    @Test(arguments: [
        ClientError.Kind.noAnswer, .notListening, .notAccepted, .permissionDenied, .notASocket, .notConnected,
    ])
    func adviceAfterAFailedPingSpeaksOfTheDaemon(_ kind: ClientError.Kind) {
        let socket = ConfiguredSocket(path: "/tmp/d/daemon.sock", isDefault: false)
        let ping = UndeliveredLink.advice(url: nil, socket: socket, kind: kind, binary: "/bin/deeplink")
        #expect(ping.first?.isUppercase == true && !ping.contains("the link") && !ping.contains("open"), "\(ping)")
        let link = UndeliveredLink.advice(url: "shop://cart", socket: socket, kind: kind, binary: "/bin/deeplink")
        #expect(link.hasPrefix("The link shop://cart "), "\(link)")
    }

    @Test(arguments: ["busy", "idle_timeout", "forbidden", "timeout"])
    func adviceAfterARefusedPingSpeaksOfTheDaemon(_ code: String) throws {
        let ping = try #require(UndeliveredLink.replyAdvice(code: code, url: nil))
        #expect(ping.first?.isUppercase == true && !ping.contains("the link") && !ping.contains("open"), "\(ping)")
    }

    @Test(arguments: [
        ("PING", RequestLine.ping),
        ("Ping\r", .ping),
        ("OPEN shop://x", .open(url: "shop://x")),
        ("open   shop://a b  ", .open(url: "shop://a b")),
    ])
    func requestLines(_ text: String, _ expected: RequestLine) throws {
        #expect(try RequestLine.parse(Array(text.utf8)).get() == expected)
    }

    @Test func argumentsParse() throws {
        #expect(
            try Arguments.parse(["send", "--json", "--", "--weird"]).get()
                == .send(url: "--weird", socket: nil, json: true, timeout: 5))
        #expect(
            try Arguments.parse(["serve", "--socket=/tmp/a.sock", "--idle-timeout", "2.5"]).get()
                == .serve(socket: "/tmp/a.sock", idleTimeout: 2.5))
        #expect(
            try Arguments.parse(["open", "shop://x", "--external"]).get()
                == .open(url: "shop://x", json: false, external: true))
    }

    /// An option that takes a value never takes the next option as it: `--socket --json` is a
    /// forgotten path, not a socket named `--json`; joined with `=`, any value is taken.
    @Test(arguments: [
        (["send", "--socket", "--json", "shop://cart"], "--socket", "--json"),
        (["serve", "--socket", "--json"], "--socket", "--json"),
        (["send", "--timeout", "--ping"], "--timeout", "--ping"),
        (["serve", "--idle-timeout", "-1"], "--idle-timeout", "-1"),
        (["send", "shop://cart", "--socket", "-h"], "--socket", "-h"),
    ])
    func anOptionIsNotTheValueOfAnother(_ arguments: [String], option: String, next: String) {
        let message =
            "\(option) needs a value, but '\(next)' starts with '-'; write \(option)=\(next) to give it as the value"
        #expect(Arguments.parse(arguments) == .failure(UsageError(message: message, topic: arguments[0])))
    }

    @Test func aValueThatStartsWithADashIsGivenJoined() throws {
        #expect(
            try Arguments.parse(["send", "--socket=--json", "shop://cart"]).get()
                == .send(url: "shop://cart", socket: "--json", json: false, timeout: 5))
        #expect(try Arguments.parse(["serve", "--socket", "-"]).get() == .serve(socket: "-", idleTimeout: 10))
    }

    /// A socket path that is not UTF-8 is told to be one, not to be percent-encoded as a URL is
    /// (which would name another file); after `--`, `--socket` is a URL like any other text.
    @Test(
        arguments: [
            (
                ["send", "--socket", "/tmp/\u{FF}"],
                "deeplink send: --socket is not valid UTF-8; give the socket a path that is"
            ),
            (
                ["serve", "--socket=/tmp/\u{FF}"],
                "deeplink serve: --socket is not valid UTF-8; give the socket a path that is"
            ),
            (
                ["send", "shop://\u{FF}"],
                "deeplink send: argument 2 is not valid UTF-8; percent-encode its other bytes (0xFF as %FF)"
            ),
            (
                ["send", "--", "--socket", "\u{FF}"],
                "deeplink send: argument 4 is not valid UTF-8; percent-encode its other bytes (0xFF as %FF)"
            ),
            (["\u{FF}"], "deeplink: argument 1 is not valid UTF-8; percent-encode its other bytes (0xFF as %FF)"),
            (["send", "--socket", "/tmp/x", "shop://cart"], nil),
        ] as [([String], String?)])
    func anArgumentThatIsNotUTF8IsNamed(_ arguments: [String], message: String?) {
        // U+00FF stands for the byte 0xFF alone, which is no UTF-8.
        let bytes = (["deeplink"] + arguments).map { $0.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } }
        #expect(ArgumentEncoding.problem(bytes) == message)
    }

    @Test(arguments: [
        ("/usr/bin/deeplink", "/usr/bin/deeplink"),
        ("/opt/my apps/deeplink", #""/opt/my apps/deeplink""#),
        ("/opt/100%/deeplink", "/opt/100%%/deeplink"),
        (#"/opt/a"b$c/deeplink"#, #""/opt/a\\"b\\$c/deeplink""#),
    ])
    func desktopExecQuoting(_ path: String, _ expected: String) {
        #expect(DesktopEntryCommand.execArgument(path) == expected)
    }
}
