import Dispatch
import Synchronization

/// A one-shot slot a reply is put into from any thread and waited for on another.
final class ReplyBox: Sendable {
    private let value = Mutex<Reply?>(nil)
    private let filled = DispatchSemaphore(value: 0)

    /// Stores `reply` unless one is already there.
    func fill(_ reply: Reply) {
        let isFirst = value.withLock { current in
            guard current == nil else { return false }
            current = reply
            return true
        }
        if isFirst { filled.signal() }
    }

    /// The reply, waiting up to `timeout` seconds for it.
    func wait(timeout: Double) -> Reply? {
        _ = filled.wait(timeout: .now() + timeout)
        return value.withLock { $0 }
    }
}
