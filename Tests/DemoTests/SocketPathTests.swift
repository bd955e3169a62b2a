import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("serve and send: which socket, its directory and its lock file")
struct SocketPathTests {
    private func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }

    /// A socket path that ends in `/` names a directory: a usage error, and nothing (no lock
    /// file) is made in that directory.
    @Test(arguments: [["serve"], ["send", "shop://cart"], ["send", "--ping"]])
    func aSocketPathEndingInASlashIsAUsageError(_ command: [String]) throws {
        let directory = try TemporaryDirectory()
        let given = directory.path + "/"
        for (arguments, environment) in [
            (command + ["--socket", given], [:]), (command, ["DEEPLINK_SOCKET": given]),
        ] {
            let result = try DeepLinkBinary.run(arguments, environment: environment, timeout: 5)
            #expect(result.status == 2, "\(arguments) \(environment): \(result.stderr)")
            #expect(result.stderr.contains("names a directory, '\(given)'"), "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }

    @Test func missingDirectoriesOfAnExplicitSocketAreCreatedWithMode0700() throws {
        let directory = try TemporaryDirectory()
        let socket = directory.path + "/no/such/dir/d.sock"
        let started = try DeepLinkBinary.start(["serve", "--socket", socket], directory: directory.path, name: "serve")
        defer { if started.process.isRunning { kill(started.process.processIdentifier, SIGKILL) } }
        let ping = try DeepLinkBinary.run(["send", "--ping", "--socket", socket, "--timeout", "2"])
        var answered = ping.status == 0
        for _ in 0..<200 where !answered && started.process.isRunning {
            usleep(20_000)
            answered = try DeepLinkBinary.run(["send", "--ping", "--socket", socket]).status == 0
        }
        let log = TextFile.contents(started.stderr)
        try #require(answered, "serve did not come up:\n\(log)")
        for created in ["/no", "/no/such", "/no/such/dir"] {
            #expect(try mode(of: directory.path + created) == 0o700, "\(created)")
        }
        kill(started.process.processIdentifier, SIGTERM)
        #expect(DeepLinkBinary.waitForExit(started.process, timeout: 8))
        #expect(started.process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: socket))
        // The lock file stays after a clean exit, as `serve --help` says.
        #expect(FileManager.default.fileExists(atPath: socket + ".lock"))
        #expect(try mode(of: socket + ".lock") == 0o600)
    }

    @Test func aDirectoryThatCannotBeCreatedIsNamedAndServeExits5() throws {
        let directory = try TemporaryDirectory()
        try Data().write(to: URL(fileURLWithPath: directory.path + "/file"))
        let result = try DeepLinkBinary.run(["serve", "--socket", directory.path + "/file/sub/d.sock"], timeout: 5)
        #expect(result.status == 5)
        #expect(result.stderr.contains("\(directory.path)/file/sub"), "\(result.stderr)")
        #expect(result.stderr.contains("\(directory.path)/file is not a directory"), "\(result.stderr)")
        #expect(!result.stderr.contains("lock file"), "\(result.stderr)")
    }

    @Test func helpSaysWhatHappensToTheLockFileAndTheMissingDirectory() throws {
        let help = try DeepLinkBinary.run(["serve", "--help"]).stdout
        #expect(help.contains("PATH.lock"))
        #expect(help.contains("stays after every exit"))
        #expect(help.contains("do not exist are created with mode 0700"))
        #expect(help.contains("DEEPLINK_SOCKET"))
    }

    @Test func deeplinkSocketIsHonouredByServeAndSend() throws {
        let directory = try TemporaryDirectory()
        let socket = directory.path + "/env/d.sock"
        let environment = ["DEEPLINK_SOCKET": socket]
        let started = try DeepLinkBinary.start(
            ["serve"], environment: environment, directory: directory.path, name: "serve")
        defer { if started.process.isRunning { kill(started.process.processIdentifier, SIGKILL) } }
        var sent = try DeepLinkBinary.run(["send", "--json", "--", DemoLinks.item], environment: environment)
        for _ in 0..<200 where sent.status == 3 && started.process.isRunning {
            usleep(20_000)
            sent = try DeepLinkBinary.run(["send", "--json", "--", DemoLinks.item], environment: environment)
        }
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(FileManager.default.fileExists(atPath: socket))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/deeplink"), "not the default socket")
        // --socket wins over the variable.
        let other = try DeepLinkBinary.run(
            ["send", "--ping", "--socket", directory.path + "/none.sock"],
            environment: environment)
        #expect(other.status == 3)
        kill(started.process.processIdentifier, SIGTERM)
        #expect(DeepLinkBinary.waitForExit(started.process, timeout: 8))
    }

    @Test(arguments: [["serve"], ["send", "--ping"]])
    func aRelativeDeeplinkSocketIsAUsageError(_ arguments: [String]) throws {
        let result = try DeepLinkBinary.run(arguments, environment: ["DEEPLINK_SOCKET": "relative/d.sock"], timeout: 5)
        #expect(result.status == 2)
        #expect(result.stderr.contains("DEEPLINK_SOCKET must be an absolute path"), "\(result.stderr)")
    }
}
