#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One client of the daemon: its socket, the framing of what it sent, the replies it is owed
/// (kept in request order) and the bytes not yet written back.
final class Connection {
    /// A request awaiting or holding its reply.
    struct Slot {
        var sequence: UInt64
        var url: String?
        var started: MonotonicInstant
        var deadline: MonotonicInstant
        var reply: Reply?
    }

    let id: UInt64
    let fd: Int32
    var framer: LineFramer
    var slots: [Slot] = []
    var nextSequence: UInt64 = 0
    /// Reply bytes not yet written; `outputOffset` of them are already sent.
    var output: [UInt8] = []
    var outputOffset = 0
    /// No more reading: the client closed its side, or the daemon is draining.
    var readClosed = false
    /// A write failed: the client is gone; close as soon as possible.
    var broken = false
    /// Last complete request received or reply bytes written.
    var lastActivity: MonotonicInstant

    init(id: UInt64, fd: Int32, lineLimit: Int, now: MonotonicInstant) {
        self.id = id
        self.fd = fd
        self.framer = LineFramer(limit: lineLimit)
        self.lastActivity = now
    }

    var hasPendingOutput: Bool { outputOffset < output.count }

    /// Done: nothing more will be read, no request is left unanswered, nothing is left to write.
    var isFinished: Bool {
        broken || (readClosed && slots.isEmpty && !hasPendingOutput && !framer.hasUnscannedBytes)
    }

    /// Appends a new request's slot, already answered when `reply` is given.
    func addSlot(url: String?, reply: Reply?, now: MonotonicInstant, timeout: Double) -> UInt64 {
        let sequence = nextSequence
        nextSequence += 1
        slots.append(
            Slot(
                sequence: sequence, url: url, started: now,
                deadline: now.adding(seconds: timeout), reply: reply))
        return sequence
    }

    /// Moves the answered slots at the front into the output buffer, in request order.
    func moveReadyRepliesToOutput() {
        var ready = 0
        while ready < slots.count, let reply = slots[ready].reply {
            reply.appendJSONLine(to: &output)
            ready += 1
        }
        if ready == slots.count {
            slots.removeAll(keepingCapacity: true)
        } else {
            slots.removeFirst(ready)
        }
    }

    /// Writes as much pending output as the socket takes without blocking; marks the
    /// connection broken if the client has gone.
    func flush(now: MonotonicInstant) {
        while hasPendingOutput && !broken {
            let sent = output.withUnsafeBytes { bytes in
                send(fd, bytes.baseAddress! + outputOffset, bytes.count - outputOffset, SocketFlags.send)
            }
            if sent > 0 {
                outputOffset += sent
                lastActivity = now
            } else if sent < 0 && errno == EINTR {
                continue
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                break
            } else {
                broken = true
            }
        }
        if !hasPendingOutput {
            output.removeAll(keepingCapacity: output.capacity <= 64 * 1024)
            outputOffset = 0
        }
    }

    /// The earliest moment something must happen on this connection without any I/O: a
    /// handler timeout, a stalled reader, or an idle client.
    func nextDeadline(idleTimeout: Double) -> MonotonicInstant? {
        var deadline = slots.lazy.filter { $0.reply == nil }.map(\.deadline).min()
        if hasPendingOutput || (slots.isEmpty && !readClosed) {
            let idle = lastActivity.adding(seconds: idleTimeout)
            deadline = deadline.map { min($0, idle) } ?? idle
        }
        return deadline
    }

    /// Writes `reply` straight to the socket, once, without waiting; for a last word before
    /// closing (busy, forbidden, idle timeout).
    static func sendFarewell(_ reply: Reply, to fd: Int32) {
        var line: [UInt8] = []
        reply.appendJSONLine(to: &line)
        _ = line.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, SocketFlags.send | Int32(MSG_DONTWAIT)) }
    }
}
