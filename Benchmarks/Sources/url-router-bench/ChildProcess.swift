#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A server process the benchmark started (the echo server or the daemon), stopped with
/// SIGTERM at the end. Used from one thread.
final class ChildProcess {
    let name: String
    let pid: pid_t
    /// Once the process has ended and been reaped: its exit status, or -signal if a signal
    /// ended it.
    private(set) var status: Int32?

    private init(name: String, pid: pid_t) {
        self.name = name
        self.pid = pid
    }

    /// Starts `arguments[0]` with `arguments`, this process's environment and, if asked, its
    /// stderr sent to /dev/null. Nil (with the reason printed) if it cannot be started.
    static func spawn(_ name: String, _ arguments: [String], stderrToDevNull: Bool) -> ChildProcess? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stderrToDevNull {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard result == 0 else {
            print("cannot start the \(name) (\(arguments[0])): \(String(cString: strerror(result)))")
            return nil
        }
        return ChildProcess(name: name, pid: pid)
    }

    /// True once the process has ended (it is then reaped and `status` set).
    func hasExited() -> Bool {
        guard status == nil else { return true }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return false }
        // WIFEXITED, WEXITSTATUS and WTERMSIG are macros Swift does not import.
        let signal = raw & 0x7F
        status = signal == 0 ? (raw >> 8) & 0xFF : -signal
        return true
    }

    /// CPU time the process has used so far, all its threads, in seconds (clock-tick
    /// resolution), from `/proc/PID/stat`; nil if it cannot be read.
    func cpuSeconds() -> Double? {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 1024)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let text = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // The command name, field 2, is in parentheses and may hold spaces: count from after it.
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // Fields 14 and 15 (utime, stime) are the 12th and 13th after the name.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Sends SIGTERM (unless it has ended already) and waits up to `seconds` for the process
    /// to end; returns `status`, or nil if it did not end in time (it is then killed).
    func terminate(within seconds: Double) -> Int32? {
        if hasExited() { return status }
        kill(pid, SIGTERM)
        let deadline = nowNanoseconds() + UInt64(seconds * 1e9)
        while nowNanoseconds() < deadline {
            if hasExited() { return status }
            usleep(2000)
        }
        kill(pid, SIGKILL)
        var raw: Int32 = 0
        waitpid(pid, &raw, 0)
        return nil
    }
}

/// The path of the running executable, for re-running it in another mode.
func currentExecutablePath() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments[0] }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A new directory only this user can enter (mode 0700), for the sockets; nil if it cannot be
/// made.
func makePrivateDirectory() -> String? {
    var template = Array("/tmp/url-router-bench-XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else { return nil }
    let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    guard chmod(path, 0o700) == 0 else { return nil }
    return path
}

/// Removes `directory` and the named files in it, if they are still there.
func removeDirectory(_ directory: String, files: [String]) {
    for file in files { unlink(directory + "/" + file) }
    rmdir(directory)
}
