#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket `serve` and `send` use: `--socket PATH`, else `$DEEPLINK_SOCKET`, else the default.
///
/// `DEEPLINK_SOCKET` lets programs that start `send` without arguments of ours (a desktop
/// entry's `Exec=` run by `xdg-open`) reach a daemon on another socket. It is ignored when
/// empty and must be an absolute path otherwise.
struct ConfiguredSocket: Equatable {
    /// The environment variable `serve` and `send` read.
    static let environmentVariable = "DEEPLINK_SOCKET"

    var path: String
    /// True when neither `--socket` nor `DEEPLINK_SOCKET` chose the path.
    var isDefault: Bool

    /// The socket for `option` (the `--socket` value, if any) and `environment`.
    static func resolve(option: String?, environment: [String: String]) throws(UsageError) -> ConfiguredSocket {
        if let option { return try ConfiguredSocket(path: option, isDefault: false).namingAFile("--socket") }
        if let variable = environment[environmentVariable], !variable.isEmpty {
            guard variable.hasPrefix("/") else {
                throw UsageError(
                    message: "\(environmentVariable) must be an absolute path, got '\(variable)'", topic: nil)
            }
            return try ConfiguredSocket(path: variable, isDefault: false).namingAFile(environmentVariable)
        }
        return ConfiguredSocket(path: SocketPath.defaultPath(environment: environment), isDefault: true)
    }
}

extension ConfiguredSocket {
    /// This socket, unless its path ends in `/`: a directory, where nothing may be made.
    func namingAFile(_ source: String) throws(UsageError) -> ConfiguredSocket {
        guard path.hasSuffix("/") else { return self }
        throw UsageError(
            message: "\(source) names a directory, '\(path)'; give the socket's own path, such as '\(path)daemon.sock'",
            topic: nil)
    }
}

extension SocketPath {
    /// The directory part of `path` (`.` for a bare file name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Makes sure the directory of an explicitly chosen socket exists: the missing directories
    /// are created with mode 0700, as `mkdir -p -m 0700` would; existing ones are left as they
    /// are. Throws a message that names the directory when it cannot be used.
    static func prepareExplicitDirectory(forSocket path: String) throws(DaemonError) {
        let directory = directory(of: path)
        var missing: [String] = []
        var probe = directory
        while true {
            var info = stat()
            if stat(probe, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw .setup("the socket's directory \(directory) cannot be created: \(probe) is not a directory")
                }
                break
            }
            guard errno == ENOENT || errno == ENOTDIR else {
                throw .setup(
                    "the socket's directory \(directory) cannot be used: \(probe): \(FileDescriptor.describe(errno))")
            }
            missing.append(probe)
            let parent = Self.directory(of: probe)
            guard parent != probe, parent != "." else { break }
            probe = parent
        }
        for created in missing.reversed() {
            if mkdir(created, 0o700) == 0 {
                // mkdir applies the umask; the daemon's directories are exactly 0700.
                _ = chmod(created, 0o700)
            } else if errno != EEXIST {
                throw .setup(
                    "the socket's directory \(directory) does not exist and cannot be created: "
                        + "\(created): \(FileDescriptor.describe(errno))")
            }
        }
    }
}
