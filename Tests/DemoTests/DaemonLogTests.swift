import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The daemon's log never holds up its clients, and says what it could not do for them.
@Suite("Daemon log: a stalled reader and requests that never ran")
struct DaemonLogTests {
    /// A log reader that stops reading (a paused pager, a terminal after Ctrl-S) fills the pipe;
    /// the daemon still answers every client and still stops on SIGTERM.
    @Test func aStderrReaderThatStopsReadingHoldsUpNoClient() throws {
        let directory = try TemporaryDirectory()
        let socket = "\(directory.path)/d.sock"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DeepLinkBinary.path)
        process.arguments = ["serve", "--socket", socket]
        let unread = Pipe()  // never read: once it holds 64 KiB, every write to it blocks
        process.standardError = unread
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            withExtendedLifetime(unread) {}
        }
        let client = try #require(RawClient.answering(path: socket))
        // Each request logs a line: 4,000 of them are far more than the pipe holds.
        try client.send(String(repeating: "PING\n", count: 4000))
        #expect(try client.readLines(4000, timeout: 30).count == 4000)
        let other = try RawClient(path: socket)
        #expect(try ReplyLine(other.request("PING", timeout: 5)).ok, "another client is answered")
        kill(process.processIdentifier, SIGTERM)
        #expect(DeepLinkBinary.waitForExit(process, timeout: 10), "SIGTERM stops it")
        #expect(process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    /// A client that sends many requests and hangs up without reading leaves requests never run;
    /// the log says how many, counting those the daemon had not read from the socket yet: every
    /// request is either run or counted.
    @Test func requestsOfAClientThatHungUpAreCountedInTheLog() throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        try client.send(String(repeating: "OPEN \(DemoLinks.item)\n", count: 2000))
        client.close()
        _ = eventually(timeout: 10) { daemon.log.contains("were never run") }
        let note = daemon.log.split(separator: "\n").first { $0.contains("were never run") }
        let count = note.flatMap { line in
            line.range(of: "closed: ").flatMap { Int(line[$0.upperBound...].prefix(while: \.isNumber)) }
        }
        let ran = daemon.log.split(separator: "\n").filter { $0.contains("routed pattern=") }.count
        #expect(count.map { $0 > 0 && ran + $0 == 2000 } == true, "ran \(ran); \(note.map(String.init) ?? daemon.log)")
    }
}

extension DaemonLogTests {
    /// Out of file descriptors, the daemon says so once, not at every retry, and says when it
    /// accepts again.
    @Test func runningOutOfDescriptorsIsLoggedOnce() throws {
        let directory = try TemporaryDirectory()
        let socket = "\(directory.path)/d.sock"
        let started = try DeepLinkBinary.start(
            ["-c", "ulimit -n 24 && exec \"$0\" serve --socket \"$1\"", DeepLinkBinary.path, socket],
            directory: directory.path, name: "serve", executable: "/bin/sh")
        defer {
            if started.process.isRunning { kill(started.process.processIdentifier, SIGKILL) }
        }
        let first = try #require(RawClient.answering(path: socket), "\(TextFile.contents(started.stderr))")
        var clients = [first]
        for _ in 0..<30 { clients.append(try RawClient(path: socket)) }
        usleep(1_500_000)  // fifteen retries
        let failures = TextFile.contents(started.stderr).components(separatedBy: "accept failed").count - 1
        #expect(failures == 1, "\(TextFile.contents(started.stderr))")
        clients.removeAll()
        let late = try RawClient(path: socket)
        #expect(try ReplyLine(late.request("PING")).ok)
        #expect(eventually { TextFile.contents(started.stderr).contains("accepting again") })
    }
}
