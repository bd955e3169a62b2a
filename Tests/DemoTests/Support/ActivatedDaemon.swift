import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening Unix socket made the way a systemd `.socket` unit makes one; the test keeps it
/// open, as systemd does, while daemons come and go.
final class PassedSocket {
    let path: String
    /// A close-on-exec descriptor above 3, so that handing it to a child as descriptor 3 is a
    /// real `dup2` (which clears close-on-exec on the copy only).
    let fd: Int32

    init(path: String) throws {
        let raw = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard raw >= 0 else { throw HarnessError("socket: errno \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(raw, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(raw, 16) == 0 else {
            close(raw)
            throw HarnessError("cannot listen on \(path): errno \(errno)")
        }
        fd = fcntl(raw, F_DUPFD_CLOEXEC, 10)
        close(raw)
        guard fd >= 0 else { throw HarnessError("F_DUPFD_CLOEXEC: errno \(errno)") }
        self.path = path
    }

    deinit { close(fd) }
}

/// `deeplink serve` started the way systemd starts a socket-activated service: `socket` as
/// descriptor 3, `LISTEN_FDS=1`, and `LISTEN_PID` set to the daemon's own pid by a
/// `sh -c 'export LISTEN_PID=$$; exec …'` wrapper (or to `listenPID` when given).
final class ActivatedDaemon {
    let pid: pid_t
    let stderrPath: String
    private(set) var exitStatus: Int32?

    init(
        passing descriptor: Int32, arguments: [String] = ["serve"], listenPID: String? = nil,
        listenFDs: String = "1", directory: String
    ) throws {
        stderrPath = "\(directory)/activated-\(UInt32.random(in: 0...UInt32.max)).err"
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = directory
        environment["LISTEN_FDS"] = listenFDs
        environment["LISTEN_PID"] = listenPID
        environment["DEEPLINK_SOCKET"] = nil
        let script = listenPID == nil ? #"export LISTEN_PID=$$; exec "$0" "$@""# : #"exec "$0" "$@""#
        let argv = ["/bin/sh", "-c", script, DeepLinkBinary.path] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, descriptor, 3)

        var child: pid_t = 0
        let result = withCStrings(argv) { cArgv in
            withCStrings(envp) { cEnvp in posix_spawn(&child, "/bin/sh", &actions, nil, cArgv, cEnvp) }
        }
        guard result == 0 else { throw HarnessError("posix_spawn failed: \(result)") }
        pid = child
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(timeout: 5)
        }
    }

    /// The daemon's stderr so far.
    var log: String { TextFile.contents(stderrPath) }

    /// The exit status once the process has ended (128 + n for a signal), nil if still running
    /// after `timeout` seconds.
    func waitForExit(timeout: Double) -> Int32? {
        if let exitStatus { return exitStatus }
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                // The WIFEXITED / WEXITSTATUS / WTERMSIG macros, which Swift does not import.
                exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                return exitStatus
            }
            usleep(5_000)
        } while Date() < deadline
        return nil
    }

    /// Sends `signal` and returns the exit status; throws if the daemon outlives `timeout`.
    func stop(_ signal: Int32 = SIGTERM, timeout: Double = 8) throws -> Int32 {
        kill(pid, signal)
        guard let status = waitForExit(timeout: timeout) else {
            throw HarnessError("the daemon ignored signal \(signal) for \(timeout) s\nlog:\n\(log)")
        }
        return status
    }

    /// Waits until the daemon answers PING on `path`.
    func waitUntilAnswering(on path: String, timeout: Double = 5) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let status = waitForExit(timeout: 0) {
                throw HarnessError("serve exited with \(status) before answering\nlog:\n\(log)")
            }
            if let client = try? RawClient(path: path), (try? client.request("PING", timeout: 1)) != nil { return }
            usleep(10_000)
        }
        throw HarnessError("serve did not answer PING within \(timeout) s\nlog:\n\(log)")
    }
}

/// Calls `body` with `strings` as a NULL-terminated array of C strings, as `execve` wants.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
}
