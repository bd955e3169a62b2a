#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that is only read and written under a pthread mutex, in one allocation.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// ```
///
/// Why not `Synchronization.Mutex`: on Linux it locks with priority-inheritance futexes that ThreadSanitizer does not
/// model, so every contended lock shows up as a data race in the sanitizer's report, for this library's users as for
/// its own CI. A plain pthread mutex is intercepted by the sanitizer and costs the same when uncontended.
///
/// `@unchecked Sendable`: the header (the value) is only touched inside `withLock`, between `pthread_mutex_lock` and
/// `pthread_mutex_unlock` on the mutex stored in the element area, and `Value` itself is `Sendable`.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let buffer: ManagedBuffer<Value, pthread_mutex_t>

    init(_ value: Value) {
        buffer = ManagedBuffer.create(minimumCapacity: 1) { _ in value }
        buffer.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            // Error-checking: a thread that takes the lock it holds gets EDEADLK, not a hang.
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
            pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
        }
    }

    deinit {
        buffer.withUnsafeMutablePointerToElements { mutex in
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
        }
    }

    /// Runs `body` with exclusive access to the value. Taking the lock again from inside `body` stops the program with
    /// a message instead of hanging.
    @inline(__always)
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try buffer.withUnsafeMutablePointers { (value, mutex) throws(Failure) -> Result in
            let status = pthread_mutex_lock(mutex)
            precondition(
                status == 0,
                """
                URLRouter: a lock was taken again by the thread that holds it: an update(_:) closure changed \
                its router (use the closure's argument), or a cached MediatorTarget's init() called its own target.
                """)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }
}
