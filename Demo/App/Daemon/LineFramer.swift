/// Cuts a byte stream into newline-terminated request lines, at most `limit` bytes each.
///
/// A line that grows past the limit is reported once as ``Event/overlong`` and the rest of it,
/// up to and including its newline, is discarded; the lines after it are read normally. Bytes
/// after the last newline wait for more input: an unterminated line is never a request.
struct LineFramer {
    enum Event: Equatable {
        /// A complete line, without its `\n`.
        case line([UInt8])
        /// A line longer than the limit; it produces no request.
        case overlong
    }

    /// The most bytes a line may hold before its `\n`, not counting a `\r` just before it.
    let limit: Int

    private var buffer: [UInt8] = []
    private var head = 0
    private var scanned = 0
    private var discarding = false

    init(limit: Int) {
        self.limit = limit
    }

    /// True when bytes of an unfinished line are waiting (or being discarded).
    var hasPartialLine: Bool { head < buffer.count || discarding }

    /// True when bytes are buffered that ``next()`` has not looked at yet: they may hold
    /// complete lines.
    var hasUnscannedBytes: Bool { scanned < buffer.count }

    /// How many complete lines wait, not yet returned by ``next()``; the rest of a line being
    /// discarded is none.
    var waitingLineCount: Int {
        max(0, buffer[head...].count { $0 == UInt8(ascii: "\n") } - (discarding ? 1 : 0))
    }

    /// Adds bytes read from the socket.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if head > 0 && head == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            head = 0
            scanned = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete line or overlong notice, or nil until more bytes arrive.
    mutating func next() -> Event? {
        while true {
            guard let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) else {
                scanned = buffer.count
                if discarding {
                    consume(upTo: buffer.count)
                    return nil
                }
                if buffer.count - head > limit + 1 {  // room for a `\r` before the `\n`
                    consume(upTo: buffer.count)
                    discarding = true
                    return .overlong
                }
                return nil
            }
            let line = Array(buffer[head..<newline])
            consume(upTo: newline + 1)
            if discarding {
                discarding = false
                continue
            }
            return line.count - (line.last == UInt8(ascii: "\r") ? 1 : 0) > limit ? .overlong : .line(line)
        }
    }

    private mutating func consume(upTo end: Int) {
        head = end
        scanned = max(scanned, end)
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 4 * limit)
            head = 0
            scanned = 0
        } else if head > 4096 && head * 2 > buffer.count {
            buffer.removeSubrange(0..<head)
            scanned -= head
            head = 0
        }
    }
}
