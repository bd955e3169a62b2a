#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process at the other end of a Unix socket: from `SO_PEERCRED` on Linux, from
/// `getpeereid` and `LOCAL_PEERPID` on Darwin.
struct PeerCredentials {
    #if os(Linux)
    // Same layout as Linux's `struct ucred`, which Glibc only exports under _GNU_SOURCE.
    private struct UCred {
        var pid: pid_t = 0
        var uid: uid_t = 0
        var gid: gid_t = 0
    }
    #endif

    let pid: pid_t
    let uid: uid_t

    /// The peer of connected socket `fd`, or nil if the kernel does not say.
    init?(socket fd: Int32) {
        #if os(Linux)
        var credentials = UCred()
        var length = socklen_t(MemoryLayout<UCred>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
            length == socklen_t(MemoryLayout<UCred>.size)
        else { return nil }
        pid = credentials.pid
        uid = credentials.uid
        #elseif canImport(Darwin)
        var user = uid_t()
        var group = gid_t()
        var process = pid_t()
        var length = socklen_t(MemoryLayout<pid_t>.size)
        guard getpeereid(fd, &user, &group) == 0,
            getsockopt(fd, SOL_LOCAL, LOCAL_PEERPID, &process, &length) == 0
        else { return nil }
        pid = process
        uid = user
        #else
        // No way to ask this platform's kernel: every peer is unknown, and so refused.
        return nil
        #endif
    }
}
