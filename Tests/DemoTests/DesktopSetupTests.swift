import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The desktop setup of `Demo/README.md`, followed as a new user would, in a fresh home
/// directory: the install commands `deeplink desktop-entry` prints, then `xdg-open` of a
/// `shop://` link, which must reach the running daemon. Needs the freedesktop tools.
@Suite("Desktop setup: the documented steps make a clicked link reach the daemon")
struct DesktopSetupTests {
    static let tools = ["sh", "xdg-mime", "xdg-open", "update-desktop-database"]
    static let toolsInstalled = tools.allSatisfy { tool in
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    /// Fails, never skips, without the tools: `.ci/run` installs them.
    @Test func theInstallStepsMakeXdgOpenHandAShopLinkToTheDaemon() throws {
        try #require(Self.toolsInstalled, "needs \(Self.tools.joined(separator: ", ")) (xdg-utils, desktop-file-utils)")
        let home = try TemporaryDirectory()
        let daemon = try RunningDaemon(defaultSocket: true)
        let binDirectory = URL(fileURLWithPath: DeepLinkBinary.path).deletingLastPathComponent().path
        var environment = ProcessInfo.processInfo.environment
        // A fresh account in a plain X session: no desktop environment for xdg-open to defer to.
        for name in [
            "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CURRENT_DESKTOP", "DESKTOP_SESSION",
            "KDE_FULL_SESSION", "GNOME_DESKTOP_SESSION_ID", "WAYLAND_DISPLAY", "BROWSER",
        ] {
            environment[name] = nil
        }
        environment["HOME"] = home.path
        environment["PATH"] = binDirectory + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["XDG_RUNTIME_DIR"] = daemon.directory.path
        environment["DISPLAY"] = ":0"

        let entry = try DeepLinkBinary.run(["desktop-entry"])
        let install = entry.stdout.split(separator: "\n").filter { $0.hasPrefix("#   ") }.map { $0.dropFirst(4) }
        #expect(install.first == "mkdir -p ~/.local/share/applications", "\(entry.stdout)")
        let installed = try Self.shell("set -e\n" + install.joined(separator: "\n"), environment: environment)
        #expect(installed.status == 0, "\(installed.output)")

        let handler = try Self.shell("xdg-mime query default x-scheme-handler/shop", environment: environment)
        #expect(handler.output == "deeplink.desktop\n")
        let opened = try Self.shell("xdg-open 'shop://item/42?ref=desktop'", environment: environment)
        #expect(opened.status == 0, "\(opened.output)")

        let expected = "routed pattern=shop://item/:id<int> url=shop://item/42?ref=<redacted>"
        #expect(eventually { daemon.log.contains(expected) }, "\(daemon.log)")
    }

    /// Runs `script` with `/bin/sh -c` in `environment`; stdout and stderr together.
    static func shell(_ script: String, environment: [String: String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
