import Foundation
import Testing

@testable import DeepLinkApp

/// Random reply lines from a daemon → what `send` prints and its exit status
/// (`SendCommand.outcome(ofReply:…)`). Seeded, so every run checks the same cases.
@Suite struct SendReplyPropertyTests {
    static let hostile = [
        "\n", "\r", "\t", "\u{0}", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}", "\u{2029}", "\u{202E}",
        "\u{2066}", "\u{61C}", "\u{FEFF}", "\\", "\"", "'", "%0A", "é", "家", "😀", "a", " ", "{", "}", ":", ",",
    ]
    static let codes = [
        "not_found", "refused", "busy", "forbidden", "idle_timeout", "timeout", "bad_request", "", "x\ny", "\u{202E}",
    ]
    static let link = "shop://item/42"

    /// A JSON value that is not the string a field should be.
    static func wrongType(_ random: inout SplitMix) -> String {
        ["1", "true", "null", "[]", "{}", "-0.5e3", #"["a",{"b":null}]"#, #"{"k":"\u001b"}"#][random.next(8)]
    }

    /// A field value: a hostile string (escaped as JSON, or raw), or a value of another type.
    static func field(_ random: inout SplitMix) -> String {
        switch random.next(5) {
        case 0: return wrongType(&random)
        case 1: return "\"" + random.text(hostile).replacingOccurrences(of: "\"", with: "") + "\""
        default: return JSONString.quoted(random.text(hostile))
        }
    }

    /// A reply line as bytes, as a daemon could send it: one of ours with fields mutated, then
    /// perhaps cut, made longer, broken as UTF-8, or followed by more lines.
    static func replyBytes(_ random: inout SplitMix) -> [UInt8] {
        let ok = random.next(6) == 0 ? wrongType(&random) : (random.next(2) == 0 ? "true" : "false")
        let code = random.next(3) == 0 ? field(&random) : JSONString.quoted(codes[random.next(codes.count)])
        var text: String
        switch random.next(4) {
        case 0: text = #"{"ok":\#(ok),"pong":\#(random.next(2) == 0 ? "true" : field(&random))}"#
        case 1:
            text =
                #"{"ok":\#(ok),"pattern":\#(field(&random)),"parameters":{\#(field(&random)):\#(field(&random))},"#
                + #""result":\#(field(&random))}"#
        case 2: text = #"{"ok":\#(ok),"error":\#(code),"url":\#(field(&random)),"message":\#(field(&random))}"#
        default:
            text = random.next(2) == 0 ? random.text(hostile) : String(repeating: "[", count: 600 + random.next(1000))
        }
        if random.next(4) == 0 { text = text.replacingOccurrences(of: ",", with: random.next(2) == 0 ? " \t," : "\r,") }
        var bytes = Array(text.utf8)
        switch random.next(8) {
        case 0: bytes = Array(bytes.prefix(random.next(bytes.count + 1)))
        case 1: bytes.insert(0xFF, at: random.next(bytes.count + 1))
        case 2: bytes += Array(repeating: UInt8(ascii: " "), count: 20_000)
        case 3: bytes += Array("\n{\"ok\":true,\"pong\":true}\n".utf8)
        default: break
        }
        return bytes
    }

    static func unsafe(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && HumanOutput.needsEscaping($0) }
    }

    static func decoded(_ text: String) -> String? {
        (try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)))?.encoded
    }

    /// Whatever the reply, a documented status, nothing from it printed raw, `--json` one line
    /// that reads as the same JSON, the human output its fixed number of lines.
    @Test(arguments: 0..<4)
    func anyReplyGivesADocumentedStatusAndEscapedLines(batch: UInt64) {
        var random = SplitMix(seed: 0x5E9D_0000 + batch)
        var statuses: [ExitCode: Int] = [:]
        for index in 0..<200 {
            let bytes = Self.replyBytes(&random)
            // As the client reads it: up to the first newline, decoded as UTF-8 with repairs.
            let line = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            let reply = (try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))).flatMap(Reply.init(json:))
            for json in [false, true] {
                let url = random.next(2) == 0 ? Self.link : nil
                let label = "seed \(batch), case \(index), json \(json): \(line.prefix(300).debugDescription)"
                let outcome = SendCommand.outcome(ofReply: line, url: url, json: json, socket: "/tmp/d.sock")
                statuses[outcome.status, default: 0] += 1
                #expect([.success, .notRouted, .daemonUnreachable].contains(outcome.status), "\(label)")
                #expect((outcome.status == .success) == (reply?.isSuccess ?? false), "\(label)")
                for printed in [outcome.stdout, outcome.stderr].compactMap({ $0 }) {
                    #expect(!Self.unsafe(printed), "\(label): \(printed.prefix(300).debugDescription)")
                }
                if let stderr = outcome.stderr {
                    let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
                    #expect(lines.count <= 2 && lines[0].hasPrefix("deeplink send: "), "\(label): \(stderr)")
                }
                guard let stdout = outcome.stdout else { continue }
                if json {
                    #expect(!stdout.contains("\n"), "\(label)")
                    #expect(
                        Self.decoded(stdout) != nil && Self.decoded(stdout) == Self.decoded(line), "\(label): \(stdout)"
                    )
                } else {
                    let routed = if case .routed? = reply { true } else { false }
                    #expect(stdout.split(separator: "\n").count == (routed ? 4 : 1), "\(label): \(stdout)")
                }
            }
        }
        #expect(statuses.count == 3, "seed \(batch): every status occurs: \(statuses)")
    }

    /// Found by the property above: a `busy` reply's message, a failure's code and a raw bidi
    /// control or separator in `--json` reached the terminal as they were.
    @Test func whatTheReplyCarriesIsPrintedEscaped() {
        let busy = SendCommand.outcome(
            ofReply: #"{"ok":false,"error":"busy","message":"\u001b[2J\nforged"}"#, url: Self.link, json: false,
            socket: "/tmp/d.sock")
        #expect(busy.status == .daemonUnreachable)
        #expect(
            busy.stderr?.hasPrefix(#"deeplink send: the daemon on /tmp/d.sock answered busy: \u{1B}[2J\nforged"#)
                == true)
        let code = SendCommand.outcome(
            ofReply: #"{"ok":false,"error":"x\n\u001b[31m","message":"m"}"#, url: nil, json: false, socket: "/s")
        #expect(code == .init(stdout: #"x\n\u{1B}[31m: m"#, stderr: nil, status: .notRouted))
        let bidi = SendCommand.outcome(
            ofReply:
                "{\"ok\":false,\t\"error\":\"not_found\",\"url\":\"shop://\u{202E}x\u{2028}\",\"message\":\"m\"}\r",
            url: nil, json: true, socket: "/s")
        #expect(bidi.stdout == #"{"ok":false,"error":"not_found","url":"shop://\u202ex\u2028","message":"m"}"#)
        #expect(bidi.status == .notRouted)
    }

    /// A reply that is not one of the daemon's came after the request was written: the link may
    /// have been taken, as when no answer comes. The reply is shown escaped, quotes kept, and cut.
    @Test func aReplyThatIsNotOneOfOursNamesTheSocketAndMayHaveTakenTheLink() {
        let foreign = SendCommand.outcome(ofReply: #"{"ok":false}"#, url: Self.link, json: false, socket: "/tmp/d.sock")
        #expect(
            foreign
                == .init(
                    stdout: nil,
                    stderr: #"deeplink send: the daemon on /tmp/d.sock answered a line that is not one of its "#
                        + #"replies: {"ok":false}"# + "\nThe link \(Self.link) may not have been delivered; the "
                        + "daemon's log tells whether it routed the link before you open it again.",
                    status: .daemonUnreachable))
        let long = SendCommand.outcome(
            ofReply: "\u{1B}" + String(repeating: "x", count: 400), url: nil, json: true, socket: "/s")
        #expect(
            long.stderr?.hasSuffix(
                #"replies: \u{1B}"# + String(repeating: "x", count: SendCommand.maxShownReply - 1) + "…\n"
                    + "What listens on the socket may not be this program's daemon; its log says why.") == true,
            "\(long.stderr ?? "")")
    }

    /// `--json` prints a reply of ours as it came, escapes included.
    @Test func aPlainReplyIsPrintedByteForByte() {
        let line = #"{"ok":true,"pattern":"shop://item/:id<int>","parameters":{"id":"42"},"result":"a\"\\\u001b"}"#
        #expect(SendCommand.outcome(ofReply: line, url: Self.link, json: true, socket: "/s").stdout == line)
    }
}
