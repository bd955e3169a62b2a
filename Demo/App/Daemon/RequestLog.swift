/// The event loop's log: lines gathered during one loop turn and handed to stderr together
/// before the loop waits again, through a ``LogWriter`` that never blocks the loop. Used only on
/// the loop thread.
struct RequestLog {
    private var clock = LogClock()
    private var pending: [UInt8] = []
    private let writer = LogWriter()

    /// Adds a line for one request: `conn=3 routed pattern=… url=<redacted…> 0.4ms`, and the
    /// `note` after it if given.
    mutating func request(
        _ connection: UInt64, url: String?, reply: Reply, started: MonotonicInstant,
        note: String? = nil
    ) {
        clock.appendTimestamp(to: &pending)
        pending.append(UInt8(ascii: " "))
        LogLine.appendRequest(
            connection: connection, outcome: reply.outcome, pattern: reply.pattern, url: url,
            milliseconds: MonotonicInstant.now().milliseconds(since: started), to: &pending)
        if let note {
            pending.append(UInt8(ascii: " "))
            pending.append(contentsOf: note.utf8)
        }
        pending.append(UInt8(ascii: "\n"))
    }

    /// Adds a line about the daemon itself (a refused client, a signal, …).
    mutating func note(_ message: String) {
        clock.appendTimestamp(to: &pending)
        pending.append(UInt8(ascii: " "))
        pending.append(contentsOf: message.utf8)
        pending.append(UInt8(ascii: "\n"))
    }

    /// Hands the lines gathered so far to the writer.
    mutating func flush() {
        guard !pending.isEmpty else { return }
        writer.write(pending)
        pending.removeAll(keepingCapacity: pending.capacity <= 64 * 1024)
    }

    /// Writes what is left, waiting at most `seconds` for a reader that stopped reading.
    mutating func finish(seconds: Double = 2) {
        flush()
        writer.drain(seconds: seconds)
    }
}
