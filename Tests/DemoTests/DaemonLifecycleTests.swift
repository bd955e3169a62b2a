import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Daemon lifecycle: socket, permissions, second daemon, stale socket, signals")
struct DaemonLifecycleTests {
    private func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }

    @Test func defaultSocketLivesInA0700DirectoryUnderXDGRuntimeDir() throws {
        let daemon = try RunningDaemon(defaultSocket: true)
        #expect(try mode(of: daemon.directory.path + "/deeplink") == 0o700)
        #expect(try mode(of: daemon.socketPath) == 0o600)
        // send finds the same default socket.
        let sent = try DeepLinkBinary.run(["send", "--ping"], environment: ["XDG_RUNTIME_DIR": daemon.directory.path])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try daemon.stop() == 0)
        #expect(!daemon.socketExists)
    }

    @Test func looseDefaultDirectoryIsTightenedTo0700() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: directory.path + "/deeplink", withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o755])
        let daemon = try RunningDaemon(defaultSocket: true, in: directory)
        #expect(try mode(of: directory.path + "/deeplink") == 0o700)
        _ = try daemon.stop()
    }

    @Test func explicitSocketIsMode0600() throws {
        let daemon = try RunningDaemon()
        #expect(try mode(of: daemon.socketPath) == 0o600)
    }

    @Test func secondDaemonOnTheSameSocketRefusesWithExitStatus4() throws {
        let daemon = try RunningDaemon()
        let second = try DeepLinkBinary.run(["serve", "--socket", daemon.socketPath], timeout: 5)
        #expect(second.status == 4)
        #expect(second.stderr.contains("already running"), "\(second.stderr)")
        #expect(try ReplyLine(daemon.connect().request("PING")).ok, "the first daemon still serves")
    }

    @Test func staleSocketFromAKilledDaemonIsTakenOver() throws {
        let first = try RunningDaemon()
        #expect(try first.stop(SIGKILL) != 0)
        #expect(first.socketExists, "SIGKILL leaves the socket file behind")
        let second = try RunningDaemon(in: first.directory)
        #expect(second.log.contains("stale socket"), "\(second.log)")
        #expect(try ReplyLine(second.connect().request("PING")).ok)
        #expect(try second.stop() == 0)
    }

    @Test func pathThatIsNotASocketIsLeftAloneAndServeFailsWith5() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/d.sock"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        let result = try DeepLinkBinary.run(["serve", "--socket", path], timeout: 5)
        #expect(result.status == 5)
        #expect(result.stderr.contains("not a socket"), "\(result.stderr)")
        #expect(try TextFile.read(path) == "keep me")
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func signalFinishesRequestsInFlightRemovesTheSocketAndExits0(_ signal: Int32) throws {
        let daemon = try RunningDaemon()
        let inFlight = try daemon.connect()
        try inFlight.send("OPEN \(DemoLinks.slow)\n")
        // The loop answers this only after it has read everything sent before it.
        #expect(try ReplyLine(daemon.connect().request("PING")).ok)
        usleep(20_000)
        kill(daemon.process.processIdentifier, signal)
        let reply = try inFlight.nextReply(timeout: 5)
        #expect(reply.ok, "the request in flight was finished")
        #expect(try inFlight.readLine(timeout: 5) == nil, "then the connection is closed")
        #expect(try daemon.stop(signal) == 0)
        #expect(!daemon.socketExists)
        #expect(throws: HarnessError.self) { try daemon.connect() }
    }

    /// A client that never reads holds its replies past the drain's 5 s: the daemon still
    /// exits 0, and its log says what it gave up on rather than dropping it without a word.
    @Test func drainThatRunsOutOfTimeSaysWhatWasLeftAndExits0() throws {
        let daemon = try RunningDaemon()
        let reader = try daemon.connect()
        let batch = Array(String(repeating: "OPEN \(DemoLinks.item)\n", count: 2000).utf8)
        let writer = reader.sendInBackground(batch, thenShutdownWrite: false)
        // It reads one reply, so the daemon has its requests, and no more.
        #expect(try reader.nextReply().ok)
        #expect(try daemon.stop(timeout: 15) == 0)
        #expect(!daemon.socketExists)
        #expect(daemon.log.contains("writing replies to 1 client(s)"), "\(daemon.log.suffix(600))")
        #expect(daemon.log.contains("gave up on 1 client(s)"), "\(daemon.log.suffix(600))")
        reader.close()
        _ = writer.wait(timeout: .now() + 5)
    }

    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "needs root to run a client as another user"))
    func peersOfAnotherUserAreRefusedEvenWhenTheFileModeWouldLetThemIn() throws {
        let daemon = try RunningDaemon()
        chmod(daemon.directory.path, 0o777)
        chmod(daemon.socketPath, 0o666)
        let result = try DeepLinkBinary.run(
            [
                "--reuid=65534", "--regid=65534", "--clear-groups",
                DeepLinkBinary.path, "send", "--json", "--socket", daemon.socketPath,
                "--", DemoLinks.item,
            ], executable: "/usr/bin/setpriv")
        #expect(result.stdout.contains(#""error":"forbidden""#), "\(result.stdout)\(result.stderr)")
        #expect(result.status == 3, "the link was not delivered")
        #expect(result.stderr.contains("was not delivered: the daemon serves only"), "\(result.stderr)")
        #expect(eventually { daemon.log.contains("refused connection from uid=65534") })
    }
}
