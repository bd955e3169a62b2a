#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Unix stream socket calls shared by the benchmark's clients and its echo server.
enum UnixStream {
    /// A filled-in `sockaddr_un` for `path`, or nil if the path is empty or does not fit.
    static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return address
    }

    /// A new close-on-exec stream socket, non-blocking if asked, or -1.
    static func makeSocket(nonBlocking: Bool = false) -> Int32 {
        var type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        if nonBlocking { type |= Int32(SOCK_NONBLOCK.rawValue) }
        return socket(AF_UNIX, type, 0)
    }

    /// Calls `body` with `address` as a `sockaddr` pointer and its length.
    static func withSockaddr<R>(_ address: sockaddr_un, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        withUnsafePointer(to: address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}

/// One client connection doing synchronous round trips: write a request line, read the reply
/// line. Blocking, with a receive and send timeout so that a stuck server fails the run
/// instead of hanging it. Used by one thread at a time.
final class LineConnection {
    /// The longest reply line accepted.
    static let maxLineLength = 64 * 1024

    let fd: Int32
    /// Bytes read; `buffer[0..<filled]` are valid.
    private var buffer = [UInt8](repeating: 0, count: 4096)
    private var filled = 0

    /// Connects to `path`; nil (errno set) if that fails.
    init?(path: String, timeoutSeconds: Int = 10) {
        guard let address = UnixStream.address(path) else { return nil }
        fd = UnixStream.makeSocket()
        guard fd >= 0 else { return nil }
        var limit = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        while UnixStream.withSockaddr(address, { connect(fd, $0, $1) }) != 0 {
            if errno == EINTR { continue }
            let saved = errno
            close(fd)
            errno = saved
            return nil
        }
    }

    deinit { close(fd) }

    /// Sends `request` (which ends in a newline) and returns the reply line without its
    /// newline, or nil if the server closed, timed out or sent more than one line.
    func exchange(_ request: [UInt8]) -> [UInt8]? {
        guard let end = transact(request) else { return nil }
        defer { filled = 0 }
        return Array(buffer[0..<end])
    }

    /// Sends `request` and tells whether the reply line is exactly `expected`; allocates nothing.
    func roundTrip(_ request: [UInt8], expecting expected: [UInt8]) -> Bool {
        guard let end = transact(request) else { return false }
        defer { filled = 0 }
        return end == expected.count
            && buffer.withUnsafeBytes { reply in
                expected.withUnsafeBytes { memcmp(reply.baseAddress!, $0.baseAddress!, end) == 0 }
            }
    }

    /// Writes all of `request`, then reads until a newline; returns the newline's index.
    private func transact(_ request: [UInt8]) -> Int? {
        var offset = 0
        while offset < request.count {
            let sent = request.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
            } else if !(sent < 0 && errno == EINTR) {
                return nil
            }
        }
        var scanned = 0
        while true {
            if let newline = buffer[scanned..<filled].firstIndex(of: UInt8(ascii: "\n")) {
                // A synchronous client is owed exactly one line per request.
                return newline + 1 == filled ? newline : nil
            }
            scanned = filled
            if filled == buffer.count {
                guard buffer.count < Self.maxLineLength else { return nil }
                buffer.append(contentsOf: repeatElement(0, count: buffer.count))
            }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + filled, $0.count - filled, 0) }
            if count > 0 {
                filled += count
            } else if !(count < 0 && errno == EINTR) {
                return nil
            }
        }
    }
}
