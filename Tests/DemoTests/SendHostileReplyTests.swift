import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `deeplink send` against a fake daemon on a real Unix socket that answers with
/// hostile bytes: a documented status, and nothing of the reply reaches the terminal raw.
@Suite struct SendHostileReplyTests {
    struct HostileReply: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var bytes: [UInt8]
        var arguments: [String]
        var status: Int32
        /// Text that must be printed (stdout and stderr together), escaped.
        var shown: String
    }

    @Test(arguments: [
        HostileReply(
            testDescription: "busy, with an escape code and a forged line in its message",
            bytes: Array(#"{"ok":false,"error":"busy","message":"\u001b[2J\ndeeplink send: all good"}"#.utf8) + [10],
            arguments: [DemoLinks.item], status: 3, shown: #"answered busy: \u{1B}[2J\ndeeplink send: all good"#),
        HostileReply(
            testDescription: "a routed reply with a bidi override, a line separator and a tab, then a second line",
            bytes: Array(
                "{\"ok\":true,\t\"pattern\":\"shop://\u{202E}x\u{2028}\",\"parameters\":{},\"result\":1}\n".utf8)
                + Array("{\"ok\":false}\n".utf8),
            arguments: ["--json", DemoLinks.item], status: 0, shown: #""pattern":"shop://\u202ex\u2028""#),
        HostileReply(
            testDescription: "bytes that are not UTF-8 and control characters, with no newline",
            bytes: [0xFF, 0x1B, 0x5B, 0x33, 0x31, 0x6D, 0xC2, 0x9B, 0x0D, 0x41],
            arguments: ["--timeout", "1", DemoLinks.item], status: 3,
            shown: "closed the connection without replying"),
        HostileReply(
            testDescription: "not one of ours: control characters in a line",
            bytes: Array("ok\u{1B}[31m\u{202E}\r\n".utf8), arguments: ["--ping"], status: 3,
            shown: #"not one of its replies: ok\u{1B}[31m\u{202E}\r"#),
        HostileReply(
            testDescription: "not one of ours: JSON, but not a reply of the daemon",
            bytes: Array(#"{"ok":false}"#.utf8) + [10], arguments: [DemoLinks.item], status: 3,
            shown: #"not one of its replies: {"ok":false}"# + "\nThe link \(DemoLinks.item) may not have been delivered"
        ),
    ])
    func sendPrintsAHostileReplyEscapedAndExitsWithADocumentedStatus(_ reply: HostileReply) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/fake.sock"
        let server = try OneReplyListener(path: path, reply: reply.bytes, afterRequest: true)
        let started = Date()
        let result = try DeepLinkBinary.run(["send", "--socket", path] + reply.arguments, timeout: 5)
        #expect(Date().timeIntervalSince(started) < 3, "send did not wait for more than the reply")
        #expect(result.status == reply.status, "\(result.stdout)\(result.stderr)")
        let printed = result.stdout + result.stderr
        #expect(printed.contains(reply.shown), "\(printed.debugDescription)")
        let raw = printed.unicodeScalars.filter {
            ($0.properties.generalCategory == .control && $0 != "\n") || $0.properties.isBidiControl
                || $0 == "\u{2028}"
        }
        #expect(raw.isEmpty, "\(printed.debugDescription)")
        #expect(!printed.contains("\ndeeplink send: all good"), "no forged line: \(printed)")
        withExtendedLifetime(server) {}
    }
}
