#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A point on `CLOCK_MONOTONIC`, in nanoseconds; for deadlines that wall-clock changes cannot move.
struct MonotonicInstant: Comparable, Sendable {
    /// Nanoseconds since an arbitrary start.
    var nanoseconds: Int64

    /// The current instant.
    static func now() -> MonotonicInstant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return MonotonicInstant(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }

    /// This instant moved by `seconds`.
    func adding(seconds: Double) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: nanoseconds + Int64(seconds * 1_000_000_000))
    }

    /// Milliseconds from `self` until `later`, never negative; for `poll`'s timeout.
    func milliseconds(until later: MonotonicInstant) -> Int {
        let delta = later.nanoseconds - nanoseconds
        return delta <= 0 ? 0 : Int((delta + 999_999) / 1_000_000)
    }

    /// Milliseconds elapsed from `earlier` to `self`, as a fraction.
    func milliseconds(since earlier: MonotonicInstant) -> Double {
        Double(nanoseconds - earlier.nanoseconds) / 1_000_000
    }

    static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }
}
