import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `deeplink serve` started for one test, on a socket in its own temporary directory.
/// Killed on deinit if the test did not stop it.
final class RunningDaemon {
    let directory: TemporaryDirectory
    let socketPath: String
    let process: Process
    private let stderrPath: String

    /// Starts `serve --socket <dir>/d.sock extraArguments…` and waits until it answers PING.
    /// With `defaultSocket`, no `--socket` is passed and `XDG_RUNTIME_DIR` is the directory; with
    /// `descriptorLimit`, a shell lowers the limit of open files (`ulimit -n`) and runs the daemon in its place.
    init(
        _ extraArguments: [String] = [], defaultSocket: Bool = false,
        in directory: TemporaryDirectory? = nil, timeout: Double = 5, descriptorLimit: Int? = nil
    ) throws {
        self.directory = try directory ?? TemporaryDirectory()
        socketPath = defaultSocket ? "\(self.directory.path)/deeplink/daemon.sock" : "\(self.directory.path)/d.sock"
        var arguments = ["serve"] + (defaultSocket ? [] : ["--socket", socketPath]) + extraArguments
        if let descriptorLimit {
            arguments = ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", DeepLinkBinary.path] + arguments
        }
        let started = try DeepLinkBinary.start(
            arguments, directory: self.directory.path,
            name: "serve-\(UInt32.random(in: 0...UInt32.max))", executable: descriptorLimit.map { _ in "/bin/sh" })
        process = started.process
        stderrPath = started.stderr
        try waitUntilAnswering(timeout: timeout)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The daemon's stderr so far.
    var log: String { TextFile.contents(stderrPath) }

    var socketExists: Bool { FileManager.default.fileExists(atPath: socketPath) }

    /// Sends `signal` and waits for the exit status; throws if the daemon outlives `timeout`.
    func stop(_ signal: Int32 = SIGTERM, timeout: Double = 8) throws -> Int32 {
        kill(process.processIdentifier, signal)
        guard DeepLinkBinary.waitForExit(process, timeout: timeout) else {
            throw HarnessError("the daemon ignored signal \(signal) for \(timeout) s\nlog:\n\(log)")
        }
        return process.terminationStatus
    }

    /// Runs `deeplink send --socket <socket> arguments…`.
    func send(_ arguments: [String], timeout: Double = 10) throws -> RunResult {
        try DeepLinkBinary.run(["send", "--socket", socketPath] + arguments, timeout: timeout)
    }

    /// A new raw connection to the daemon.
    func connect() throws -> RawClient {
        try RawClient(path: socketPath)
    }

    private func waitUntilAnswering(timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard process.isRunning else {
                throw HarnessError("serve exited with \(process.terminationStatus) before answering\nlog:\n\(log)")
            }
            if let client = try? RawClient(path: socketPath), (try? client.request("PING", timeout: 1)) != nil {
                return
            }
            usleep(10_000)
        }
        throw HarnessError("serve did not answer PING within \(timeout) s\nlog:\n\(log)")
    }
}
