import Glibc
import Synchronization

/// A reply that finished on a routing thread, on its way back to the event loop.
struct Completion: Sendable {
    var connectionID: UInt64
    var sequence: UInt64
    /// The URL requested, for the log line.
    var url: String
    var reply: Reply
    /// When the request was received, for the log line.
    var started: MonotonicInstant
}

/// Hands replies from routing threads to the event loop: appended under a lock, then one byte
/// on a wake-up pipe makes `poll` return.
final class CompletionInbox: Sendable {
    private let pending = Mutex<[Completion]>([])
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// Nil if the wake-up pipe cannot be created.
    init?() {
        guard let pipe = FileDescriptor.makePipe() else { return nil }
        wakeRead = pipe.read
        wakeWrite = pipe.write
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// The descriptor the event loop polls for readability.
    var pollDescriptor: Int32 { wakeRead }

    /// Queues `completion` and wakes the loop. Safe from any thread.
    func post(_ completion: Completion) {
        let wasEmpty = pending.withLock { queue in
            queue.append(completion)
            return queue.count == 1
        }
        if wasEmpty {
            var byte: UInt8 = 1
            // A full pipe (EAGAIN) already guarantees a wake-up, so the result does not matter.
            _ = write(wakeWrite, &byte, 1)
        }
    }

    /// Everything queued so far; clears the wake-up pipe first so no post is missed.
    func take() -> [Completion] {
        FileDescriptor.drain(wakeRead)
        return pending.withLock { queue in
            defer { queue.removeAll() }
            return queue
        }
    }
}
