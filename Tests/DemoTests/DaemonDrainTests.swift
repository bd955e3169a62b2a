import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The drain answers everything received before the signal, and frees the socket's path at once.
@Suite("Daemon drain: every request received is answered, and the path is free for a new daemon")
struct DaemonDrainTests {
    /// A client that pipelined more than the daemon reads in one go (32 slow requests fill its
    /// room) still gets a reply to each request it had sent.
    @Test func drainAnswersEveryRequestAClientSentBeforeTheSignal() throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        let requests = Array(repeating: DemoLinks.slow, count: 32) + (0..<3000).map(DemoLinks.item)
        let writer = client.sendInBackground(
            Array(requests.map { "OPEN \($0)\n" }.joined().utf8), thenShutdownWrite: false)
        #expect(writer.wait(timeout: .now() + 5) == .success, "every request was sent before the signal")
        usleep(100_000)  // the daemon has read the 32 slow requests and has no room for more
        kill(daemon.process.processIdentifier, SIGTERM)
        let lines = try client.waitForClose(timeout: 10)
        #expect(lines.count == requests.count, "\(lines.count) replies to \(requests.count) requests sent")
        #expect(try daemon.stop() == 0)
    }

    /// Clients waiting to be accepted when the signal comes are requests received too.
    @Test func drainAnswersEveryClientQueuedBeforeTheSignal() throws {
        let daemon = try RunningDaemon()
        let unanswered = try Self.repliesOfClientsQueuedAtTheSignal(daemon, count: 100).filter { $0 == nil }.count
        #expect(unanswered == 0, "\(unanswered) of 100 queued clients got no reply\n\(daemon.log.suffix(300))")
        #expect(try daemon.stop() == 0)
    }

    /// At the limit of clients, the drain lets the idle ones go before it accepts the clients
    /// still waiting, which get their replies, not `busy`.
    @Test func drainAtTheClientLimitAnswersTheClientsStillWaiting() throws {
        let daemon = try RunningDaemon()
        let idle = try (0..<256).map { _ in try daemon.connect() }
        for client in idle { #expect(try client.request("PING").contains("pong")) }
        let replies = try Self.repliesOfClientsQueuedAtTheSignal(daemon, count: 20)
        let routed = replies.filter { $0?.contains(#""ok":true"#) == true }.count
        #expect(routed == 20, "\(replies.compactMap { $0 }.prefix(2))\n\(daemon.log.suffix(400))")
        withExtendedLifetime(idle) {}
        #expect(try daemon.stop() == 0)
    }

    /// Stops the daemon, connects `count` clients that each send one OPEN, then sends SIGTERM and
    /// lets the daemon go on, so that the clients still wait to be accepted when the drain begins.
    /// Each client's first reply line, nil where none came within 5 s.
    private static func repliesOfClientsQueuedAtTheSignal(_ daemon: RunningDaemon, count: Int) throws -> [String?] {
        let pid = daemon.process.processIdentifier
        kill(pid, SIGSTOP)
        let clients = try (0..<count).map { id in
            let client = try daemon.connect()
            try client.send("OPEN \(DemoLinks.item(id))\n")
            return client
        }
        kill(pid, SIGTERM)
        kill(pid, SIGCONT)
        return clients.map { (try? $0.readLine(timeout: 5)) ?? nil }
    }

    /// While the old daemon drains, `send` says to start one; starting it works.
    @Test func aNewDaemonCanStartOnceTheOldOneHasRemovedItsSocket() throws {
        let daemon = try RunningDaemon()
        let reader = try daemon.connect()
        let batch = Array(String(repeating: "OPEN \(DemoLinks.item)\n", count: 2000).utf8)
        let writer = reader.sendInBackground(batch, thenShutdownWrite: false)
        #expect(try reader.nextReply().ok)  // a client that stops reading keeps the drain going
        kill(daemon.process.processIdentifier, SIGTERM)
        try #require(eventually(timeout: 3) { daemon.log.contains("stopped accepting") }, "\(daemon.log)")
        // Checked at once: the drain gives up on the silent reader after 5 seconds.
        #expect(daemon.process.isRunning, "the old daemon is still draining\n\(daemon.log)")
        #expect(!daemon.socketExists)
        let send = try daemon.send(["--ping"])
        #expect(send.status == 3 && send.stderr.contains("serve --socket"), "\(send.stderr)")
        let second = try RunningDaemon(in: daemon.directory)
        #expect(try ReplyLine(second.connect().request("PING")).ok)
        reader.close()
        _ = writer.wait(timeout: .now() + 5)
        #expect(try daemon.stop() == 0)
        #expect(second.socketExists, "the old daemon, exiting, left the new one's socket alone")
        #expect(try second.stop() == 0)
    }
}
