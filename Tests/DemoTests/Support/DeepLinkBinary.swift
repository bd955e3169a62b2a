import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A test failure with a message, thrown by the helpers so a broken daemon fails a test
/// instead of hanging it.
struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// What a finished `deeplink` run printed and returned.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The built `deeplink` executable and ways to run it.
enum DeepLinkBinary {
    /// The binary: `$DEEPLINK_BINARY`, else next to the test bundle (both live in the build
    /// directory), else `<package>/.build/debug/deeplink`.
    static let path: String = {
        if let override = ProcessInfo.processInfo.environment["DEEPLINK_BINARY"] { return override }
        #if os(Linux)
        let testBundle = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        #else
        // Darwin: the tests run as an `.xctest` bundle inside the build directory.
        let testBundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundlePath ?? ""
        #endif
        var directory = URL(fileURLWithPath: testBundle).deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("deeplink").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appendingPathComponent(".build/debug/deeplink").path
    }()

    /// Starts `deeplink arguments…` with stdout and stderr going to files in `directory`.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], directory: String,
        name: String, executable: String? = nil
    ) throws -> (process: Process, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? path)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["XDG_RUNTIME_DIR"] = directory
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let stdoutPath = "\(directory)/\(name).out", stderrPath = "\(directory)/\(name).err"
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, stdoutPath, stderrPath)
    }

    /// Runs `deeplink arguments…` to completion, at most `timeout` seconds (then it is killed
    /// and the call throws). `XDG_RUNTIME_DIR` points into a fresh temporary directory unless
    /// `environment` says otherwise. `executable` runs another program instead (a wrapper).
    static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: Double = 10,
        executable: String? = nil
    ) throws -> RunResult {
        let scratch = try TemporaryDirectory()
        let started = try start(
            arguments, environment: environment, directory: scratch.path, name: "run",
            executable: executable)
        guard waitForExit(started.process, timeout: timeout) else {
            kill(started.process.processIdentifier, SIGKILL)
            started.process.waitUntilExit()
            throw HarnessError("deeplink \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        return RunResult(
            status: started.process.terminationStatus,
            stdout: TextFile.contents(started.stdout),
            stderr: TextFile.contents(started.stderr))
    }

    /// Waits for `process` to end; false if it is still running after `timeout` seconds.
    static func waitForExit(_ process: Process, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { return false }
            usleep(5_000)
        }
        // isRunning turns false once the process is reaped; the status is then final.
        process.waitUntilExit()
        return true
    }
}

/// A fresh directory under /tmp, short enough for socket paths, removed on deinit.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/dlt-XXXXXX".utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw HarnessError("mkdtemp failed: \(errno)")
        }
        path = String(cString: created)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
