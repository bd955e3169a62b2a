import Foundation

/// A value that is only read and written under an `NSLock`.
///
/// ```swift
/// let pending = LockedValue<[Int]>([])
/// pending.withLock { $0.append(1) }
/// ```
///
/// Not `Synchronization.Mutex`: on Linux it locks with priority-inheritance futexes that
/// ThreadSanitizer does not model, so a contended lock is reported as a data race and fails
/// the sanitizer run (the library's own lock is a pthread mutex for the same reason).
///
/// `@unchecked Sendable`: `value` is only touched between `lock()` and `unlock()`, and `Value`
/// is `Sendable`.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
