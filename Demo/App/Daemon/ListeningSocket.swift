#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The daemon's bound, listening socket, and the lock that makes it the only daemon on its path.
///
/// Start-up order: take an exclusive `flock` on `<path>.lock` (held by a live daemon → refuse);
/// if the socket file exists, connect to it (something answers → refuse; `ECONNREFUSED` → a
/// crashed daemon left it: unlink it and take over); then bind with mode 0600 and listen.
/// A path that exists but is not a socket is never removed.
///
/// The `<path>.lock` file stays after every exit: it is empty, the next daemon locks it again,
/// and removing it would let a daemon starting meanwhile lock a file nobody else sees.
///
/// A socket passed by systemd (``adopt(passed:)``) has no lock and is not ours to remove:
/// systemd created its file and keeps listening on it after the daemon exits.
struct ListeningSocket {
    let fd: Int32
    let path: String
    /// True when a stale socket file from a dead daemon was removed.
    let tookOverStaleSocket: Bool
    /// False for a socket passed by systemd, whose file the daemon leaves in place.
    var ownsPath = true
    private var lockFD: Int32 = -1

    /// Binds and listens on `path`.
    static func open(path: String) throws(DaemonError) -> ListeningSocket {
        guard let address = UnixSocketAddress(path: path) else {
            throw .setup("socket path is empty or longer than \(UnixSocketAddress.maxPathLength) bytes: \(path)")
        }
        let lockFD = try acquireLock(path + ".lock", socketPath: path)
        do {
            let tookOver = try removeStaleSocket(path, address: address)
            let fd = try bindAndListen(address, path: path)
            return ListeningSocket(fd: fd, path: path, tookOverStaleSocket: tookOver, lockFD: lockFD)
        } catch {
            close(lockFD)
            throw error
        }
    }

    /// The listening socket systemd passed (see ``SystemdActivation``), served as it is.
    static func adopt(passed fd: Int32) -> ListeningSocket {
        ListeningSocket(
            fd: fd, path: SystemdActivation.boundPath(of: fd) ?? "the socket passed by systemd",
            tookOverStaleSocket: false, ownsPath: false)
    }

    /// Stops accepting: closes the socket, removes its file unless systemd owns it, then
    /// releases the lock, so that a new daemon may start on the path while this one drains.
    mutating func stopListening() {
        close(fd)
        if ownsPath { unlink(path) }
        if lockFD >= 0 { close(lockFD) }
        lockFD = -1
    }

    private static func acquireLock(_ lockPath: String, socketPath: String) throws(DaemonError) -> Int32 {
        let fd = SystemCall.openFile(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw .setup("cannot open lock file \(lockPath): \(FileDescriptor.describe(errno))")
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            close(fd)
            if code == EWOULDBLOCK {
                throw .alreadyRunning(
                    "another deeplink daemon is already running on \(socketPath); not starting a second one")
            }
            throw .setup("cannot lock \(lockPath): \(FileDescriptor.describe(code))")
        }
        return fd
    }

    private static func removeStaleSocket(_ path: String, address: UnixSocketAddress) throws(DaemonError) -> Bool {
        var info = stat()
        if lstat(path, &info) != 0 {
            if errno == ENOENT { return false }
            throw .setup("cannot inspect \(path): \(FileDescriptor.describe(errno))")
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw .setup("\(path) exists and is not a socket; not removing it")
        }
        let probe = UnixSocket.makeStream()
        guard probe >= 0 else { throw .setup("socket: \(FileDescriptor.describe(errno))") }
        let result = UnixSocket.connect(probe, to: address)
        close(probe)
        switch result {
        case 0:
            throw .alreadyRunning("something is already listening on \(path); not starting a second daemon")
        case ECONNREFUSED:
            guard unlink(path) == 0 || errno == ENOENT else {
                throw .setup("cannot remove stale socket \(path): \(FileDescriptor.describe(errno))")
            }
            return true
        default:
            throw .setup("cannot check \(path): \(FileDescriptor.describe(result))")
        }
    }

    private static func bindAndListen(_ address: UnixSocketAddress, path: String) throws(DaemonError) -> Int32 {
        let fd = UnixSocket.makeStream()
        guard fd >= 0 else { throw .setup("socket: \(FileDescriptor.describe(errno))") }
        // The socket file takes its mode from the umask at bind time; 0177 leaves 0600.
        let savedMask = umask(0o177)
        let bound = address.withSockaddr { bind(fd, $0, $1) }
        let bindError = errno
        umask(savedMask)
        guard bound == 0 else {
            close(fd)
            throw .setup("cannot bind \(path): \(FileDescriptor.describe(bindError))")
        }
        guard chmod(path, 0o600) == 0, listen(fd, 128) == 0, FileDescriptor.configure(fd, nonBlocking: true) else {
            let code = errno
            close(fd)
            unlink(path)
            throw .setup("cannot listen on \(path): \(FileDescriptor.describe(code))")
        }
        return fd
    }
}
