#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket constants and options that differ between Linux and Darwin.
enum SocketFlags {
    /// `SOCK_STREAM` as the `Int32` that `socket(2)` takes: Glibc imports it as an enum case,
    /// Musl and Darwin as a number.
    static var stream: Int32 {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        SOCK_STREAM
        #endif
    }

    /// Flags for every `send`: on Linux `MSG_NOSIGNAL`, so a vanished peer gives `EPIPE`
    /// rather than `SIGPIPE`. Darwin has no such flag: ``UnixSocket/makeStream()`` sets the
    /// socket's `SO_NOSIGPIPE` instead, and the daemon ignores `SIGPIPE` for the sockets it
    /// accepts.
    static var send: Int32 {
        #if os(Linux)
        Int32(MSG_NOSIGNAL)
        #else
        0
        #endif
    }

    /// Darwin: sets `SO_NOSIGPIPE` on `fd`. Linux: nothing to do (``send`` has `MSG_NOSIGNAL`).
    @discardableResult
    static func suppressSigpipe(_ fd: Int32) -> Bool {
        #if canImport(Darwin)
        var on: Int32 = 1
        return setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size)) == 0
        #else
        return true
        #endif
    }
}
