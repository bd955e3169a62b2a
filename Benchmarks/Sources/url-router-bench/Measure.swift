import AllocationCounter

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a value alive and observable so the optimiser cannot drop the work that made it.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Nanoseconds on the monotonic clock.
@inline(__always)
func nowNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// The median of `values` (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty)
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// One timed workload: `body` runs every operation once and returns a checksum.
struct Workload {
    let name: String
    let operations: Int
    let body: () -> Int
}

/// Runs the workloads in rounds, one pass each per round (each pass repeats its workload as
/// often as every other does, enough times that each lasts at least `minimumPassNanoseconds`),
/// in a new order each round, so that no workload always runs first or always follows the same
/// one (whose data it would find in cache). Returns the median nanoseconds per operation of
/// each, in order.
func timeRoundRobin(_ workloads: [Workload], rounds: Int, minimumPassNanoseconds: UInt64 = 4_000_000) -> [Double] {
    // Warm up once and find how many repeats make a pass long enough to time.
    var repeats = [Int](repeating: 1, count: workloads.count)
    for (index, workload) in workloads.enumerated() {
        let start = nowNanoseconds()
        blackHole(workload.body())
        let elapsed = max(nowNanoseconds() - start, 1)
        repeats[index] = max(1, Int(minimumPassNanoseconds / elapsed) + 1)
    }
    // One repeat count for all: each repeat after the first finds its own data in cache, so
    // a workload repeated more often than another would be flattered.
    repeats = [Int](repeating: repeats.max() ?? 1, count: workloads.count)
    var samples = [[Double]](repeating: [], count: workloads.count)
    var generator = SplitMix64(seed: 0x0BE_5EED)
    for _ in 0..<rounds {
        for index in workloads.indices.shuffled(using: &generator) {
            let workload = workloads[index]
            var checksum = 0
            let start = nowNanoseconds()
            for _ in 0..<repeats[index] { checksum &+= workload.body() }
            let elapsed = nowNanoseconds() - start
            blackHole(checksum)
            samples[index].append(Double(elapsed) / Double(workload.operations * repeats[index]))
        }
    }
    return samples.map(median)
}

/// Heap allocations the calling thread makes per operation of `workload` (after one warm-up
/// pass, so one-time caches do not count).
func allocationsPerOperation(_ workload: Workload) -> Double? {
    guard allocation_counter_is_active() != 0 else { return nil }
    blackHole(workload.body())
    let before = allocation_counter_thread_count()
    blackHole(workload.body())
    let after = allocation_counter_thread_count()
    return Double(after - before) / Double(workload.operations)
}

/// Bytes of heap in use: glibc's `mallinfo2` over every arena, plus mmapped blocks.
func heapBytesInUse() -> Int? {
    let bytes = allocation_counter_heap_in_use()
    return bytes < 0 ? nil : Int(bytes)
}

/// Bytes the heap grows by while `body` runs and keeps what it returns.
func retainedBytes<T>(_ body: () -> T) -> (value: T, bytes: Int?) {
    let before = heapBytesInUse()
    let value = body()
    let after = heapBytesInUse()
    guard let before, let after else { return (value, nil) }
    return (value, after - before)
}
