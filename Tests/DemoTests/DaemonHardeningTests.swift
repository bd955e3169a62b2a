import Foundation
import Testing

@testable import DeepLinkApp

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Daemon start-up, log and output hardening")
struct DaemonHardeningTests {
    /// `deeplink serve >&- 2>&- &`: with descriptors 1 and 2 closed, the signal pipe becomes
    /// (1, 2), the log is written into the pipe, and the loop reads it as signals.
    @Test(arguments: [">&- 2>&-", "<&- 2>&-"])
    func daemonStartedWithClosedStandardDescriptorsKeepsServing(_ redirections: String) throws {
        let directory = try TemporaryDirectory()
        let socket = directory.path + "/d.sock"
        let started = try DeepLinkBinary.start(
            ["-c", "exec \"$0\" serve --socket \"$1\" \(redirections)", DeepLinkBinary.path, socket],
            directory: directory.path, name: "serve", executable: "/bin/sh")
        defer { if started.process.isRunning { kill(started.process.processIdentifier, SIGKILL) } }
        var ping = try DeepLinkBinary.run(["send", "--ping", "--socket", socket])
        for _ in 0..<100 where ping.status != 0 && started.process.isRunning {
            usleep(20_000)
            ping = try DeepLinkBinary.run(["send", "--ping", "--socket", socket])
        }
        #expect(started.process.isRunning, "serve exited with \(started.process.terminationStatus)")
        #expect(ping.status == 0, "\(ping.stderr)")
    }

    /// A socket path longer than `sun_path` can never be served: `serve` says so, naming the
    /// option that chose it, before it creates any of the path's missing directories.
    @Test func aSocketPathTooLongLeavesNoDirectoriesBehind() throws {
        let directory = try TemporaryDirectory()
        let longDirectory = directory.path + "/" + String(repeating: "d", count: 120)
        let result = try DeepLinkBinary.run(["serve", "--socket", longDirectory + "/d.sock"], timeout: 5)
        #expect(result.status == 5)
        #expect(
            result.stderr.contains("--socket makes the socket path \(longDirectory.utf8.count + 7) bytes long"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: longDirectory), "serve created \(longDirectory)")
    }

    /// The default socket's path comes from `XDG_RUNTIME_DIR`: too long for `sun_path`, `serve` names the variable
    /// and makes no directory; a directory it cannot make is named with the variable it came from.
    @Test func aDefaultSocketPathNamesXDGRuntimeDir() throws {
        let directory = try TemporaryDirectory()
        let long = directory.path + "/" + String(repeating: "y", count: 100)
        try FileManager.default.createDirectory(atPath: long, withIntermediateDirectories: false)
        let tooLong = try DeepLinkBinary.run(["serve"], environment: ["XDG_RUNTIME_DIR": long], timeout: 5)
        #expect(tooLong.status == 5)
        #expect(tooLong.stderr.contains("XDG_RUNTIME_DIR makes the socket path"), "\(tooLong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: long + "/deeplink"), "serve created \(long)/deeplink")
        let missing = directory.path + "/missing"
        let unmade = try DeepLinkBinary.run(["serve"], environment: ["XDG_RUNTIME_DIR": missing], timeout: 5)
        #expect(unmade.status == 5)
        #expect(unmade.stderr.contains("(from XDG_RUNTIME_DIR='\(missing)')"), "\(unmade.stderr)")
    }

    /// The router reads the same host, user-info included, from `https:me:pw@host`,
    /// `https:/me:pw@host` and `https://me:pw@host`; the log redacts the last form only.
    @Test(arguments: [
        "https:me:secret@shop.example.com/item/42",
        "https:/me:secret@shop.example.com/item/42",
        "//me:secret@shop.example.com/item/42",
    ])
    func userInfoIsRedactedWhateverTheSlashes(_ url: String) throws {
        #expect(!LogLine.redacted(url).contains("secret"), "\(LogLine.redacted(url))")
        let daemon = try RunningDaemon()
        _ = try daemon.connect().request("OPEN \(url)")
        _ = try daemon.stop()
        #expect(!daemon.log.contains("secret"), "\(daemon.log)")
    }

    /// A link's values reach the terminal with their control characters written out: no escape
    /// code, no forged line.
    @Test(arguments: [
        "shop://item/42?ref=%0A%20%20result%20%20%20%20%20%20%1B%5B31mforged",
        "shop://item/42?ref=%E2%80%AEemoh%C2%85x",
    ])
    func humanOutputShowsControlCharactersWrittenOut(_ url: String) throws {
        let result = try DeepLinkBinary.run(["open", url])
        #expect(result.status == 0, "\(result.stderr)")
        let forbidden = result.stdout.unicodeScalars.filter {
            ($0.properties.generalCategory == .control && $0 != "\n") || $0.properties.isBidiControl
        }
        #expect(forbidden.isEmpty, "\(result.stdout.debugDescription)")
        #expect(result.stdout.split(separator: "\n").count == 4, "\(result.stdout)")
    }

    /// A link padded with Unicode spaces (U+2003) or hiding characters that show as nothing (U+200B) cannot pass for
    /// other fields of the log line or of the output: they are escaped, so the URL stays one token.
    @Test(arguments: [
        "foo://x\u{2003}200.0ms\u{2003}2026-11-30T03:28:00.000Z\u{2003}conn=999\u{2003}routed\u{2003}pattern=account://x",
        "shop://car\u{200B}t\u{A0}\u{3000}x\u{2062}y",
    ])
    func unicodeSpacesAndInvisibleCharactersCannotForgeFields(_ url: String) throws {
        let hidden: (Unicode.Scalar) -> Bool = {
            $0.properties.generalCategory == .spaceSeparator && $0 != " " || $0 == "\u{200B}" || $0 == "\u{2062}"
        }
        let daemon = try RunningDaemon()
        let reply = try daemon.connect().request("OPEN \(url)")
        _ = try daemon.stop()
        #expect(!reply.unicodeScalars.contains(where: hidden), "\(reply)")
        let line = try #require(daemon.log.split(separator: "\n").first { $0.contains("url=") })
        #expect(!line.unicodeScalars.contains(where: hidden), "\(line)")
        #expect(line.split(separator: " ").count == 6, "\(line)")  // time, conn, outcome, pattern, url, duration
        let shown = try DeepLinkBinary.run(["open", url])
        #expect(
            !shown.stdout.unicodeScalars.contains(where: hidden) && !shown.stderr.unicodeScalars.contains(where: hidden)
        )
    }
}
