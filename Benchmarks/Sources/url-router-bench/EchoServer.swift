#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The hidden `--echo-server SOCKET` mode: the comparison for the daemon. One thread, one
/// `poll(2)` loop over non-blocking sockets, as the daemon's event loop, but each complete line
/// is written straight back: no parsing, no routing, no other thread, no log.
///
/// Minimal but correct: partial reads keep the unfinished line for later, partial writes keep
/// the rest for `POLLOUT`, any number of clients. A client whose replies pile up unread is no
/// longer read from until they drain; one that sends an endless line is closed. Runs until
/// killed (the benchmark sends SIGTERM).
enum EchoServer {
    /// Unsent bytes past which a client is not read from.
    static let maxPendingOutput = 1 << 20
    /// Unterminated input past which a client is closed.
    static let maxLineLength = 1 << 20

    /// One client: what it sent after its last newline, and echoed bytes not yet written.
    struct Client {
        let fd: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        var outputOffset = 0
        /// The client shut its side: echo what is owed, then close.
        var readClosed = false
        var closed = false

        var pendingOutput: Int { output.count - outputOffset }

        /// Queues every complete line of `input` for writing back.
        mutating func echoCompleteLines() {
            guard let last = input.lastIndex(of: UInt8(ascii: "\n")) else {
                if input.count > EchoServer.maxLineLength { closed = true }
                return
            }
            output.append(contentsOf: input[...last])
            input.removeSubrange(...last)
        }

        /// Writes what the socket takes without blocking.
        mutating func flush() {
            while pendingOutput > 0 {
                let sent = output.withUnsafeBytes { bytes in
                    send(fd, bytes.baseAddress! + outputOffset, bytes.count - outputOffset, Int32(MSG_NOSIGNAL))
                }
                if sent > 0 {
                    outputOffset += sent
                } else if sent < 0 && errno == EINTR {
                    continue
                } else {
                    if sent == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { closed = true }
                    return
                }
            }
            output.removeAll(keepingCapacity: true)
            outputOffset = 0
        }
    }

    static func run(path: String) -> Never {
        signal(SIGPIPE, SIG_IGN)
        let listener = UnixStream.makeSocket(nonBlocking: true)
        guard listener >= 0, let address = UnixStream.address(path),
            UnixStream.withSockaddr(address, { bind(listener, $0, $1) }) == 0, listen(listener, 1024) == 0
        else {
            fatal("cannot listen on \(path): errno \(errno)")
        }
        var clients: [Client] = []
        var descriptors: [pollfd] = []
        var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
            for client in clients {
                var events: Int16 = 0
                if !client.readClosed && client.pendingOutput < maxPendingOutput { events |= Int16(POLLIN) }
                if client.pendingOutput > 0 { events |= Int16(POLLOUT) }
                descriptors.append(pollfd(fd: client.fd, events: events, revents: 0))
            }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                fatal("poll failed: errno \(errno)")
            }
            for index in clients.indices {
                let events = Int32(descriptors[index + 1].revents)
                if events == 0 { continue }
                if events & Int32(POLLIN | POLLHUP | POLLERR) != 0 && !clients[index].readClosed
                    && clients[index].pendingOutput < maxPendingOutput
                {
                    read(into: &clients[index], buffer: &readBuffer)
                }
                if !clients[index].closed && clients[index].pendingOutput > 0 { clients[index].flush() }
                if clients[index].readClosed && clients[index].pendingOutput == 0 { clients[index].closed = true }
            }
            for client in clients where client.closed { close(client.fd) }
            clients.removeAll { $0.closed }
            if descriptors[0].revents != 0 {
                while true {
                    let fd = accept(listener, nil, nil)
                    guard fd >= 0 else { break }
                    guard fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 else {
                        close(fd)
                        continue
                    }
                    clients.append(Client(fd: fd))
                }
            }
        }
    }

    /// One `recv` (the daemon also stops after a short read), then echo and write.
    private static func read(into client: inout Client, buffer: inout [UInt8]) {
        let count = buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            client.input.append(contentsOf: buffer[0..<count])
            client.echoCompleteLines()
        } else if count == 0 {
            client.readClosed = true
        } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
            client.closed = true
        }
    }

    private static func fatal(_ message: String) -> Never {
        let line = "url-router-bench --echo-server: \(message)\n"
        _ = line.utf8CString.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
        exit(1)
    }
}
