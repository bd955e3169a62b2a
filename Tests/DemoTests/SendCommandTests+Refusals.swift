import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SendCommandTests {
    /// A path no Unix socket can have is a usage error, as a relative `DEEPLINK_SOCKET` is,
    /// not a daemon that may be stuck.
    @Test(arguments: [true, false])
    func socketPathTooLongForAUnixSocketIsAUsageError(_ asOption: Bool) throws {
        let path = "/tmp/" + String(repeating: "x", count: 120) + ".sock"
        let result =
            try asOption
            ? DeepLinkBinary.run(["send", "--socket", path, DemoLinks.item])
            : DeepLinkBinary.run(["send", DemoLinks.item], environment: ["DEEPLINK_SOCKET": path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("longer than"), "\(result.stderr)")
        #expect(!result.stderr.contains("stuck"), "\(result.stderr)")
    }

    /// A socket this user may not connect to: nothing was sent, so the link was not delivered,
    /// and what to fix is the socket's permissions, not a stuck daemon.
    @Test func aSocketClosedToTheUserLeavesTheLinkUndelivered() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/closed.sock"
        let listener = try MuteListener(path: path)
        #expect(chmod(path, 0) == 0)
        // root may connect to any socket; without the capabilities that let it, it is refused as others are.
        let command =
            geteuid() == 0
            ? ["/usr/bin/setpriv", "--bounding-set=-dac_override,-dac_read_search", "--", DeepLinkBinary.path]
            : [DeepLinkBinary.path]
        let result = try DeepLinkBinary.run(
            Array(command.dropFirst()) + ["send", "--socket", path, DemoLinks.item], executable: command[0])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("permission denied on \(path): the socket belongs to another user"))
        #expect(result.stderr.contains("The link \(DemoLinks.item) was not delivered."), "\(result.stderr)")
        #expect(!result.stderr.contains("may not have been"), "\(result.stderr)")
        withExtendedLifetime(listener) {}
    }

    /// A connect that fails for a reason of its own (here a symbolic link loop) sent nothing:
    /// the link was not delivered, and no stuck daemon is blamed.
    @Test func aConnectThatFailsOtherwiseLeavesTheLinkUndelivered() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/loop.sock"
        #expect(symlink(path, path) == 0)
        let result = try DeepLinkBinary.run(["send", "--socket", path, DemoLinks.item])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("cannot connect to \(path): "), "\(result.stderr)")
        #expect(result.stderr.contains("The link \(DemoLinks.item) was not delivered."), "\(result.stderr)")
        #expect(!result.stderr.contains("may not have been") && !result.stderr.contains("stuck"), "\(result.stderr)")
        let ping = try DeepLinkBinary.run(["send", "--ping", "--socket", path])
        #expect(ping.status == 3 && ping.stderr.contains("Nothing reached a daemon."), "\(ping.stderr)")
    }

    struct UnsendableURL: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var url: String
    }

    // (A NUL cannot reach a program through argv at all, so it is not among these.)
    // Bad requests, as the daemon would answer them: exit status 1, nothing sent.
    @Test(arguments: [
        UnsendableURL(
            testDescription: "newline smuggling a second request", url: "shop://item/1\nOPEN account://debug/reset"),
        UnsendableURL(testDescription: "escape character", url: "shop://a\u{1B}b"),
        UnsendableURL(testDescription: "empty", url: ""),
        UnsendableURL(
            testDescription: "longer than a request line", url: "shop://" + String(repeating: "x", count: 9000)),
    ])
    func urlsThatCannotBeOneRequestLineAreBadRequestsThatExit1(_ testCase: UnsendableURL) throws {
        let daemon = try RunningDaemon()
        let result = try daemon.send(["--", testCase.url])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!result.stderr.isEmpty)
        let json = try daemon.send(["--json", "--", testCase.url])
        #expect(json.status == 1)
        let reply = try ReplyLine(json.stdout.trimmingCharacters(in: .newlines))
        #expect(!reply.ok && ["bad_request", "line_too_long"].contains(reply.error ?? ""), "\(json.stdout)")
        #expect(!daemon.log.contains("debug/reset"), "nothing was smuggled to the daemon")
        #expect(!daemon.log.contains("url="), "no URL was sent to the daemon")
    }

    @Test func aURLOverTheLineCapIsLineTooLongAsTheDaemonWouldSay() throws {
        let daemon = try RunningDaemon()
        let result = try daemon.send(["--json", "--", "shop://" + String(repeating: "x", count: 9000)])
        #expect(result.status == 1)
        #expect(try ReplyLine(result.stdout.trimmingCharacters(in: .newlines)).error == "line_too_long")
    }

    /// Swift would hand the command `shop://item/4\u{FFFD}2`, another link, which the shop's
    /// fallback takes; a byte that is not UTF-8 is refused before anything is routed or sent.
    @Test(arguments: ["send", "open"])
    func anArgumentThatIsNotUTF8IsAUsageError(_ command: String) throws {
        let daemon = try RunningDaemon()
        let script = #"exec "$0" "$1" --json --socket "$2" -- "$(printf 'shop://item/4\3772')""#
        let result = try DeepLinkBinary.run(
            ["-c", script, DeepLinkBinary.path, command, daemon.socketPath], executable: "/bin/sh")
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("argument 6 is not valid UTF-8"), "\(result.stderr)")
        #expect(!daemon.log.contains("url="), "no URL was sent to the daemon")
    }

    /// A socket path that is not UTF-8 gets the socket's advice, not a URL's (percent-encoding a
    /// path names another file), as a `DEEPLINK_SOCKET` that is not UTF-8 does.
    @Test(arguments: [#"send --socket "$(printf '/tmp/a\377b')" x"#, #"serve --socket="$(printf '/tmp/a\377b')""#])
    func aSocketPathThatIsNotUTF8IsAUsageErrorThatNamesTheOption(_ command: String) throws {
        let result = try DeepLinkBinary.run(
            ["-c", #"exec "$0" "# + command, DeepLinkBinary.path], executable: "/bin/sh")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--socket is not valid UTF-8; give the socket a path that is"))
        #expect(!result.stderr.contains("percent-encode"), "\(result.stderr)")
    }

    @Test func urlStartingWithADashPassesAfterTheDoubleDash() throws {
        let daemon = try RunningDaemon()
        let result = try daemon.send(["--json", "--", "-shop://x"])
        #expect(result.status == 1)
        #expect(result.stdout.contains(#""error":"refused""#), "\(result.stdout)")
    }
}
