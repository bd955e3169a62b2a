#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A reply a handler gave after `open` returned, from another thread, on its way back to the
/// event loop.
struct Completion: Sendable {
    var connectionID: UInt64
    var sequence: UInt64
    /// The URL requested, for the log line.
    var url: String
    var reply: Reply
    /// When the request was received, for the log line.
    var started: MonotonicInstant
}

/// Hands late replies from other threads to the event loop: appended under a lock, then one
/// byte on a wake-up pipe makes `poll` return.
final class CompletionInbox: Sendable {
    private let pending = LockedValue<[Completion]>([])
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

    /// Moves everything queued so far into `taken` (which should be empty; its storage is
    /// handed back for reuse). Clears the wake-up pipe first so no post is missed.
    func take(into taken: inout [Completion]) {
        clearWakeUps()
        pending.withLock { queue in swap(&queue, &taken) }
    }

    /// Reads the wake-up bytes: usually one, since a post only writes when the queue was empty.
    private func clearWakeUps() {
        var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let size = MemoryLayout.size(ofValue: bytes)
        while true {
            let count = withUnsafeMutableBytes(of: &bytes) { read(wakeRead, $0.baseAddress, size) }
            if count == size || (count < 0 && errno == EINTR) { continue }
            return
        }
    }
}

/// One request's reply on its way from the handler's completion to the event loop, while the
/// loop is inside `open`: a reply given before `open` returns (on the loop thread, or on
/// another one that raced it) is kept here for the loop to put in the slot itself; a reply
/// given after that is refused, and the completion posts it to the ``CompletionInbox``.
final class ReplyHandoff: Sendable {
    private enum State: Sendable {
        case routing
        case kept(Reply)
        case returned
    }

    private let state = LockedValue<State>(.routing)

    /// Keeps `reply` for the loop if `open` has not returned yet; false once it has.
    func keep(_ reply: Reply) -> Bool {
        state.withLock { state in
            guard case .routing = state else { return false }
            state = .kept(reply)
            return true
        }
    }

    /// Called by the loop once `open` has returned: the reply kept meanwhile, if any. Every
    /// later ``keep(_:)`` returns false.
    func finishRouting() -> Reply? {
        state.withLock { state in
            defer { state = .returned }
            if case .kept(let reply) = state { return reply }
            return nil
        }
    }
}
