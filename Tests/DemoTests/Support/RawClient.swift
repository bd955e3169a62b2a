import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A bare Unix-socket client for poking at the daemon byte by byte.
final class RawClient {
    private(set) var fd: Int32
    private var received: [UInt8] = []

    init(path: String) throws {
        fd = SocketCalls.makeStream()
        guard fd >= 0 else { throw HarnessError("socket: \(errno)") }
        guard let address = SocketCalls.address(path) else { throw HarnessError("path too long") }
        let result = SocketCalls.attach(fd, to: address, connect)
        guard result == 0 else {
            let code = errno
            // deinit runs even though init throws; it closes `fd`, so it must not be closed here too.
            close()
            throw HarnessError("connect to \(path) failed: errno \(code)")
        }
    }

    deinit { close() }

    /// A client of the daemon on `path` once it answers PING, tried for `timeout` seconds; nil
    /// when it never does.
    static func answering(path: String, timeout: Double = 5) -> RawClient? {
        var client: RawClient?
        _ = eventually(timeout: timeout) {
            client = try? RawClient(path: path)
            return (try? client?.request("PING", timeout: 1)) != nil
        }
        return client
    }

    /// Writes all of `bytes`.
    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { SocketCalls.sendBytes(fd, $0.baseAddress! + offset, $0.count - offset) }
            guard sent > 0 else { throw HarnessError("send failed: errno \(errno)") }
            offset += sent
        }
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends `line` plus a newline and reads one reply line.
    func request(_ line: String, timeout: Double = 5) throws -> String {
        try send(line + "\n")
        guard let reply = try readLine(timeout: timeout) else {
            throw HarnessError("EOF instead of a reply to \(line)")
        }
        return reply
    }

    /// The next line without its newline; nil at end of input; throws after `timeout` seconds.
    func readLine(timeout: Double = 5) throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = received.firstIndex(of: 10) {
                let line = String(decoding: received[..<newline], as: UTF8.self)
                received.removeSubrange(...newline)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw HarnessError("no reply line within \(timeout) s") }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(remaining * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 || (count < 0 && errno == ECONNRESET) {
                if received.isEmpty { return nil }
                throw HarnessError("EOF after a partial line: \(String(decoding: received, as: UTF8.self))")
            }
            guard count > 0 else { throw HarnessError("recv failed: errno \(errno)") }
            received += chunk[0..<count]
        }
    }

    /// The next line as a parsed reply; throws at end of input.
    func nextReply(timeout: Double = 5) throws -> ReplyLine {
        guard let line = try readLine(timeout: timeout) else { throw HarnessError("EOF instead of a reply") }
        return try ReplyLine(line)
    }

    /// Whether a reply has arrived that was not read yet; does not wait.
    var hasUnreadBytes: Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return !received.isEmpty || poll(&descriptor, 1, 0) > 0
    }

    /// Reads `count` lines.
    func readLines(_ count: Int, timeout: Double = 10) throws -> [String] {
        try (0..<count).map { index in
            guard let line = try readLine(timeout: timeout) else {
                throw HarnessError("EOF after \(index) of \(count) lines")
            }
            return line
        }
    }

    /// Reads until the daemon closes the connection and returns the lines that came first;
    /// throws if it is still open after `timeout` seconds.
    func waitForClose(timeout: Double = 5) throws -> [String] {
        var lines: [String] = []
        while let line = try readLine(timeout: timeout) { lines.append(line) }
        return lines
    }

    /// Writes `bytes` on another thread while this one reads the replies, then half-closes
    /// when `thenShutdownWrite`; the returned group is left once all of it is written.
    func sendInBackground(_ bytes: [UInt8], thenShutdownWrite: Bool) -> DispatchGroup {
        let group = DispatchGroup()
        let fd = self.fd
        DispatchQueue.global().async(group: group) {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes.withUnsafeBytes {
                    SocketCalls.sendBytes(fd, $0.baseAddress! + offset, $0.count - offset)
                }
                guard sent > 0 else { return }
                offset += sent
            }
            if thenShutdownWrite { shutdown(fd, Int32(SHUT_WR)) }
        }
        return group
    }

    /// Half-closes: the daemon sees end of input but can still reply.
    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    func close() {
        if fd >= 0 { SocketCalls.closeDescriptor(fd) }
        fd = -1
    }
}

/// A parsed reply line.
struct ReplyLine {
    let object: [String: Any]

    init(_ line: String) throws {
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw HarnessError("not a JSON object: \(line)")
        }
        self.object = object
    }

    var ok: Bool { object["ok"] as? Bool ?? false }
    var error: String? { object["error"] as? String }
    var pattern: String? { object["pattern"] as? String }
    var parameters: [String: String] { object["parameters"] as? [String: String] ?? [:] }
}
