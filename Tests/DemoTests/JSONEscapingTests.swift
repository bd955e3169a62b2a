import Foundation
import Testing

@testable import DeepLinkApp

/// Text from a link or a handler in the JSON this program writes (the daemon's replies,
/// `open --json`, `send --json`): escaped wherever the plain-text output escapes it, and read
/// back as the same text.
@Suite struct JSONEscapingTests {
    /// A text and how it is written inside a JSON string.
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var text: String
        var escaped: String
    }

    static let cases: [Case] = [
        Case(testDescription: "right-to-left override", text: "gpj\u{202E}.exe", escaped: #"gpj\u202e.exe"#),
        Case(testDescription: "C1 next line", text: "a\u{85}b\u{80}\u{9F}", escaped: #"a\u0085b\u0080\u009f"#),
        Case(testDescription: "line separator", text: "a\u{2028}b", escaped: #"a\u2028b"#),
        Case(testDescription: "C0 escape and DEL", text: "\u{1B}[31m\u{1}\u{7F}", escaped: #"\u001b[31m\u0001\u007f"#),
        Case(testDescription: "quote", text: #"say "hi""#, escaped: #"say \"hi\""#),
        Case(testDescription: "backslash", text: #"a\b\"#, escaped: #"a\\b\\"#),
        Case(
            testDescription: "isolates and marks", text: "\u{2066}\u{200E}x\u{200F}\u{61C}\u{202A}\u{2069}",
            escaped: #"\u2066\u200ex\u200f\u061c\u202a\u2069"#),
        Case(
            testDescription: "all of them among other text",
            text: "é\u{202E}家\u{85}🛒\u{2028}\u{1B}\"\\\u{A0}\u{2027}\u{FEFF}",
            escaped: "é\\u202e家\\u0085🛒\\u2028\\u001b\\\"\\\\\\u00a0\u{2027}\\ufeff"),
        Case(
            testDescription: "spaces and characters that show as nothing",
            text: "a\u{2003}b\u{200B}c\u{AD}\u{3000}👩\u{200D}👧\u{2062}\u{180E}\u{E0041}",
            escaped: #"a\u2003b\u200bc\u00ad\u3000👩‍👧\u2062\u180e\udb40\udc41"#),
    ]

    /// Whether `text` has a character that must not reach a terminal raw.
    static func unsafe(_ text: String) -> Bool { text.unicodeScalars.contains(where: HumanOutput.needsEscaping) }

    @Test(arguments: cases)
    func aJSONStringEscapesItAndReadsBack(_ value: Case) throws {
        let quoted = JSONString.quoted(value.text)
        #expect(quoted == "\"" + value.escaped + "\"")
        #expect(!Self.unsafe(quoted))
        #expect(try JSONDecoder().decode(String.self, from: Data(quoted.utf8)) == value.text)
    }

    /// Every field of a reply carries the text; the line the daemon sends escapes it, reads back
    /// as the same text, and `send --json` prints that line as it came.
    @Test(arguments: cases)
    func aDaemonReplyEscapesItAndSendPrintsItAsItCame(_ value: Case) throws {
        let replies: [Reply] = [
            .routed(
                pattern: "shop://item/\(value.text)", parameters: ["id": value.text, value.text: "v"],
                result: .object([("name", .string(value.text)), ("tags", .array([.string(value.text)]))])),
            .failed(ReplyError(code: "not_found", url: "shop://\(value.text)", message: value.text)),
        ]
        for reply in replies {
            var bytes: [UInt8] = []
            reply.appendJSONLine(to: &bytes)
            let line = String(decoding: bytes.dropLast(), as: UTF8.self)
            #expect(bytes.last == UInt8(ascii: "\n") && !line.contains("\n"))
            #expect(!Self.unsafe(line), "\(line.debugDescription)")
            #expect(line.contains(value.escaped), "\(line)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            switch reply {
            case .routed:
                #expect(object["pattern"] as? String == "shop://item/\(value.text)")
                #expect(object["parameters"] as? [String: String] == ["id": value.text, value.text: "v"])
                let result = try #require(object["result"] as? [String: Any])
                #expect(result["name"] as? String == value.text)
                #expect(result["tags"] as? [String] == [value.text])
            default:
                #expect(object["url"] as? String == "shop://\(value.text)")
                #expect(object["message"] as? String == value.text)
            }
            let sent = SendCommand.outcome(ofReply: line, url: nil, json: true, socket: "/s")
            #expect(sent.stdout == line)
        }
    }

    /// The built `deeplink open --json`, on a link the Shop's catch-all route answers with a
    /// result that quotes the link.
    @Test(arguments: cases)
    func openJSONEscapesItAndReadsBack(_ value: Case) throws {
        let url = "shop://nothing/" + value.text
        let result = try DeepLinkBinary.run(["open", "--json", url])
        #expect(result.status == 0, "\(result.stderr)")
        let line = result.stdout.trimmingCharacters(in: .newlines)
        #expect(!Self.unsafe(line), "\(line.debugDescription)")
        #expect(line.contains(value.escaped), "\(line)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect((object["result"] as? String)?.contains(url) == true, "\(line)")
    }
}
