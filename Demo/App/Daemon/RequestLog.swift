/// The event loop's log: lines gathered during one loop turn and written to stderr together,
/// in one `write`, before the loop waits again. Used only on the loop thread.
struct RequestLog {
    private var clock = LogClock()
    private var pending: [UInt8] = []

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

    /// Writes the lines gathered so far.
    mutating func flush() {
        guard !pending.isEmpty else { return }
        LogLine.writeToStderr(pending)
        pending.removeAll(keepingCapacity: pending.capacity <= 64 * 1024)
    }
}
