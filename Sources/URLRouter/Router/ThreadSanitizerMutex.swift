#if URLROUTER_TSAN_LOCK
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Compiled only with `-Xswiftc -DURLROUTER_TSAN_LOCK`, for `swift test --sanitize=thread`.
//
// On Linux, ThreadSanitizer cannot see `Synchronization.Mutex` hand the lock from one thread to
// another under contention: the hand-off happens inside an uninstrumented futex call, so every
// contended `withLock` looks like a race on the state it protects. This alias shadows `Mutex`
// inside the module with a lock on `pthread_mutex_t`, which ThreadSanitizer intercepts, so
// that whatever it reports is real. Release and ordinary debug builds never see this file.
typealias Mutex<Value> = ThreadSanitizerMutex<Value>

/// A lock around a value, with the part of `Synchronization.Mutex`'s interface the router uses.
///
/// ```swift
/// let count = ThreadSanitizerMutex(0)
/// count.withLock { $0 += 1 }
/// ```
///
/// `@unchecked Sendable`: `value` is read and written only inside `withLock`, which holds
/// `mutex` throughout.
final class ThreadSanitizerMutex<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
#endif
