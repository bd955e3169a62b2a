#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A filled-in `sockaddr_un` for a filesystem path.
struct UnixSocketAddress {
    /// The longest path `sun_path` can hold, without its terminating NUL.
    static let maxPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    private var storage = sockaddr_un()

    /// Nil when `path` is empty or longer than ``maxPathLength`` bytes.
    init?(path: String) {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maxPathLength else { return nil }
        storage.sun_family = sa_family_t(AF_UNIX)
        #if canImport(Darwin)
        storage.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
        #endif
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
    }

    /// Calls `body` with the address as a `sockaddr` pointer and its length.
    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}

/// The socket calls the daemon and the client share.
enum UnixSocket {
    /// A new `AF_UNIX` stream socket, close-on-exec and never raising `SIGPIPE`, or -1.
    static func makeStream() -> Int32 {
        #if os(Linux)
        #if canImport(Glibc)
        let closeOnExec = Int32(SOCK_CLOEXEC.rawValue)
        #else
        let closeOnExec = SOCK_CLOEXEC
        #endif
        return socket(AF_UNIX, SocketFlags.stream | closeOnExec, 0)
        #else
        // Darwin has no SOCK_CLOEXEC: FD_CLOEXEC is set just after (the Demo starts no
        // processes, so nothing can inherit the socket in between).
        let fd = socket(AF_UNIX, SocketFlags.stream, 0)
        guard fd >= 0 else { return -1 }
        guard fcntl(fd, F_SETFD, FD_CLOEXEC) == 0, SocketFlags.suppressSigpipe(fd) else {
            let code = errno
            close(fd)
            errno = code
            return -1
        }
        return fd
        #endif
    }

    /// Connects `fd` to `address`, retrying on EINTR; returns 0 or the errno.
    static func connect(_ fd: Int32, to address: UnixSocketAddress) -> Int32 {
        while true {
            let result = address.withSockaddr { SystemCall.connectSocket(fd, $0, $1) }
            if result == 0 { return 0 }
            if errno != EINTR { return errno }
        }
    }
}
