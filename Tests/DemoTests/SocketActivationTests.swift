import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// systemd socket activation without systemd: the test makes the listening socket, passes it
/// as descriptor 3 with `LISTEN_FDS=1` and `LISTEN_PID`, and keeps it open as systemd would.
@Suite("serve: systemd socket activation (LISTEN_FDS)")
struct SocketActivationTests {
    private func isSocket(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
    }

    @Test func servesThePassedSocketAndLeavesItsFileToSystemdOnSIGTERM() throws {
        let directory = try TemporaryDirectory()
        let passed = try PassedSocket(path: directory.path + "/activated.sock")
        // A link sent before any daemon runs waits in the socket's queue, as with systemd.
        let early = try RawClient(path: passed.path)
        try early.send("OPEN \(DemoLinks.item)\n")

        let daemon = try ActivatedDaemon(passing: passed.fd, directory: directory.path)
        let reply = try early.nextReply(timeout: 10)
        #expect(reply.ok && reply.pattern == DemoLinks.itemPattern, "\(reply.object)\n\(daemon.log)")
        #expect(try ReplyLine(RawClient(path: passed.path).request("PING")).ok)
        let sent = try DeepLinkBinary.run(["send", "--json", "--socket", passed.path, "--", DemoLinks.item])
        #expect(sent.status == 0, "\(sent.stderr)")

        #expect(try daemon.stop() == 0, "\(daemon.log)")
        #expect(isSocket(passed.path), "the socket file belongs to systemd and stays")
        #expect(!FileManager.default.fileExists(atPath: passed.path + ".lock"), "no lock file for a passed socket")
        #expect(
            !FileManager.default.fileExists(atPath: directory.path + "/deeplink"), "the default socket was not used")
        #expect(daemon.log.contains("listening on \(passed.path) (passed by systemd)"), "\(daemon.log)")
        #expect(daemon.log.contains("left \(passed.path) to systemd"), "\(daemon.log)")

        // systemd still listens; the next daemon it starts serves the same socket.
        let waiting = try RawClient(path: passed.path)
        try waiting.send("PING\n")
        let next = try ActivatedDaemon(passing: passed.fd, directory: directory.path)
        #expect(try waiting.nextReply(timeout: 10).ok, "\(next.log)")
        #expect(try next.stop() == 0)
    }

    @Test func variablesForAnotherPidAreIgnored() throws {
        let directory = try TemporaryDirectory()
        let passed = try PassedSocket(path: directory.path + "/activated.sock")
        let own = directory.path + "/own.sock"
        let daemon = try ActivatedDaemon(
            passing: passed.fd, arguments: ["serve", "--socket", own],
            listenPID: String(getpid()), directory: directory.path)
        try daemon.waitUntilAnswering(on: own)
        let stranger = try RawClient(path: passed.path)
        try stranger.send("PING\n")
        #expect(throws: HarnessError.self, "nobody serves the socket meant for another pid") {
            try stranger.readLine(timeout: 0.5)
        }
        #expect(!daemon.log.contains("passed by systemd"), "\(daemon.log)")
        #expect(try daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: own), "its own socket is removed as usual")
    }

    struct BadActivation: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var listenFDs: String
        var passFile: Bool
        var message: String
    }

    @Test(arguments: [
        BadActivation(
            testDescription: "two sockets", listenFDs: "2", passFile: false, message: "exactly one ListenStream"),
        BadActivation(
            testDescription: "a count that is not one", listenFDs: "x", passFile: false, message: "LISTEN_FDS"),
        BadActivation(
            testDescription: "descriptor 3 is a file", listenFDs: "1", passFile: true, message: "not a socket"),
    ])
    func aBrokenActivationIsASetupError(_ testCase: BadActivation) throws {
        let directory = try TemporaryDirectory()
        let passed = try PassedSocket(path: directory.path + "/activated.sock")
        let file = open(directory.path + "/plain", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        defer { close(file) }
        let daemon = try ActivatedDaemon(
            passing: testCase.passFile ? file : passed.fd,
            listenFDs: testCase.listenFDs, directory: directory.path)
        #expect(daemon.waitForExit(timeout: 10) == 5, "\(daemon.log)")
        #expect(daemon.log.contains(testCase.message), "\(daemon.log)")
    }
}
