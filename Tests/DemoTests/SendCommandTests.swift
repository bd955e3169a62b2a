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

@Suite("deeplink send: the daemon's client")
struct SendCommandTests {
    @Test func routedURLPrintsTheReplyAndExits0() throws {
        let daemon = try RunningDaemon()
        let json = try daemon.send(["--json", "--", DemoLinks.item])
        #expect(json.status == 0)
        #expect(try ReplyLine(json.stdout.trimmingCharacters(in: .newlines)).pattern == DemoLinks.itemPattern)
        let human = try daemon.send([DemoLinks.item])
        #expect(human.status == 0)
        #expect(human.stdout.contains("pattern     \(DemoLinks.itemPattern)"), "\(human.stdout)")
        // Spaces around the URL are no part of it, for the daemon as for what send prints.
        let spaced = try daemon.send(["  \(DemoLinks.item) "])
        #expect(spaced.status == 0 && spaced.stdout.hasPrefix("routed \(DemoLinks.item)\n"), "\(spaced.stdout)")
    }

    @Test(arguments: [DemoLinks.notFound, DemoLinks.internalOnly, DemoLinks.foreignScheme])
    func notFoundOrRefusedExits1(_ url: String) throws {
        let daemon = try RunningDaemon()
        let result = try daemon.send(["--json", url])
        #expect(result.status == 1)
        #expect(try ReplyLine(result.stdout.trimmingCharacters(in: .newlines)).ok == false)
    }

    @Test func noDaemonExits3() throws {
        let directory = try TemporaryDirectory()
        let result = try DeepLinkBinary.run(["send", "--socket", directory.path + "/none.sock", DemoLinks.item])
        #expect(result.status == 3)
        #expect(result.stderr.contains("no daemon is listening"), "\(result.stderr)")
        let ping = try DeepLinkBinary.run(["send", "--ping"], environment: ["XDG_RUNTIME_DIR": directory.path])
        #expect(ping.status == 3)
        #expect(ping.stderr.contains("no daemon is listening"), "\(ping.stderr)")
        #expect(ping.stderr.contains("Start the daemon:"), "\(ping.stderr)")
        #expect(!ping.stderr.contains("did not answer"), "\(ping.stderr)")
    }

    // Any timeout --timeout takes is one, down to the smallest (a zero socket timeout would
    // mean waiting forever).
    @Test(arguments: ["0.5", "0.0000001", "1e-9"])
    func daemonThatNeverAnswersExits3AfterTheTimeout(_ timeout: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/mute.sock"
        let listener = try MuteListener(path: path)
        let started = Date()
        let result = try DeepLinkBinary.run(["send", "--timeout", timeout, "--socket", path, DemoLinks.item])
        #expect(result.status == 3)
        #expect(result.stderr.contains("did not answer"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 5)
        withExtendedLifetime(listener) {}
    }

    @Test func daemonThatTricklesAReplyWithoutEndingItExits3AfterTheTimeout() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/trickle.sock"
        let listener = try TricklingListener(path: path)
        defer { listener.stop() }
        let result = try DeepLinkBinary.run(["send", "--timeout", "0.5", "--socket", path, DemoLinks.item])
        #expect(result.status == 3)
        #expect(result.stderr.contains("did not answer within 0.5 s"), "\(result.stderr)")
        #expect(result.stderr.contains("The link \(DemoLinks.item) may not have been delivered."), "\(result.stderr)")
        #expect(!result.stderr.contains("was not delivered"), "\(result.stderr)")
    }

    /// A path where no socket can be (a file, a directory, a path under a file) is said to be
    /// one, without the advice to start a daemon there, which would fail on the same path.
    @Test(arguments: [("file", "is not a socket"), ("dir", "is not a socket"), ("file/sub", "is not a directory")])
    func aPathThatCannotBeASocketIsNamedAsSuch(path: String, problem: String) throws {
        let directory = try TemporaryDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory.path + "/file"))
        try FileManager.default.createDirectory(atPath: directory.path + "/dir", withIntermediateDirectories: false)
        let result = try DeepLinkBinary.run(["send", "--socket", directory.path + "/" + path, DemoLinks.item])
        #expect(result.status == 3)
        #expect(result.stderr.contains(problem + ": no daemon can listen there"), "\(result.stderr)")
        #expect(result.stderr.contains("The link \(DemoLinks.item) was not delivered."), "\(result.stderr)")
        #expect(!result.stderr.contains(" serve"), "no advice to start a daemon there: \(result.stderr)")
    }

    /// A daemon that does not answer in time may still route the link: `send` must not call it
    /// undelivered, or the user opens it again and it runs twice.
    @Test func aSendThatTimesOutDoesNotCallTheLinkUndelivered() throws {
        let daemon = try RunningDaemon()
        let link = "account://session/refresh"  // its handler completes 0.25 s later
        let result = try daemon.send(["--timeout", "0.05", link])
        #expect(result.status == 3)
        #expect(result.stderr.contains("The link \(link) may not have been delivered."), "\(result.stderr)")
        #expect(!result.stderr.contains("was not delivered"), "\(result.stderr)")
        #expect(
            eventually { daemon.log.contains("routed pattern=\(link)") },
            "the daemon routed it after all: \(daemon.log)")
    }

    /// A daemon whose queue of connections is full never takes the connection: nothing of the
    /// link was sent, so it was not delivered, and the daemon's log has nothing to tell.
    @Test func aConnectionTheDaemonNeverAcceptsLeavesTheLinkUndelivered() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/full.sock"
        let listener = try MuteListener(path: path, backlog: 0)
        let queued = try listener.fillBacklog()
        let result = try DeepLinkBinary.run(["send", "--timeout", "0.3", "--socket", path, DemoLinks.item])
        #expect(result.status == 3)
        #expect(result.stderr.contains("did not accept the connection"), "\(result.stderr)")
        #expect(result.stderr.contains("The link \(DemoLinks.item) was not delivered."), "\(result.stderr)")
        #expect(!result.stderr.contains("may not have been delivered"), "\(result.stderr)")
        withExtendedLifetime((listener, queued)) {}
    }

    /// A daemon that closed the connection as idle (`--idle-timeout`) before the request line
    /// arrived took nothing: the link was not delivered (status 3), it was not refused (status 1).
    @Test func anIdleTimeoutReplyLeavesTheLinkUndelivered() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/idle.sock"
        let farewell = #"{"ok":false,"error":"idle_timeout","message":"no complete request for 0.001 s; closing"}"#
        let listener = try OneReplyListener(path: path, reply: Array((farewell + "\n").utf8))
        let result = try DeepLinkBinary.run(["send", "--socket", path, DemoLinks.item])
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("The link \(DemoLinks.item) was not delivered"), "\(result.stderr)")
        withExtendedLifetime(listener) {}
    }

    /// A daemon at its client limit answers `busy` and takes nothing: the link is not
    /// delivered, as when no daemon answers.
    @Test func busyDaemonLeavesTheLinkUndeliveredAndExits3() throws {
        let daemon = try RunningDaemon()
        // Each place taken, and served once so that it is known to be taken.
        let clients = try (0..<256).map { _ in
            let client = try daemon.connect()
            _ = try client.request("PING")
            return client
        }
        let result = try daemon.send(["--", DemoLinks.item])
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("busy"), "\(result.stderr)")
        #expect(result.stderr.contains("The link \(DemoLinks.item) was not delivered"), "\(result.stderr)")
        let json = try daemon.send(["--json", "--", DemoLinks.item])
        #expect(json.status == 3)
        #expect(try ReplyLine(json.stdout.trimmingCharacters(in: .newlines)).error == "busy", "\(json.stdout)")
        #expect(try daemon.send(["--ping"]).status == 3)
        withExtendedLifetime(clients) {}
        #expect(!daemon.log.contains("url="), "no link was routed")
    }
}

/// A Unix socket that accepts connections and never says a word.
final class MuteListener {
    private let fd: Int32
    private let address: sockaddr_un

    init(path: String, backlog: Int32 = 8) throws {
        fd = SocketCalls.makeStream()
        guard let address = SocketCalls.address(path) else { throw HarnessError("path too long: \(path)") }
        self.address = address
        let bound = SocketCalls.attach(fd, to: address, bind)
        guard bound == 0, listen(fd, backlog) == 0 else { throw HarnessError("cannot listen on \(path)") }
    }

    deinit { close(fd) }

    /// Connects non-blocking clients until the listen queue takes no more; returns them (to close).
    func fillBacklog() throws -> [RawDescriptor] {
        var queued: [RawDescriptor] = []
        while queued.count < 1024 {
            let client = RawDescriptor(SocketCalls.makeStream())
            _ = fcntl(client.fd, F_SETFL, fcntl(client.fd, F_GETFL) | O_NONBLOCK)
            if SocketCalls.attach(client.fd, to: address, connect) != 0 { return queued }
            queued.append(client)
        }
        throw HarnessError("the listen queue never filled")
    }
}

/// A Unix socket that accepts one connection, writes `reply` byte for byte and closes it: at
/// once, as a daemon closing an idle connection does, or after reading the client's request.
final class OneReplyListener: Sendable {
    private let fd: Int32

    init(path: String, reply: [UInt8], afterRequest: Bool = false) throws {
        fd = SocketCalls.makeStream()
        guard let address = SocketCalls.address(path) else { throw HarnessError("path too long: \(path)") }
        let bound = SocketCalls.attach(fd, to: address, bind)
        guard bound == 0, listen(fd, 8) == 0 else { throw HarnessError("cannot listen on \(path)") }
        Thread { [fd] in
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            if afterRequest {
                var request = [UInt8](repeating: 0, count: 4096)
                _ = request.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            }
            _ = SocketCalls.sendBytes(client, reply, reply.count)
            close(client)
        }.start()
    }

    deinit {
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
    }
}

/// A descriptor closed on deinit.
final class RawDescriptor {
    let fd: Int32
    init(_ fd: Int32) { self.fd = fd }
    deinit { close(fd) }
}

/// A Unix socket that accepts one connection and answers it with a reply that never ends:
/// one byte every 50 ms, never a newline.
final class TricklingListener: Sendable {
    private let fd: Int32
    private let stopped = Atomic<Bool>(false)

    init(path: String) throws {
        fd = SocketCalls.makeStream()
        guard let address = SocketCalls.address(path) else { throw HarnessError("path too long: \(path)") }
        let bound = SocketCalls.attach(fd, to: address, bind)
        guard bound == 0, listen(fd, 8) == 0 else { throw HarnessError("cannot listen on \(path)") }
        Thread { [self] in trickle() }.start()
    }

    deinit { close(fd) }

    /// Ends the reply and wakes a pending accept.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        shutdown(fd, Int32(SHUT_RDWR))
    }

    private func trickle() {
        let client = accept(fd, nil, nil)
        guard client >= 0 else { return }
        defer { close(client) }
        var byte = UInt8(ascii: "{")
        while !stopped.load(ordering: .relaxed) && SocketCalls.sendBytes(client, &byte, 1) == 1 {
            usleep(50_000)
        }
    }
}
