import Foundation

/// Whether `condition` holds within `timeout` seconds, checked every 5 ms: for what the daemon
/// does after its reply, such as its log, which a thread of its own writes.
///
/// ```swift
/// #expect(eventually { daemon.log.contains("routed pattern=") }, "\(daemon.log)")
/// ```
func eventually(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline { return false }
        usleep(5_000)
    }
    return true
}
