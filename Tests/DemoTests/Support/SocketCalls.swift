#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls of the test clients, spelt once for Glibc, Musl and Darwin. Named apart
/// from the C functions because ``RawClient`` has `send` and `close` methods of its own.
enum SocketCalls {
    /// A new `AF_UNIX` stream socket, close-on-exec and never raising `SIGPIPE`, or -1.
    static func makeStream() -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #elseif os(Linux)
        let fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)
        #else
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        if fd >= 0 {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            var on: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        #endif
        return fd
    }

    /// `address` for `path`, or nil when the path does not fit.
    static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        #if canImport(Darwin)
        address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
        #endif
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes + [0]) }
        return address
    }

    /// `connect(2)` or `bind(2)` (`call`) of `fd` to `address`: 0, or -1 with `errno` set.
    static func attach(
        _ fd: Int32, to address: sockaddr_un,
        _ call: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                call(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// `send(2)` that yields `EPIPE`, not `SIGPIPE`, when the peer is gone.
    static func sendBytes(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if os(Linux)
        send(fd, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        send(fd, bytes, count, 0)
        #endif
    }

    static func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }
}
