#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why `send` got no reply; every case ends in exit status 3.
struct ClientError: Error {
    /// Where the request stopped, which decides the advice `send` gives.
    enum Kind {
        /// A daemon may have taken the request and not answered (or failed in another way).
        case noAnswer
        /// Nothing listens on the socket (no file, or nobody accepting on it).
        case notListening
        /// A daemon listens but took no connection in time (its queue is full): nothing was sent.
        case notAccepted
        /// The socket or its directory is closed to this user: nothing was sent.
        case permissionDenied
        /// The path cannot be a socket (a regular file, a directory, a path under a file): no
        /// daemon could listen there, so starting one on it is no advice.
        case notASocket
        /// No connection was made for another reason (no socket, a symbolic link loop): nothing
        /// was sent.
        case notConnected
    }

    var message: String
    var kind = Kind.noAnswer
}

/// A blocking client for one request: connect, write one line, read one line. Connecting and
/// writing each wait at most `timeout`; the reply must be complete `timeout` after the request
/// is written, however slowly its bytes come.
struct DaemonClient {
    /// The longest reply line accepted.
    static let maxReplyLength = 1 << 20

    let path: String
    let timeout: Double

    /// Sends `line` (a newline is added) and returns the reply line without its newline.
    func request(_ line: String) throws(ClientError) -> String {
        guard let address = UnixSocketAddress(path: path) else {
            throw ClientError(
                message: "socket path is empty or longer than \(UnixSocketAddress.maxPathLength) bytes: \(path)",
                kind: .notConnected)
        }
        let fd = UnixSocket.makeStream()
        guard fd >= 0 else {
            throw ClientError(message: "socket: \(FileDescriptor.describe(errno))", kind: .notConnected)
        }
        defer { close(fd) }
        setTimeouts(fd)
        let connected = UnixSocket.connect(fd, to: address)
        switch connected {
        case 0: break
        case ENOENT, ECONNREFUSED, ENOTDIR:
            if connected == ENOTDIR || Self.isOtherThanASocket(path) {
                let what = connected == ENOTDIR ? "a part of \(path) is not a directory" : "\(path) is not a socket"
                throw ClientError(message: what + ": no daemon can listen there", kind: .notASocket)
            }
            throw ClientError(message: "no daemon is listening on \(path)", kind: .notListening)
        case EAGAIN, EWOULDBLOCK, EINPROGRESS:
            throw ClientError(
                message: "the daemon on \(path) did not accept the connection within \(SecondsFormat.text(timeout))",
                kind: .notAccepted)
        case EACCES, EPERM:
            throw ClientError(
                message: "permission denied on \(path): the socket belongs to another user or its directory "
                    + "is closed to you",
                kind: .permissionDenied)
        default:
            throw ClientError(
                message: "cannot connect to \(path): \(FileDescriptor.describe(connected))", kind: .notConnected)
        }
        do {
            try writeAll(fd, Array((line + "\n").utf8))
        } catch {
            // The daemon may have answered and closed before taking the whole request (a
            // refused peer, a busy daemon): its reply is still waiting to be read.
            if let reply = try? readLine(fd) { return reply }
            throw error
        }
        return try readLine(fd)
    }

    /// Whether something other than a socket is at `path`.
    private static func isOtherThanASocket(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFSOCK
    }

    private func setTimeouts(_ fd: Int32) {
        // A zero timeval means no timeout at all: a timeout under a microsecond is one microsecond.
        let microseconds = max(1, Int((timeout * 1_000_000).rounded(.up)))
        // `.init`: the fields are Int on Linux, tv_usec is Int32 on Darwin.
        var limit = timeval(tv_sec: .init(microseconds / 1_000_000), tv_usec: .init(microseconds % 1_000_000))
        let size = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, size)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, size)
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(ClientError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, SocketFlags.send) }
            if sent > 0 {
                offset += sent
            } else if sent < 0 && errno == EINTR {
                continue
            } else {
                throw ClientError(
                    message: "the daemon on \(path) stopped taking the request: \(FileDescriptor.describe(errno))")
            }
        }
    }

    private var noAnswer: ClientError {
        ClientError(message: "the daemon on \(path) did not answer within \(SecondsFormat.text(timeout))")
    }

    private func readLine(_ fd: Int32) throws(ClientError) -> String {
        let deadline = MonotonicInstant.now().adding(seconds: timeout)
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            // The socket's receive timeout bounds each wait, not the whole reply: a daemon that
            // sends a byte now and then must not hold the link forever.
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let waited = poll(&ready, 1, Int32(MonotonicInstant.now().milliseconds(until: deadline)))
            if waited < 0 && errno == EINTR { continue }
            if waited == 0 { throw noAnswer }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                reply += chunk[0..<count]
                if let newline = reply.firstIndex(of: UInt8(ascii: "\n")) {
                    return String(decoding: reply[..<newline], as: UTF8.self)
                }
                guard reply.count <= Self.maxReplyLength else {
                    throw ClientError(message: "the daemon's reply is longer than \(Self.maxReplyLength) bytes")
                }
            } else if count == 0 {
                throw ClientError(message: "the daemon on \(path) closed the connection without replying")
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                throw noAnswer
            } else {
                throw ClientError(message: "reading the reply failed: \(FileDescriptor.describe(errno))")
            }
        }
    }
}
