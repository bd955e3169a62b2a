import Synchronization
import URLRouter

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `bodies` on their own threads, released together, and returns the wall time from the
/// release until the last one finishes.
func runOnThreads(_ bodies: [@Sendable () -> Void]) -> UInt64 {
    let gate = Gate()
    final class Start: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var threads: [pthread_t] = []
    for body in bodies {
        let start = Start {
            gate.ready.add(1, ordering: .relaxed)
            while !gate.go.load(ordering: .acquiring) {}
            body()
        }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(start).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { context in
                let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
                start.body()
                return nil
            }, context)
        precondition(status == 0, "pthread_create failed: \(status)")
        threads.append(thread)
    }
    while gate.ready.load(ordering: .relaxed) < bodies.count {}
    let begin = nowNanoseconds()
    gate.go.store(true, ordering: .releasing)
    for thread in threads { pthread_join(thread, nil) }
    return nowNanoseconds() - begin
}

/// Shared flags for a thread run.
final class Gate: Sendable {
    let ready = Atomic<Int>(0)
    let go = Atomic<Bool>(false)
    let stop = Atomic<Bool>(false)
    let count = Atomic<Int>(0)
}

/// Per-batch times one thread recorded.
final class BatchTimes: Sendable {
    let values = Mutex<[UInt64]>([])
}

/// Opens on one thread against two at once, and opens while another thread registers.
///
/// The machines this runs on are shared: a neighbour can slow both cores for a second or more.
/// So 1- and 2-thread runs alternate in short paired rounds, and the ratio reported is the median
/// of each round's own ratio, which a slow spell affects for a round or two instead of skewing
/// one side's median.
struct ThreadRun {
    let count: Int
    /// Paired rounds of 1- and 2-thread opens.
    let rounds: Int
    /// Opens per thread in each round.
    let opensPerRound: Int
    /// Routes a writer registers while a reader opens (``WriterBurst``), and how many times.
    let writerBurst: Int
    let writerRounds: Int
    let report: Report

    func run() {
        let set = RouteSet(count: count, lookupCount: 4096)
        let router = Contestants.buildURLRouter(set.routes.map(\.pattern))
        let urls = set.lookups.filter(\.kind.isHit).map { "\($0.url)?ref=home" }
        // Each thread opens its own URL strings, starting at its own place in the list, as
        // threads of an app do: sharing string objects would measure their reference counts.
        let ownURLs = (0..<2).map { _ in urls.map { String(decoding: Array($0.utf8), as: UTF8.self) } }
        let opens = opensPerRound
        let worker = { (thread: Int) -> @Sendable () -> Void in
            {
                let urls = ownURLs[thread]
                var index = thread * urls.count / 2
                for _ in 0..<opens {
                    blackHole(router.open(urls[index]))
                    index = index + 1 == urls.count ? 0 : index + 1
                }
            }
        }
        // A second control: the same opens, each thread on a router of its own, sharing
        // nothing with the other thread. What it loses, the machine takes, not the router.
        let routers = (0..<2).map { _ in Contestants.buildURLRouter(set.routes.map(\.pattern)) }
        let ownRouters = { (thread: Int) -> @Sendable () -> Void in
            {
                let (urls, router) = (ownURLs[thread], routers[thread])
                var index = thread * urls.count / 2
                for _ in 0..<opens {
                    blackHole(router.open(urls[index]))
                    index = index + 1 == urls.count ? 0 : index + 1
                }
            }
        }
        if rounds > 0 { compareThreads(worker: worker, control: ownRouters) }
        WriterBurst(count: count, burst: writerBurst, rounds: writerRounds, urls: ownURLs[0], report: report).run()
    }

    /// 1- against 2-thread opens in paired rounds, with two controls that share nothing between
    /// the threads: an arithmetic loop, and `control`, the same opens on a router per thread.
    private func compareThreads(worker: (Int) -> @Sendable () -> Void, control: (Int) -> @Sendable () -> Void) {
        let opens = opensPerRound
        let work = worker(0)
        // The control: the same measurement for a loop that shares nothing, which shows how much
        // of a second core this (shared) machine really gives.
        let spin: @Sendable () -> Void = {
            var state: UInt64 = 1
            for _ in 0..<(opens * 40) { state = state &* 6_364_136_223_846_793_005 &+ 1 }
            blackHole(state)
        }
        var one: [Double] = [], two: [Double] = [], ratios: [Double] = [], controlRatios: [Double] = []
        var ownRatios: [Double] = []
        for round in 0..<rounds {
            // Alternate which goes first, so that neither always follows the other.
            var single = 0.0, double = 0.0
            if round % 2 == 0 {
                single = Double(opens) * 1e9 / Double(runOnThreads([work]))
                double = Double(2 * opens) * 1e9 / Double(runOnThreads([work, worker(1)]))
            } else {
                double = Double(2 * opens) * 1e9 / Double(runOnThreads([work, worker(1)]))
                single = Double(opens) * 1e9 / Double(runOnThreads([work]))
            }
            one.append(single)
            two.append(double)
            ratios.append(double / single)
            let spinOne = 1e9 / Double(runOnThreads([spin]))
            controlRatios.append(2e9 / Double(runOnThreads([spin, spin])) / spinOne)
            let ownOne = 1e9 / Double(runOnThreads([control(0)]))
            ownRatios.append(2e9 / Double(runOnThreads([control(0), control(1)])) / ownOne)
        }
        let ratio = median(ratios)
        report.add(Figure(name: "opens per second, 1 thread", routeCount: nil, value: median(one) / 1e6, unit: "M/s"))
        report.add(
            Figure(
                name: "opens per second, 2 threads", routeCount: nil, value: median(two) / 1e6, unit: "M/s",
                comparison: "2 threads ÷ 1, median of \(rounds) paired rounds", ratio: ratio, target: "≥ 1.8×",
                met: ratio >= 1.8))
        let sorted = ratios.sorted()
        report.add(
            Figure(
                name: "2 threads ÷ 1, lower quartile of rounds", routeCount: nil, value: sorted[sorted.count / 4],
                unit: "×"))
        report.add(
            Figure(
                name: "2 threads ÷ 1, upper quartile of rounds", routeCount: nil,
                value: sorted[sorted.count * 3 / 4], unit: "×"))
        report.add(
            Figure(
                name: "control: arithmetic loop, 2 threads ÷ 1", routeCount: nil, value: median(controlRatios),
                unit: "×"))
        report.add(
            Figure(
                name: "control: each thread on a router of its own, 2 threads ÷ 1", routeCount: nil,
                value: median(ownRatios), unit: "×"))
    }
}
