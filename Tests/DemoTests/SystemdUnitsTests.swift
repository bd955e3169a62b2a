import Foundation
import Testing

@Suite("deeplink systemd-units and send without a daemon")
struct SystemdUnitsTests {
    /// The binary's resolved path, as `/proc/self/exe` gives it to the commands.
    private var binary: String {
        URL(fileURLWithPath: DeepLinkBinary.path).resolvingSymlinksInPath().path
    }

    @Test func printsBothUnitsWithTheAbsoluteBinaryAndHowToEnableThem() throws {
        let result = try DeepLinkBinary.run(["systemd-units"])
        #expect(result.status == 0)
        let text = result.stdout
        for expected in [
            "[Socket]", "ListenStream=%t/deeplink/daemon.sock", "SocketMode=0600", "DirectoryMode=0700",
            "WantedBy=sockets.target", "[Service]", "ExecStart=\(binary) serve", "Requires=deeplink.socket",
            "systemctl --user daemon-reload && systemctl --user enable --now deeplink.socket",
            "\(binary) systemd-units --socket-unit > ~/.config/systemd/user/deeplink.socket",
        ] {
            #expect(text.contains(expected), "missing \(expected) in:\n\(text)")
        }
    }

    @Test func theSocketUnitListensWhereSendLooksByDefault() throws {
        let directory = try TemporaryDirectory()
        let unit = try DeepLinkBinary.run(["systemd-units", "--socket-unit"]).stdout
        let listen = try #require(unit.split(separator: "\n").first { $0.hasPrefix("ListenStream=") })
        let path = listen.dropFirst("ListenStream=".count).replacingOccurrences(of: "%t", with: directory.path)
        // A daemon on the default socket for XDG_RUNTIME_DIR=directory answers there.
        let daemon = try RunningDaemon(defaultSocket: true, in: directory)
        #expect(daemon.socketPath == path)
        #expect(try ReplyLine(RawClient(path: path).request("PING")).ok)
    }

    @Test(arguments: [("--socket-unit", "[Socket]", "[Service]"), ("--service-unit", "[Service]", "[Socket]")])
    func eachUnitAlone(_ option: String, _ present: String, _ absent: String) throws {
        let result = try DeepLinkBinary.run(["systemd-units", option])
        #expect(result.status == 0)
        #expect(result.stdout.contains(present) && !result.stdout.contains(absent), "\(result.stdout)")
    }

    @Test func bothSelectionsAtOnceAreAUsageError() throws {
        #expect(try DeepLinkBinary.run(["systemd-units", "--socket-unit", "--service-unit"]).status == 2)
    }

    @Test func sendWithNoDaemonOnTheDefaultSocketSaysTheLinkWasLostAndHowToStartOne() throws {
        let directory = try TemporaryDirectory()
        let result = try DeepLinkBinary.run(["send", DemoLinks.item], environment: ["XDG_RUNTIME_DIR": directory.path])
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        for expected in [
            "no daemon is listening on \(directory.path)/deeplink/daemon.sock",
            "The link \(DemoLinks.item) was not delivered.",
            "  \(binary) serve &", "  \(binary) systemd-units",
        ] {
            #expect(result.stderr.contains(expected), "missing \(expected) in:\n\(result.stderr)")
        }
    }

    /// Without `XDG_RUNTIME_DIR` the default socket is under /tmp, where systemd's socket
    /// unit (in `%t`) never listens: the advice does not offer it.
    @Test func withoutARuntimeDirectoryTheAdviceOffersNoSystemdUnits() throws {
        let result = try DeepLinkBinary.run(["send", "--ping"], environment: ["XDG_RUNTIME_DIR": ""])
        try #require(result.status == 3, "a daemon really listens on the /tmp default: \(result.stderr)")
        #expect(result.stderr.contains("no daemon is listening on /tmp/deeplink-\(geteuid())/daemon.sock"))
        #expect(result.stderr.contains("  \(binary) serve &"), "\(result.stderr)")
        #expect(!result.stderr.contains("systemd-units"), "\(result.stderr)")
    }

    /// The advice names the socket, quoted for the shell when it holds a space.
    @Test(arguments: [("other.sock", false), ("my sockets/d.sock", true)])
    func sendWithNoDaemonOnAnotherSocketNamesItInTheServeCommand(_ name: String, quoted: Bool) throws {
        let directory = try TemporaryDirectory()
        let socket = directory.path + "/" + name
        let result = try DeepLinkBinary.run(["send", "--socket", socket, DemoLinks.item])
        #expect(result.status == 3)
        let shown = quoted ? "'\(socket)'" : socket
        #expect(result.stderr.contains("  \(binary) serve --socket \(shown) &"), "\(result.stderr)")
    }
}
