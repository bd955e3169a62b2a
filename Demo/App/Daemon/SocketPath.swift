#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the daemon listens when no `--socket` is given, and the checks on its directory.
///
/// The default is `$XDG_RUNTIME_DIR/deeplink/daemon.sock` when `XDG_RUNTIME_DIR` is set to an
/// absolute path, else `/tmp/deeplink-<uid>/daemon.sock`. The `deeplink` directory is created
/// with mode 0700 and must belong to the current user.
enum SocketPath {
    /// The socket file name inside the default directory.
    static let fileName = "daemon.sock"

    /// The default directory for `environment` (usually the process's own).
    static func defaultDirectory(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/deeplink"
        }
        return "/tmp/deeplink-\(geteuid())"
    }

    /// The default socket path for `environment`.
    static func defaultPath(environment: [String: String]) -> String {
        defaultDirectory(environment: environment) + "/" + fileName
    }

    /// Creates the default directory (mode 0700) if needed and checks that it is a real
    /// directory owned by this user; tightens its mode to 0700 if it is looser.
    static func prepareDirectory(_ directory: String) throws(DaemonError) {
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw DaemonError.setup("cannot create \(directory): \(FileDescriptor.describe(errno))")
        }
        var info = stat()
        guard lstat(directory, &info) == 0 else {
            throw DaemonError.setup("cannot inspect \(directory): \(FileDescriptor.describe(errno))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw DaemonError.setup("\(directory) exists and is not a directory; remove it or pass --socket")
        }
        guard info.st_uid == geteuid() else {
            throw DaemonError.setup(
                "\(directory) belongs to uid \(info.st_uid), not to you (uid \(geteuid())); refusing to use it")
        }
        if info.st_mode & 0o077 != 0 && chmod(directory, 0o700) != 0 {
            throw DaemonError.setup("cannot restrict \(directory) to mode 0700: \(FileDescriptor.describe(errno))")
        }
    }
}

/// Why `serve` could not start; each case has its own exit status.
enum DaemonError: Error {
    /// Another daemon holds the socket (exit status 4).
    case alreadyRunning(String)
    /// The socket could not be set up (exit status 5).
    case setup(String)

    var message: String {
        switch self {
        case .alreadyRunning(let text), .setup(let text): text
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .alreadyRunning: .alreadyRunning
        case .setup: .failure
        }
    }
}
