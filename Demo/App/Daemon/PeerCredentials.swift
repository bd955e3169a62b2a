import Glibc

/// The process at the other end of a Unix socket, from `SO_PEERCRED`.
struct PeerCredentials {
    // Same layout as Linux's `struct ucred`, which Glibc only exports under _GNU_SOURCE.
    private struct UCred {
        var pid: pid_t = 0
        var uid: uid_t = 0
        var gid: gid_t = 0
    }

    let pid: pid_t
    let uid: uid_t

    /// The peer of connected socket `fd`, or nil if the kernel does not say.
    init?(socket fd: Int32) {
        var credentials = UCred()
        var length = socklen_t(MemoryLayout<UCred>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
              length == socklen_t(MemoryLayout<UCred>.size) else { return nil }
        pid = credentials.pid
        uid = credentials.uid
    }
}
