import Foundation
import Testing

@testable import DeepLinkApp

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Edges of the daemon's protocol, of `send` and of the socket it finds:
/// - a request line of exactly the limit that waits for its newline is still a request.
/// - `send` sends a URL of exactly 8187 bytes, and refuses DEL and a URL of spaces itself,
///   sending nothing.
/// - `send` to a socket file left by a killed daemon says no daemon listens and how to start one.
/// - an empty `DEEPLINK_SOCKET` is ignored, and the default socket is under an absolute
///   `XDG_RUNTIME_DIR` (trailing slash or not), else under `/tmp/deeplink-<uid>`.
/// - a request sent just before SIGTERM is still answered.
/// - a second SIGTERM or SIGINT during the drain stops the daemon at once, with exit status 0,
///   and the log names the signal.
/// - the log redacts a fragment whatever it starts with.
@Suite("Daemon and send: edge cases of lines, limits, sockets and signals")
struct DemoEdgeCaseTests {
    /// Out of descriptors, the daemon still finishes a handler's delayed work: libdispatch's
    /// timer loop, which needs descriptors of its own, is set up when the daemon starts.
    @Test func aDaemonOutOfDescriptorsStillAnswersASlowRequest() throws {
        let daemon = try RunningDaemon(descriptorLimit: 64)
        let first = try daemon.connect()
        #expect(try first.request("PING").contains("pong"))
        let idle = try (0..<80).map { _ in try daemon.connect() }  // more than the daemon can accept
        #expect(eventually { daemon.log.contains("accept failed") }, "\(daemon.log.suffix(400))")
        let reply = try first.request("OPEN \(DemoLinks.slow)", timeout: 5)
        #expect(reply.contains(#""ok":true"#), "\(reply)\n\(daemon.log.suffix(400))")
        withExtendedLifetime(idle) {}
        #expect(try daemon.stop() == 0)
    }

    @Test func lineOfExactlyTheLimitWaitingForItsNewlineIsARequest() throws {
        var framer = LineFramer(limit: 8)
        Array("12345678".utf8).withUnsafeBytes { framer.append($0) }
        #expect(framer.next() == nil)
        Array("\n".utf8).withUnsafeBytes { framer.append($0) }
        #expect(framer.next() == .line(Array("12345678".utf8)))

        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        let prefix = "OPEN \(DemoLinks.item)&pad="
        try client.send(prefix + String(repeating: "p", count: 8192 - prefix.utf8.count))
        usleep(200_000)
        try client.send("\n")
        let reply = try client.nextReply()
        #expect(reply.ok, "\(reply.object)")
    }

    @Test func sendSendsAURLOfExactlyTheLongestALineHolds() throws {
        let daemon = try RunningDaemon()
        let prefix = "\(DemoLinks.item)&pad="
        let longest = prefix + String(repeating: "p", count: 8187 - prefix.utf8.count)
        let result = try daemon.send(["--json", "--", longest])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ReplyLine(result.stdout.trimmingCharacters(in: .newlines)).pattern == DemoLinks.itemPattern)
        let tooLong = try daemon.send(["--json", "--", longest + "p"])
        #expect(tooLong.status == 1)
        #expect(try ReplyLine(tooLong.stdout.trimmingCharacters(in: .newlines)).error == "line_too_long")
    }

    @Test(arguments: [
        ("shop://item/4\u{7F}2", "control character"),
        ("   ", "the URL is empty"),
    ])
    func sendRefusesURLsItCannotSendAndSendsNothing(_ url: String, _ message: String) throws {
        let daemon = try RunningDaemon()
        let result = try daemon.send(["--json", "--", url])
        #expect(result.status == 1)
        #expect(try ReplyLine(result.stdout.trimmingCharacters(in: .newlines)).error == "bad_request")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        _ = try daemon.stop()
        #expect(!daemon.log.contains("bad_request"), "the request reached the daemon:\n\(daemon.log)")
    }

    @Test func sendToASocketLeftByAKilledDaemonSaysNoDaemonListens() throws {
        let daemon = try RunningDaemon()
        #expect(try daemon.stop(SIGKILL) != 0)
        try #require(daemon.socketExists)
        let result = try daemon.send([DemoLinks.item])
        #expect(result.status == 3)
        #expect(result.stderr.contains("no daemon is listening on \(daemon.socketPath)"), "\(result.stderr)")
        #expect(result.stderr.contains("The link \(DemoLinks.item) was not delivered."), "\(result.stderr)")
        #expect(result.stderr.contains("serve --socket \(daemon.socketPath) &"), "\(result.stderr)")
    }

    @Test func anEmptyDeeplinkSocketIsIgnored() throws {
        let daemon = try RunningDaemon(defaultSocket: true)
        let result = try DeepLinkBinary.run(
            ["send", "--ping"], environment: ["XDG_RUNTIME_DIR": daemon.directory.path, "DEEPLINK_SOCKET": ""])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(arguments: [
        ("/run/user/1000", "/run/user/1000/deeplink/daemon.sock"),
        ("/run/user/1000/", "/run/user/1000/deeplink/daemon.sock"),
        ("run/user/1000", "/tmp/deeplink-\(geteuid())/daemon.sock"),
        ("", "/tmp/deeplink-\(geteuid())/daemon.sock"),
    ])
    func defaultSocketNeedsAnAbsoluteRuntimeDirectory(_ runtimeDirectory: String, _ expected: String) throws {
        #expect(SocketPath.defaultPath(environment: ["XDG_RUNTIME_DIR": runtimeDirectory]) == expected)
        let help = try DeepLinkBinary.run(["send", "--help"], environment: ["XDG_RUNTIME_DIR": runtimeDirectory])
        #expect(help.stdout.contains(expected), "\(help.stdout)")
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func secondSignalDuringTheDrainStopsAtOnce(_ signal: Int32) throws {
        let daemon = try RunningDaemon()
        let reader = try daemon.connect()
        let batch = Array(String(repeating: "OPEN \(DemoLinks.item)\n", count: 2000).utf8)
        let writer = reader.sendInBackground(batch, thenShutdownWrite: false)
        // It reads one reply, so the daemon has its requests, and no more: the drain would wait.
        #expect(try reader.nextReply().ok)
        kill(daemon.process.processIdentifier, signal)
        try #require(eventually(timeout: 3) { daemon.log.contains("stopped accepting") }, "\(daemon.log)")
        let started = Date()
        #expect(try daemon.stop(signal) == 0)
        #expect(Date().timeIntervalSince(started) < 2.5, "the second signal waited for the drain")
        let name = [SIGINT: "SIGINT", SIGHUP: "SIGHUP"][signal] ?? "SIGTERM"
        #expect(daemon.log.contains("\(name) again: stopping without waiting"), "\(daemon.log.suffix(600))")
        #expect(!daemon.log.contains("drain timeout"), "no drain timed out: \(daemon.log.suffix(600))")
        #expect(!daemon.socketExists)
        reader.close()
        _ = writer.wait(timeout: .now() + 5)
    }

    /// Links from outside fill the cart to its capacity and no further, so its listing stays
    /// small enough to deliver.
    @Test func theCartStopsAtItsCapacity() throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        try client.send(String(repeating: "OPEN shop://cart/add/1\n", count: 101) + "OPEN shop://cart\n")
        let replies = try client.readLines(102).map(ReplyLine.init)
        #expect(replies[99].object["result"].flatMap { ($0 as? [String: Any])?["count"] as? Int } == 100)
        #expect(replies[100].error == "refused", "\(replies[100].object)")
        #expect(replies[101].object["result"].flatMap { ($0 as? [String: Any])?["count"] as? Int } == 100)
    }

    /// Two signals that the loop reads in one turn are a first and a second: the daemon, stopped
    /// while both arrive, stops at once when it goes on, instead of waiting out the drain.
    @Test func twoSignalsReadInOneTurnStopAtOnce() throws {
        let daemon = try RunningDaemon()
        let reader = try daemon.connect()
        let batch = Array(String(repeating: "OPEN \(DemoLinks.item)\n", count: 2000).utf8)
        let writer = reader.sendInBackground(batch, thenShutdownWrite: false)
        #expect(try reader.nextReply().ok)  // the daemon has requests in flight: a drain would wait
        let pid = daemon.process.processIdentifier
        kill(pid, SIGSTOP)
        kill(pid, SIGTERM)
        kill(pid, SIGINT)  // another signal: two of one kind would be one while the daemon is stopped
        let started = Date()
        kill(pid, SIGCONT)
        #expect(DeepLinkBinary.waitForExit(daemon.process, timeout: 2.5), "the second signal waited for the drain")
        #expect(daemon.process.terminationStatus == 0 && Date().timeIntervalSince(started) < 2.5)
        #expect(daemon.log.contains("again: stopping without waiting"), "\(daemon.log.suffix(600))")
        reader.close()
        _ = writer.wait(timeout: .now() + 5)
    }

    /// A request already sent when the signal comes is answered: the daemon is stopped, the
    /// request and the signal wait for it, and it sees both at once when it goes on.
    @Test func requestSentJustBeforeTheSignalIsAnswered() throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        #expect(try ReplyLine(client.request("PING")).ok)
        let pid = daemon.process.processIdentifier
        kill(pid, SIGSTOP)
        try client.send("OPEN \(DemoLinks.item)\n")
        kill(pid, SIGTERM)
        kill(pid, SIGCONT)
        let lines = try client.waitForClose()
        #expect(lines.count == 1, "\(daemon.log)")
        #expect(try lines.first.map(ReplyLine.init)?.pattern == DemoLinks.itemPattern)
        #expect(try daemon.stop() == 0)
    }

    @Test(arguments: [
        ("shop://item/1##secret", "shop://item/1#<redacted>"),
        ("shop://item/1#?a=secret", "shop://item/1#<redacted>"),
        ("shop://item/1?a=1#&b=secret", "shop://item/1?a=<redacted>#<redacted>"),
    ])
    func fragmentsAreRedactedWhateverTheyStartWith(_ url: String, _ expected: String) {
        #expect(LogLine.redacted(url) == expected)
    }
}
