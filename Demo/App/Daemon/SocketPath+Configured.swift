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
    /// The variable the default socket's directory comes from.
    static let runtimeVariable = "XDG_RUNTIME_DIR"

    var path: String
    /// True when neither `--socket` nor `DEEPLINK_SOCKET` chose the path.
    var isDefault: Bool
    /// What chose the path, as a usage error names it: `--socket`, `DEEPLINK_SOCKET`, or
    /// `XDG_RUNTIME_DIR` for the default.
    var source = ConfiguredSocket.runtimeVariable

    /// The socket for `option` (the `--socket` value, if any) and `environment`.
    /// `notUTF8` names the variables whose bytes were not UTF-8: `environment` holds them
    /// repaired (U+FFFD), which would be another path, so using one is a usage error.
    static func resolve(
        option: String?, environment: [String: String], notUTF8: Set<String> = []
    ) throws(UsageError) -> ConfiguredSocket {
        if let option {
            return try ConfiguredSocket(path: option, isDefault: false, source: "--socket").checked()
        }
        if let variable = environment[environmentVariable], !variable.isEmpty {
            try requireUTF8(environmentVariable, notUTF8)
            guard variable.hasPrefix("/") else {
                throw UsageError(
                    message: "\(environmentVariable) must be an absolute path, got '\(variable)'", topic: nil)
            }
            return try ConfiguredSocket(path: variable, isDefault: false, source: environmentVariable).checked()
        }
        if environment[runtimeVariable]?.hasPrefix("/") == true { try requireUTF8(runtimeVariable, notUTF8) }
        return try ConfiguredSocket(path: SocketPath.defaultPath(environment: environment), isDefault: true).checked()
    }

    private static func requireUTF8(_ name: String, _ notUTF8: Set<String>) throws(UsageError) {
        guard notUTF8.contains(name) else { return }
        throw UsageError(message: "\(name) is not valid UTF-8; give the socket a path that is", topic: nil)
    }

    /// The variables of this process among `names` that are set to bytes that are not UTF-8.
    static func variablesNotUTF8(_ names: [String] = [environmentVariable, runtimeVariable]) -> Set<String> {
        Set(names.filter { name in getenv(name).map { String(validatingCString: $0) == nil } ?? false })
    }
}

extension ConfiguredSocket {
    /// This socket, unless its path names a directory (it ends in `/`, `/.` or `/..`), where
    /// nothing may be made, or holds a character no message could show as it is (a control
    /// character, a line separator, a bidirectional control).
    func checked() throws(UsageError) -> ConfiguredSocket {
        if let unsafe = path.unicodeScalars.first(where: HumanOutput.needsEscaping) {
            throw UsageError(
                message: "\(source) holds the character \(unsafe.escaped(asASCII: true)), which a socket path may not: "
                    + "'\(path)'",
                topic: nil)
        }
        guard path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("/..") else { return self }
        let file = path.hasSuffix("/") ? path + SocketPath.fileName : path + "/" + SocketPath.fileName
        throw UsageError(
            message: "\(source) names a directory, '\(path)'; give the socket's own path, such as '\(file)'",
            topic: nil)
    }

    /// This socket, if its path fits a Unix socket address; else a usage error naming what chose it.
    func fitting() throws(UsageError) -> ConfiguredSocket {
        guard UnixSocketAddress(path: path) == nil else { return self }
        throw UsageError(
            message: "\(source) makes the socket path \(path.utf8.count) bytes long, longer than the "
                + "\(UnixSocketAddress.maxPathLength) a Unix socket takes: '\(path)'",
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
