import Foundation
import Testing

/// One request line and what its reply must say.
struct ProtocolCase: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var ok: Bool
    var error: String?

    var testDescription: String { name }

    static func line(_ name: String, _ text: String, ok: Bool = false, error: String? = nil) -> ProtocolCase {
        ProtocolCase(name: name, bytes: Array((text + "\n").utf8), ok: ok, error: error)
    }
}

@Suite("Daemon protocol: one JSON reply per request line")
struct DaemonProtocolTests {
    static let cases: [ProtocolCase] = [
        .line("ping", "PING", ok: true),
        .line("lower-case command and CRLF", "ping\r", ok: true),
        .line("routed", "OPEN \(DemoLinks.item)", ok: true),
        .line("spaces around the URL", "OPEN   \(DemoLinks.item)  ", ok: true),
        .line("not found", "OPEN \(DemoLinks.notFound)", error: "not_found"),
        .line("internal route from outside", "OPEN \(DemoLinks.internalOnly)", error: "refused"),
        .line("scheme not on the allow-list", "OPEN \(DemoLinks.foreignScheme)", error: "refused"),
        .line("empty line", "", error: "bad_request"),
        .line("only spaces", "   ", error: "bad_request"),
        .line("OPEN without URL", "OPEN", error: "bad_request"),
        .line("PING with an argument", "PING now", error: "bad_request"),
        .line("unknown command", "HELLO world", error: "unknown_command"),
        .line("NUL byte", "OPEN shop://item/4\u{0}2", error: "bad_request"),
        .line("terminal escape", "OPEN shop://item/42\u{1B}[2J", error: "bad_request"),
        .line("tab", "OPEN\tshop://item/42", error: "bad_request"),
        .line("C1 control", "OPEN shop://item/42\u{85}", error: "bad_request"),
        .line("DEL", "OPEN shop://item/42\u{7F}", error: "bad_request"),
        .line("first C1 control, U+0080", "OPEN shop://item/42\u{80}", error: "bad_request"),
        .line("last C1 control, U+009F", "OPEN shop://item/42\u{9F}", error: "bad_request"),
        .line("last C0 control, U+001F", "OPEN shop://item/42\u{1F}", error: "bad_request"),
        .line("no-break space, U+00A0, just past the C1 controls", "OPEN shop://item/42?ref=\u{A0}", ok: true),
        ProtocolCase(
            name: "invalid UTF-8", bytes: Array("OPEN shop://item/".utf8) + [0xC3, 0x28, 0xFF, 0x0A],
            ok: false, error: "bad_encoding"),
        ProtocolCase(name: "lone continuation bytes", bytes: [0x80, 0x80, 0x0A], ok: false, error: "bad_encoding"),
    ]

    @Test(arguments: cases)
    func replies(_ testCase: ProtocolCase) throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        try client.send(testCase.bytes)
        let line = try #require(try client.readLine())
        let reply = try ReplyLine(line)
        #expect(reply.ok == testCase.ok, "\(line)")
        #expect(reply.error == testCase.error, "\(line)")
        // Bad input never ends the connection or the daemon.
        #expect(try ReplyLine(client.request("PING")).ok)
    }

    /// URLs the router itself rejects: the reply carries its code, which the help lists too.
    static let routerRejections: [ProtocolCase] = [
        .line(
            "more query items than the router takes",
            "OPEN shop://item/1?" + (0..<300).map { "k\($0)=v" }.joined(separator: "&"), error: "limit_exceeded"),
        .line(
            "more path segments than the router takes",
            "OPEN shop://category/" + String(repeating: "a/", count: 100), error: "limit_exceeded"),
    ]

    @Test(arguments: routerRejections)
    func urlsTheRouterRejectsGetItsCode(_ testCase: ProtocolCase) throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        try client.send(testCase.bytes)
        let reply = try client.nextReply()
        #expect(reply.error == testCase.error, "\(reply.object)")
        #expect(try ReplyLine(client.request("PING")).ok)
    }

    /// A script switches on the codes `serve --help` lists: every code a reply can carry is there.
    @Test func everyErrorCodeARepliesCarriesIsListedInTheHelp() throws {
        let help = try DeepLinkBinary.run(["serve", "--help"]).stdout
        let start = try #require(help.range(of: "Error codes:"))
        let end = try #require(help.range(of: "Commands are", range: start.upperBound..<help.endIndex))
        let listed = Set(
            help[start.upperBound..<end.lowerBound].split { !$0.isLetter && $0 != "_" }.map(String.init))
        let codes = (Self.cases + Self.routerRejections).compactMap(\.error) + ["timeout", "idle_timeout", "busy"]
        #expect(codes.filter { !listed.contains($0) }.isEmpty, "listed: \(listed.sorted())")
    }

    @Test func routedReplyCarriesPatternParametersAndResult() throws {
        let daemon = try RunningDaemon()
        let line = try daemon.connect().request("OPEN \(DemoLinks.item)")
        #expect(line.hasPrefix(#"{"ok":true,"pattern":"\#(DemoLinks.itemPattern)","parameters":{"#), "\(line)")
        let reply = try ReplyLine(line)
        #expect(reply.parameters["id"] == "42")
        #expect(reply.parameters["ref"] == "home")
        let result = try #require(reply.object["result"] as? [String: Any], "\(line)")
        #expect(result["id"] as? Int == 42)
        #expect(result["referrer"] as? String == "home")
    }

    @Test func notFoundReplyEchoesTheURL() throws {
        let daemon = try RunningDaemon()
        let line = try daemon.connect().request("OPEN \(DemoLinks.notFound)")
        #expect(
            line.hasPrefix(#"{"ok":false,"error":"not_found","url":"\#(DemoLinks.notFound)","message":"#), "\(line)")
    }

    @Test func pipelinedRequestsAreAnsweredInOrderExactlyOnce() throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        // The slow one first: the fast replies behind it must wait for it.
        var batch = "OPEN \(DemoLinks.slow)\n"
        for id in 0..<200 { batch += "OPEN \(DemoLinks.item(id))\n" }
        try client.send(batch)
        client.shutdownWrite()
        let lines = try client.waitForClose(timeout: 10)
        try #require(lines.count == 201)
        #expect(try ReplyLine(lines[0]).pattern == "account://session/refresh")
        for (offset, line) in lines.dropFirst().enumerated() {
            #expect(try ReplyLine(line).parameters["id"] == String(offset))
        }
    }

    /// More pipelined requests than the daemon holds replies for: it stops reading while the
    /// client catches up, and answers the requests it has already read once the client has,
    /// whether or not the client says more or closes its side.
    @Test(arguments: [false, true])
    func requestsPipelinedPastTheReplyBufferAreAllAnsweredInOrder(_ halfCloseAfterSending: Bool) throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        let count = 3000
        let batch = (0..<count).map { "OPEN \(DemoLinks.item($0))\n" }.joined()
        let writer = client.sendInBackground(Array(batch.utf8), thenShutdownWrite: halfCloseAfterSending)
        let lines = try halfCloseAfterSending ? client.waitForClose(timeout: 10) : client.readLines(count, timeout: 10)
        #expect(writer.wait(timeout: .now() + 10) == .success, "the daemon stopped reading the requests")
        try #require(lines.count == count, "\(lines.count) replies to \(count) requests")
        let wrong = try lines.indices.filter { try ReplyLine(lines[$0]).parameters["id"] != String($0) }
        #expect(wrong.isEmpty, "replies out of order or wrong, first at \(wrong.prefix(3))")
        if !halfCloseAfterSending { #expect(try ReplyLine(client.request("PING")).ok) }
    }

    @Test func logHasOneLinePerRequestWithQueryValuesRedacted() throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        _ = try client.request("OPEN shop://item/7?token=s3cret&ref=mail#frag")
        _ = try client.request("OPEN \(DemoLinks.notFound)?password=hunter2")
        let refused = try client.request("OPEN \(DemoLinks.internalOnly)")
        #expect(!refused.contains("pattern"), "the refusing pattern is logged, not sent: \(refused)")
        let exitStatus = try daemon.stop()
        #expect(exitStatus == 0)
        let log = daemon.log
        #expect(!log.contains("s3cret") && !log.contains("hunter2") && !log.contains("mail") && !log.contains("frag"))
        let requestLines = log.split(separator: "\n").filter { $0.contains(" url=") }
        try #require(requestLines.count == 3, "\(log)")
        #expect(
            requestLines.first?.contains(
                "routed pattern=\(DemoLinks.itemPattern) url=shop://item/7?token=<redacted>&ref=<redacted>#<redacted>")
                == true, "\(log)")
        #expect(requestLines[1].contains("not_found pattern=- url=\(DemoLinks.notFound)?password=<redacted>"), "\(log)")
        #expect(
            requestLines[2].contains("refused pattern=account://debug/reset url=\(DemoLinks.internalOnly)"), "\(log)")
        // Each line starts with an ISO 8601 UTC time.
        #expect(
            requestLines.allSatisfy { $0.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z conn=\d+ .+/) != nil })
    }
}
