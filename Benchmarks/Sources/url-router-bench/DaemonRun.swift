#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `--daemon PATH-TO-deeplink`: round trips per second of the Demo's daemon (`deeplink serve`)
/// against a minimal echo server (this binary in `--echo-server` mode) on the same kind of
/// socket, with 1 and with 64 clients, and the round-trip latency at 64 clients.
///
/// Both servers run as processes of their own, side by side, each on a socket in a fresh 0700
/// directory, and get the same request lines from the same clients. As in ``ThreadRun``, the
/// servers alternate in short paired rounds (which one goes first alternates too), and each
/// ratio is the median of the rounds' own ratios, so that a slow spell of this shared machine
/// skews a round or two rather than one side.
struct DaemonRun {
    /// A public route of the demo, allowed from outside, with a query.
    static let url = "shop://item/42?ref=bench"
    static let pattern = "shop://item/:id<int>"
    static let clientCounts = [1, 64]

    let deeplink: String
    let rounds: Int
    /// The length of one trial: one server, one client count.
    let seconds: Double
    let report: Report

    private enum Server: Int {
        case echo = 0
        case daemon = 1
    }

    func run() {
        guard let directory = makePrivateDirectory() else {
            report.fail("cannot make a private directory for the sockets: errno \(errno)")
            return
        }
        // The daemon leaves its lock file behind by design (the lock, not the file, is what counts).
        defer { removeDirectory(directory, files: ["echo.sock", "daemon.sock", "daemon.sock.lock"]) }
        let sockets = [directory + "/echo.sock", directory + "/daemon.sock"]
        print("(echo server: this binary with --echo-server, one poll(2) loop writing each line back)")
        print(
            "(daemon: \(deeplink) serve --socket DIR/daemon.sock, DIR a fresh 0700 directory; its stderr goes to "
                + "/dev/null, so each request's log line is still formatted and written, to /dev/null)")
        print("(clients: one thread and one connection each, synchronous round trips of OPEN \(Self.url))")
        guard
            let echo = ChildProcess.spawn(
                "echo server", [currentExecutablePath(), "--echo-server", sockets[0]],
                stderrToDevNull: false)
        else {
            report.fail("cannot start the echo server")
            return
        }
        let daemon = ChildProcess.spawn("daemon", [deeplink, "serve", "--socket", sockets[1]], stderrToDevNull: true)
        if let daemon {
            do throws(TrialError) {
                let expected = try checkAnswers(sockets: sockets, echo: echo, daemon: daemon)
                try measure(sockets: sockets, expected: expected, processes: [echo, daemon])
            } catch {
                report.fail(error.message)
            }
        } else {
            report.fail("cannot start \(deeplink) serve")
        }
        if echo.terminate(within: 5) == nil { report.fail("the echo server did not end within 5 s of SIGTERM") }
        // A daemon that already ended failed a check above; there is nothing left to stop.
        guard let daemon, !daemon.hasExited() else { return }
        switch daemon.terminate(within: 10) {
        case 0?:
            if access(sockets[1], F_OK) == 0 { report.fail("the daemon exited 0 but left its socket file behind") }
            print("daemon stopped by SIGTERM: exit status 0, socket removed")
        case let status?:
            report.fail(
                "the daemon ended with \(status < 0 ? "signal \(-status)" : "exit status \(status)") after SIGTERM, not 0"
            )
        case nil:
            report.fail("the daemon did not exit within 10 s of SIGTERM (killed)")
        }
    }

    /// Waits until both servers answer, then checks their answers to the request; returns the
    /// reply each must give every time (echo first).
    private func checkAnswers(sockets: [String], echo: ChildProcess, daemon: ChildProcess) throws(TrialError)
        -> [[UInt8]]
    {
        try waitUntilAnswering(echo, at: sockets[0], ping: "PING") { $0 == "PING" }
        try waitUntilAnswering(daemon, at: sockets[1], ping: "PING") { $0.hasPrefix(#"{"ok":true"#) }
        let request = "OPEN \(Self.url)"
        guard let echoed = LineConnection(path: sockets[0])?.exchange(Array((request + "\n").utf8)),
            echoed == Array(request.utf8)
        else {
            throw TrialError(message: "the echo server did not send the request line back")
        }
        var replies: [String] = []
        for _ in 0..<2 {
            guard let reply = LineConnection(path: sockets[1])?.exchange(Array((request + "\n").utf8)) else {
                throw TrialError(message: "the daemon did not answer \(request)")
            }
            replies.append(String(decoding: reply, as: UTF8.self))
        }
        let reply = replies[0]
        guard reply.hasPrefix(#"{"ok":true,"#), reply.hasSuffix("}"), reply.contains(#""pattern":"\#(Self.pattern)""#),
            reply.contains(#""parameters":{"id":"42","ref":"bench"}"#)
        else {
            throw TrialError(
                message: "the daemon's reply to \(request) is not ok with pattern \(Self.pattern): \(reply)")
        }
        // The timed loops compare every reply with this one, byte for byte.
        guard replies[1] == reply else {
            throw TrialError(message: "the daemon answered the same request differently: \(reply) / \(replies[1])")
        }
        print("checked: echo server → the request line; daemon → \(reply)")
        return [echoed, Array(reply.utf8)]
    }

    /// Retries `ping` for up to 10 s until the reply passes `isAnswer`.
    private func waitUntilAnswering(
        _ process: ChildProcess, at path: String, ping: String,
        isAnswer: (String) -> Bool
    ) throws(TrialError) {
        let deadline = nowNanoseconds() + 10_000_000_000
        while nowNanoseconds() < deadline {
            if process.hasExited() {
                throw TrialError(message: "the \(process.name) ended (status \(process.status ?? 0)) before answering")
            }
            if let connection = LineConnection(path: path, timeoutSeconds: 2) {
                let reply = connection.exchange(Array((ping + "\n").utf8)).map { String(decoding: $0, as: UTF8.self) }
                guard let reply, isAnswer(reply) else {
                    throw TrialError(message: "the \(process.name) answered \(ping) with \(reply ?? "nothing")")
                }
                return
            }
            usleep(20_000)
        }
        throw TrialError(message: "the \(process.name) did not answer \(ping) within 10 s")
    }

    /// The paired rounds, then one figure per measure.
    private func measure(sockets: [String], expected: [[UInt8]], processes: [ChildProcess]) throws(TrialError) {
        let request = Array("OPEN \(Self.url)\n".utf8)
        func trial(_ server: Server, clients: Int, seconds: Double) throws(TrialError) -> ClientTrial {
            try ClientTrial.run(
                path: sockets[server.rawValue], clients: clients, request: request,
                expected: expected[server.rawValue], seconds: seconds)
        }
        for clients in Self.clientCounts {
            for server in [Server.echo, .daemon] { _ = try trial(server, clients: clients, seconds: seconds / 2) }
        }
        // [client count][server]: round trips per second, and p50 / p99 in µs.
        var rates = [[[Double]]](repeating: [[], []], count: Self.clientCounts.count)
        var ratios = [[Double]](repeating: [], count: Self.clientCounts.count)
        var p50 = [[Double]](repeating: [], count: 2), p99 = [[Double]](repeating: [], count: 2)
        // [client count][server]: the server's CPU seconds and round trips, over all rounds.
        var cpu = [[Double]](repeating: [0, 0], count: Self.clientCounts.count)
        var roundTrips = [[Int]](repeating: [0, 0], count: Self.clientCounts.count)
        for round in 0..<rounds {
            for (level, clients) in Self.clientCounts.enumerated() {
                for server in round % 2 == 0 ? [Server.echo, .daemon] : [.daemon, .echo] {
                    let before = processes[server.rawValue].cpuSeconds()
                    let result = try trial(server, clients: clients, seconds: seconds)
                    if let before, let after = processes[server.rawValue].cpuSeconds() {
                        cpu[level][server.rawValue] += after - before
                        roundTrips[level][server.rawValue] += result.latencies.count
                    }
                    rates[level][server.rawValue].append(result.perSecond)
                    if level == Self.clientCounts.count - 1 {
                        p50[server.rawValue].append(result.percentileMicroseconds(0.50))
                        p99[server.rawValue].append(result.percentileMicroseconds(0.99))
                    }
                }
                ratios[level].append(rates[level][1][round] / rates[level][0][round])
            }
        }
        for (level, clients) in Self.clientCounts.enumerated() {
            let label = clients == 1 ? "1 client" : "\(clients) clients"
            let ratio = median(ratios[level])
            let range = "\(format(ratios[level].min()!))–\(format(ratios[level].max()!))"
            report.add(
                Figure(
                    name: "echo server: round trips/s, \(label)", routeCount: nil,
                    value: median(rates[level][0]) / 1000, unit: "k/s"))
            report.add(
                Figure(
                    name: "daemon: round trips/s, \(label)", routeCount: nil,
                    value: median(rates[level][1]) / 1000, unit: "k/s",
                    comparison: "daemon ÷ echo, median of \(rounds) paired rounds (range \(range))",
                    ratio: ratio, target: "≥ 0.5× (within 2×)", met: ratio >= 0.5))
            if roundTrips[level][0] > 0 && roundTrips[level][1] > 0 {
                let echo = cpu[level][0] * 1e6 / Double(roundTrips[level][0])
                let daemon = cpu[level][1] * 1e6 / Double(roundTrips[level][1])
                report.add(
                    Figure(name: "echo server: CPU per round trip, \(label)", routeCount: nil, value: echo, unit: "µs"))
                report.add(
                    Figure(
                        name: "daemon: CPU per round trip, \(label)", routeCount: nil, value: daemon, unit: "µs",
                        comparison: "daemon ÷ echo", ratio: daemon / echo))
            }
        }
        let label = "\(Self.clientCounts.last!) clients"
        for (quantile, values) in [("p50", p50), ("p99", p99)] {
            let echo = median(values[0]), daemon = median(values[1])
            report.add(
                Figure(name: "echo server: latency \(quantile), \(label)", routeCount: nil, value: echo, unit: "µs"))
            report.add(
                Figure(
                    name: "daemon: latency \(quantile), \(label)", routeCount: nil, value: daemon, unit: "µs",
                    comparison: "daemon ÷ echo", ratio: daemon / echo))
            print(
                "  (\(quantile) over the rounds: echo \(format(values[0].min()!))–\(format(values[0].max()!)) µs, "
                    + "daemon \(format(values[1].min()!))–\(format(values[1].max()!)) µs)")
        }
    }
}
