import Foundation
import Testing

/// Handlers run on the daemon's loop thread; one that completes later, from another thread
/// (`account://session/refresh`, about 250 ms), must hold up nothing but its own client's
/// later replies, which still go out in request order.
@Suite("Daemon event loop: late completions keep order and hold up no one")
struct DaemonEventLoopTests {
    @Test func pipelinedSlowRequestsAmongFastOnesAreAnsweredInOrder() throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        let requests =
            [DemoLinks.item(0), DemoLinks.slow] + (1...30).map(DemoLinks.item)
            + [DemoLinks.slow, DemoLinks.item(31), DemoLinks.notFound, DemoLinks.item(32)]
        try client.send(requests.map { "OPEN \($0)\n" }.joined())
        let lines = try client.readLines(requests.count, timeout: 10)
        for (request, line) in zip(requests, lines) {
            let reply = try ReplyLine(line)
            switch request {
            case DemoLinks.slow: #expect(reply.pattern == "account://session/refresh", "\(line)")
            case DemoLinks.notFound: #expect(reply.error == "not_found", "\(line)")
            default: #expect(reply.parameters["id"] == String(request.split(separator: "/").last!), "\(line)")
            }
        }
        #expect(try ReplyLine(client.request("PING")).ok, "exactly one reply per request, nothing extra")
    }

    @Test func anotherClientIsServedWhileASlowRequestIsPending() throws {
        let daemon = try RunningDaemon()
        let waiting = try daemon.connect()
        let sent = Date()
        // The PING's reply shows the daemon has read the slow request behind it: a loop that
        // waited for the slow completion would now answer `waiting` before anyone else.
        try waiting.send("PING\nOPEN \(DemoLinks.slow)\nOPEN \(DemoLinks.item(1))\n")
        #expect(try waiting.nextReply().ok)
        // A few requests: they must all be answered well within the slow request's 250 ms.
        let other = try daemon.connect()
        for id in 0..<5 {
            #expect(try ReplyLine(other.request("OPEN \(DemoLinks.item(id))")).parameters["id"] == String(id))
        }
        #expect(!waiting.hasUnreadBytes, "the other client was served only after the slow request completed")
        #expect(try waiting.nextReply(timeout: 10).pattern == "account://session/refresh")
        #expect(
            Date().timeIntervalSince(sent) >= 0.2, "the slow request completed early: it did not take the late path")
        #expect(try waiting.nextReply().parameters["id"] == "1", "the request after the slow one is answered after it")
    }

    @Test func manyClientsMixingSlowAndFastRequestsAllGetTheirAnswersInOrder() throws {
        let daemon = try RunningDaemon()
        let clients = 40, fastEach = 25
        runConcurrentClients(clients, socketPath: daemon.socketPath) { client, clientIndex, failures in
            // Every other client puts a slow request somewhere in its pipeline.
            var requests = (0..<fastEach).map { DemoLinks.item(clientIndex * 1000 + $0) }
            if clientIndex.isMultiple(of: 2) { requests.insert(DemoLinks.slow, at: clientIndex % fastEach) }
            try client.send(requests.map { "OPEN \($0)\n" }.joined())
            for (request, line) in zip(requests, try client.readLines(requests.count, timeout: 10)) {
                let reply = try ReplyLine(line)
                let right =
                    request == DemoLinks.slow
                    ? reply.pattern == "account://session/refresh"
                    : "shop://item/" + (reply.parameters["id"] ?? "?") == request
                if !right { failures.add("client \(clientIndex): \(line) for \(request)") }
            }
        }
        // The log's own thread may write the last lines after the last reply.
        let routed = { daemon.log.split(separator: "\n").filter { $0.contains(" routed ") }.count }
        #expect(eventually { routed() == clients * fastEach + clients / 2 }, "one log line per request: \(routed())")
    }
}
