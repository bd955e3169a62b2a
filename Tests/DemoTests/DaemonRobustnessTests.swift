import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Daemon robustness: bad clients never stop it or hold up others")
struct DaemonRobustnessTests {
    @Test func overlongLineGetsOneErrorAndTheConnectionGoesOn() throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        try client.send(String(repeating: "A", count: 10_000) + "\nPING\n")
        #expect(try client.nextReply().error == "line_too_long")
        #expect(try client.nextReply().ok)
    }

    @Test func overlongLineSentInPiecesIsDiscardedUpToItsNewline() throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        for _ in 0..<8 {
            try client.send("OPEN shop://" + String(repeating: "x", count: 4096))
            usleep(2_000)
        }
        try client.send("still the same line\nPING\n")
        #expect(try client.nextReply().error == "line_too_long")
        #expect(try client.nextReply().ok, "exactly one error for the long line, then the ping")
    }

    @Test func lineOfExactlyTheLimitIsARequest() throws {
        let daemon = try RunningDaemon()
        let prefix = "OPEN \(DemoLinks.item)&pad="
        let atLimit = prefix + String(repeating: "p", count: 8192 - prefix.utf8.count)
        let reply = try ReplyLine(daemon.connect().request(atLimit))
        #expect(reply.ok)
        #expect(try ReplyLine(daemon.connect().request(atLimit + "p")).error == "line_too_long")
    }

    @Test func binaryGarbageGetsErrorRepliesAndTheDaemonLivesOn() throws {
        let daemon = try RunningDaemon()
        var generator = SystemRandomNumberGenerator()
        let garbage = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let client = try daemon.connect()
        try client.send(garbage + Array("\nPING\n".utf8))
        var replies = 0
        while true {
            let reply = try client.nextReply(timeout: 10)
            replies += 1
            if reply.ok { break }
            #expect(["bad_request", "bad_encoding", "unknown_command", "line_too_long"].contains(reply.error ?? ""))
        }
        #expect(replies >= 2)
        #expect(try ReplyLine(daemon.connect().request("PING")).ok)
    }

    @Test func silentClientDoesNotHoldUpOthersAndIsClosedWhenIdle() throws {
        let daemon = try RunningDaemon(["--idle-timeout", "1"])
        let silent = try daemon.connect()
        let halfSent = try daemon.connect()
        try halfSent.send("OPEN \(DemoLinks.item)")
        let started = Date()
        let busy = try daemon.connect()
        for id in 0..<50 {
            #expect(try ReplyLine(busy.request("OPEN \(DemoLinks.item(id))")).ok)
        }
        #expect(Date().timeIntervalSince(started) < 1, "others were served while two clients said nothing")
        // The silent and the half-sent client get an idle_timeout notice, then end of input;
        // the half-sent request is never routed.
        for client in [silent, halfSent] {
            let lines = try client.waitForClose(timeout: 5)
            #expect(lines.count == 1)
            #expect(try lines.first.map(ReplyLine.init)?.error == "idle_timeout")
        }
        #expect(try ReplyLine(daemon.connect().request("PING")).ok)
    }

    @Test func requestWithoutNewlineBeforeEndOfInputIsNotRouted() throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        try client.send("PING\nOPEN \(DemoLinks.item)")
        client.shutdownWrite()
        let lines = try client.waitForClose()
        #expect(lines.count == 1)
        #expect(try ReplyLine(lines[0]).ok)
        _ = try daemon.stop()
        #expect(daemon.log.contains("incomplete request discarded"))
        #expect(!daemon.log.contains("routed"))
    }

    @Test func clientsThatVanishMidReplyDoNotHurtTheDaemon() throws {
        let daemon = try RunningDaemon()
        // One waits for a slow reply and leaves before it comes.
        let leaver = try daemon.connect()
        try leaver.send("OPEN \(DemoLinks.slow)\n")
        leaver.close()
        // Others fire many requests and close without reading a byte of the replies.
        for _ in 0..<20 {
            let flooder = try daemon.connect()
            try flooder.send(String(repeating: "OPEN \(DemoLinks.item)\n", count: 500))
            flooder.close()
        }
        usleep(400_000)
        #expect(try ReplyLine(daemon.connect().request("OPEN \(DemoLinks.item)")).ok)
        #expect(daemon.process.isRunning)
    }

    @Test func sixtyFourConcurrentClientsEachGetExactlyOneReplyPerRequest() throws {
        let daemon = try RunningDaemon()
        let clients = 64, requestsEach = 40
        runConcurrentClients(clients, socketPath: daemon.socketPath) { client, clientIndex, failures in
            for request in 0..<requestsEach {
                let id = clientIndex * 1000 + request
                let reply = try ReplyLine(client.request("OPEN \(DemoLinks.item(id))", timeout: 10))
                if reply.parameters["id"] != String(id) { failures.add("client \(clientIndex): wrong reply for \(id)") }
            }
        }
        // The log's own thread may write the last lines after the last reply.
        let routed = { daemon.log.split(separator: "\n").filter { $0.contains(" routed ") }.count }
        #expect(eventually { routed() == clients * requestsEach }, "one log line per request: \(routed())")
    }
}
