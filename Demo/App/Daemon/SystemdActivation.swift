#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// systemd socket activation: the listening socket a `.socket` unit passes to the service.
///
/// systemd sets `LISTEN_PID` to the service's pid and `LISTEN_FDS` to the number of sockets,
/// which start at descriptor 3 (`SD_LISTEN_FDS_START`). Variables meant for another process
/// (a different `LISTEN_PID`) are ignored. Either way they are removed from the environment,
/// so that no child process takes them for its own.
enum SystemdActivation {
    /// The first passed descriptor, `SD_LISTEN_FDS_START` in `sd-daemon.h`.
    static let firstDescriptor: Int32 = 3
    /// The variables of the protocol, removed after reading.
    static let variables = ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"]

    /// The socket passed to this process, or nil when none was (or it was for another pid).
    /// Throws when sockets were passed to this process but are not one listening Unix stream
    /// socket, which is a mistake in the `.socket` unit.
    static func passedSocket(environment: [String: String], pid: Int32 = getpid()) throws(DaemonError) -> Int32? {
        defer { for name in variables { unsetenv(name) } }
        guard let pidText = environment["LISTEN_PID"], let fdsText = environment["LISTEN_FDS"] else { return nil }
        guard let listenPID = Int32(pidText), listenPID == pid else { return nil }
        guard let count = Int32(fdsText), count > 0 else {
            throw .setup("LISTEN_FDS is '\(fdsText)'; systemd passes a positive count of sockets")
        }
        guard count == 1 else {
            throw .setup("systemd passed \(count) sockets; the .socket unit must have exactly one ListenStream=")
        }
        let fd = firstDescriptor
        try checkListeningUnixStream(fd)
        guard FileDescriptor.configure(fd, nonBlocking: true) else {
            throw .setup("cannot configure the socket passed by systemd: \(FileDescriptor.describe(errno))")
        }
        return fd
    }

    /// The filesystem path `fd` is bound to, for the log; nil for an abstract or unnamed socket.
    static func boundPath(of fd: Int32) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        guard result == 0, Int(length) > pathOffset else { return nil }
        let bytes = withUnsafeBytes(of: &address.sun_path) { raw in
            Array(raw.prefix(Int(length) - pathOffset).prefix { $0 != 0 })
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    private static func checkListeningUnixStream(_ fd: Int32) throws(DaemonError) {
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw .setup("LISTEN_FDS=1 but descriptor \(fd) is not open: \(FileDescriptor.describe(errno))")
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw .setup("LISTEN_FDS=1 but descriptor \(fd) is not a socket")
        }
        guard option(fd, SOL_SOCKET, SO_TYPE) == Int32(SOCK_STREAM.rawValue),
            family(fd) == sa_family_t(AF_UNIX),
            option(fd, SOL_SOCKET, SO_ACCEPTCONN) == 1
        else {
            throw .setup(
                "the socket passed by systemd is not a listening Unix stream socket; "
                    + "the .socket unit needs ListenStream=<path> and Accept=no")
        }
    }

    private static func family(_ fd: Int32) -> sa_family_t? {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return result == 0 ? address.ss_family : nil
    }

    private static func option(_ fd: Int32, _ level: Int32, _ name: Int32) -> Int32? {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(fd, level, name, &value, &length) == 0 ? value : nil
    }
}
