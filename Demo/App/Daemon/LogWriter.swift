import Dispatch
import Synchronization

/// Writes the daemon's log to stderr on a thread of its own, so that a reader that stops reading
/// (a paused pager, a terminal after Ctrl-S, a stalled journal) never stops the event loop:
/// requests are still answered and signals still handled. At most ``limit`` bytes wait; past
/// that a batch of lines is dropped, and the next line written says how many were.
///
/// ```swift
/// let writer = LogWriter()
/// writer.write(Array("2025-11-22T04:48:00.123Z conn=3 routed …\n".utf8))   // returns at once
/// writer.drain(seconds: 2)                                                // at exit
/// ```
final class LogWriter: Sendable {
    /// The most bytes that wait for a slow reader.
    static let limit = 1 << 20

    private let queue = DispatchQueue(label: "deeplink.log")
    private let waiting = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)

    /// Queues `bytes` (whole lines) for stderr, or drops them when ``limit`` bytes already wait. Never blocks.
    func write(_ bytes: [UInt8]) {
        guard waiting.add(bytes.count, ordering: .relaxed).newValue <= Self.limit else {
            waiting.subtract(bytes.count, ordering: .relaxed)
            dropped.add(1, ordering: .relaxed)
            return
        }
        queue.async { [self] in
            reportDropped()
            LogLine.writeToStderr(bytes)
            waiting.subtract(bytes.count, ordering: .relaxed)
        }
    }

    /// Waits at most `seconds` for the queued lines to be written: at exit, a reader that
    /// stopped reading cannot keep the daemon running.
    func drain(seconds: Double) {
        let done = DispatchSemaphore(value: 0)
        queue.async { [self] in
            reportDropped()
            done.signal()
        }
        _ = done.wait(timeout: .now() + seconds)
    }

    private func reportDropped() {
        let lost = dropped.exchange(0, ordering: .relaxed)
        if lost > 0 { LogLine.write("\(lost) batch(es) of log lines dropped: stderr was not being read") }
    }
}
