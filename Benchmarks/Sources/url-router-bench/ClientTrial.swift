import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a trial could not be measured: a connection failed or a reply was wrong.
struct TrialError: Error {
    let message: String
}

/// One timed trial against one server: `clients` threads, each on its own connection, doing
/// synchronous round trips of the same request line until told to stop.
struct ClientTrial {
    /// Round trips per second, all clients together, over the wall time from the release of
    /// the clients (all connected) until the last one finished its last round trip.
    let perSecond: Double
    /// Every round trip's time in nanoseconds, all clients pooled, sorted.
    let latencies: [UInt64]

    /// The `fraction` quantile of the round-trip times (nearest rank), in microseconds.
    func percentileMicroseconds(_ fraction: Double) -> Double {
        guard !latencies.isEmpty else { return .nan }
        let rank = Int((fraction * Double(latencies.count)).rounded(.up))
        return Double(latencies[min(max(rank, 1), latencies.count) - 1]) / 1000
    }

    /// Runs the trial for about `seconds`. Every reply must be exactly `expected` (the request
    /// ends in a newline, `expected` has none).
    static func run(
        path: String, clients: Int, request: [UInt8], expected: [UInt8],
        seconds: Double
    ) throws(TrialError) -> ClientTrial {
        let barrier = ThreadBarrier(count: clients + 1)
        let stop = Atomic<Bool>(false)
        let outcomes = Mutex<[(latencies: [UInt64], problem: String?)]>([])
        let body: @Sendable () -> Void = {
            let connection = LineConnection(path: path)
            let connectError = errno
            barrier.wait()
            guard let connection else {
                outcomes.withLock { $0.append(([], "cannot connect to \(path): errno \(connectError)")) }
                return
            }
            var latencies: [UInt64] = []
            latencies.reserveCapacity(4096)
            var problem: String?
            while !stop.load(ordering: .relaxed) {
                let start = nowNanoseconds()
                guard connection.roundTrip(request, expecting: expected) else {
                    problem = "a reply differed from the one checked before timing (or the server closed or timed out)"
                    break
                }
                latencies.append(nowNanoseconds() - start)
            }
            outcomes.withLock { [latencies, problem] in $0.append((latencies, problem)) }
        }
        let threads = (0..<clients).map { _ in startThread(body) }
        barrier.wait()
        let begin = nowNanoseconds()
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var rest = timespec()
        while nanosleep(&pause, &rest) != 0 && errno == EINTR { pause = rest }
        stop.store(true, ordering: .relaxed)
        for thread in threads { pthread_join(thread, nil) }
        let elapsed = nowNanoseconds() - begin
        let results = outcomes.withLock { $0 }
        if let problem = results.lazy.compactMap(\.problem).first { throw TrialError(message: problem) }
        let latencies = results.flatMap(\.latencies).sorted()
        return ClientTrial(perSecond: Double(latencies.count) * 1e9 / Double(elapsed), latencies: latencies)
    }
}

/// A pthread barrier: each `wait` blocks until `count` threads are waiting. Blocking rather
/// than spinning, because 64 spinning clients would take the two cores from the servers.
final class ThreadBarrier: @unchecked Sendable {
    // Safe to share: pthread_barrier_wait is made to be called from many threads at once; the
    // barrier is allocated once, never moved, and destroyed in deinit, when no thread can be
    // waiting on it any more (every waiter holds a reference).
    private let barrier: UnsafeMutablePointer<pthread_barrier_t>

    init(count: Int) {
        barrier = .allocate(capacity: 1)
        pthread_barrier_init(barrier, nil, UInt32(count))
    }

    deinit {
        pthread_barrier_destroy(barrier)
        barrier.deallocate()
    }

    func wait() {
        pthread_barrier_wait(barrier)
    }
}

/// Starts a thread running `body`; join it with `pthread_join`.
func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t {
    final class Box: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var thread = pthread_t()
    let status = pthread_create(
        &thread, nil,
        { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, Unmanaged.passRetained(Box(body)).toOpaque())
    precondition(status == 0, "pthread_create failed: \(status)")
    return thread
}
