import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A throwaway desktop session for the freedesktop tools: its own `HOME`, `XDG_DATA_HOME`,
/// `XDG_CONFIG_HOME` and (empty) system directories, so that nothing of the machine's own
/// settings takes part, and `DISPLAY` set as in a graphical session, which makes `xdg-open`
/// use the `x-scheme-handler` default.
final class DesktopSession {
    /// The tools the desktop test drives, and the Debian packages that have them.
    static let tools = [
        "desktop-file-validate": "desktop-file-utils", "update-desktop-database": "desktop-file-utils",
        "xdg-mime": "xdg-utils", "xdg-open": "xdg-utils",
    ]

    let root: TemporaryDirectory
    let environment: [String: String]

    var applications: String { root.path + "/data/applications" }

    /// `extra` is added to the session's environment (a `DEEPLINK_SOCKET`, say).
    init(extra: [String: String] = [:]) throws {
        root = try TemporaryDirectory()
        for directory in ["home", "data/applications", "config", "system"] {
            try FileManager.default.createDirectory(
                atPath: root.path + "/" + directory, withIntermediateDirectories: true)
        }
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": root.path + "/home",
            "XDG_DATA_HOME": root.path + "/data", "XDG_CONFIG_HOME": root.path + "/config",
            "XDG_DATA_DIRS": root.path + "/system", "XDG_CONFIG_DIRS": root.path + "/system",
            "XDG_RUNTIME_DIR": root.path, "DISPLAY": ":0",
        ]
        for (key, value) in extra { environment[key] = value }
        self.environment = environment
    }

    /// The absolute path of `tool` on `PATH`, or nil.
    static func locate(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs `executable arguments…` with the session's environment only; at most `timeout` seconds.
    func run(_ executable: String, _ arguments: [String], timeout: Double = 20) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let name = "\(root.path)/tool-\(UInt32.random(in: 0...UInt32.max))"
        _ = FileManager.default.createFile(atPath: name + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: name + ".err", contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: name + ".out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: name + ".err"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        guard DeepLinkBinary.waitForExit(process, timeout: timeout) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw HarnessError("\(executable) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        return RunResult(
            status: process.terminationStatus,
            stdout: TextFile.contents(name + ".out"),
            stderr: TextFile.contents(name + ".err"))
    }
}
