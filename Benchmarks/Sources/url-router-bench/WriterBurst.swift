import URLRouter

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens on one thread while another registers routes: does the writer stall the reader, and
/// what does the writer pay?
///
/// Each round builds a fresh table of `count` routes. A reader opens in batches of 1,000 on its
/// own; then a writer registers `burst` new routes (`app://live/page_i/:id`) in one batch
/// (`Router.update`) while the reader goes on opening until the writer is done. The figures:
/// the reader's rate during the batch against its rate alone, its worst batch of opens in each
/// phase, and the writer's time per route. Then the writer registers routes one at a time while
/// the reader opens: each registration then copies the table the reader holds, and its cost is
/// reported per registration.
///
/// The control: the same burst registered on another router of the same size while the reader
/// opens its own router. The reader's rate then shows what a busy second core costs it with no
/// change to what it reads: the machine's share, not the router's.
struct WriterBurst {
    let count: Int
    let burst: Int
    let rounds: Int
    /// The reader's URLs, all hits.
    let urls: [String]
    let report: Report

    private static let batch = 1000

    private struct Round {
        var aloneRate = 0.0, burstRate = 0.0
        var aloneWorst: UInt64 = 0, burstWorst: UInt64 = 0
        var writerPerRoute = 0.0, writerAlonePerRoute = 0.0
        var controlRate = 0.0
        var singleCost = 0.0
    }

    func run() {
        let set = RouteSet(count: count, lookupCount: 16)
        let patterns = set.routes.map(\.pattern)
        var results: [Round] = []
        let (urls, burst) = (self.urls, self.burst)
        for _ in 0..<rounds {
            var round = Round()
            let router = Contestants.buildURLRouter(patterns)
            let alone = BatchTimes()
            _ = runOnThreads([{ Self.openInBatches(urls, on: router, times: alone, until: nil, atLeast: 200) }])
            let aloneTimes = alone.values.withLock { $0 }
            round.aloneRate = Self.rate(aloneTimes)
            round.aloneWorst = aloneTimes.max() ?? 0

            let during = BatchTimes()
            let writer = Gate()
            _ = runOnThreads([
                { Self.openInBatches(urls, on: router, times: during, until: writer, atLeast: 1) },
                {
                    let start = nowNanoseconds()
                    Self.register(burst, on: router)
                    writer.count.store(Int(nowNanoseconds() - start), ordering: .relaxed)
                    writer.stop.store(true, ordering: .releasing)
                },
            ])
            let duringTimes = during.values.withLock { $0 }
            round.burstRate = Self.rate(duringTimes)
            round.burstWorst = duringTimes.max() ?? 0
            round.writerPerRoute = Double(writer.count.load(ordering: .relaxed)) / Double(burst)

            let quiet = Contestants.buildURLRouter(patterns)
            let start = nowNanoseconds()
            Self.register(burst, on: quiet)
            round.writerAlonePerRoute = Double(nowNanoseconds() - start) / Double(burst)

            // Single registrations onto a table of `count` routes, as the figure's N says.
            let target = Contestants.buildURLRouter(patterns)
            let singles = Gate()
            let singleCount = 200
            _ = runOnThreads([
                { Self.openInBatches(urls, on: target, times: BatchTimes(), until: singles, atLeast: 1) },
                {
                    let start = nowNanoseconds()
                    for index in 0..<singleCount {
                        Self.mustSucceed {
                            try target.register("app://single/page_\(index)/:id", handler: readIDHandler(index))
                        }
                        // Give the reader time to take the new snapshot, as opens between
                        // registrations do in an app.
                        let until = nowNanoseconds() + 20_000
                        while nowNanoseconds() < until {}
                    }
                    singles.count.store(Int(nowNanoseconds() - start) - singleCount * 20_000, ordering: .relaxed)
                    singles.stop.store(true, ordering: .releasing)
                },
            ])
            round.singleCost = Double(singles.count.load(ordering: .relaxed)) / Double(singleCount)

            let (ownRouter, otherRouter) = (Contestants.buildURLRouter(patterns), Contestants.buildURLRouter(patterns))
            let control = BatchTimes()
            let otherWriter = Gate()
            _ = runOnThreads([
                { Self.openInBatches(urls, on: ownRouter, times: control, until: otherWriter, atLeast: 1) },
                {
                    Self.register(burst, on: otherRouter)
                    otherWriter.stop.store(true, ordering: .releasing)
                },
            ])
            round.controlRate = Self.rate(control.values.withLock { $0 })
            results.append(round)
        }
        let aloneRate = median(results.map(\.aloneRate)), burstRate = median(results.map(\.burstRate))
        let ratio = median(results.map { $0.burstRate / $0.aloneRate })
        let title = "\(grouped(burst)) routes onto \(grouped(count))"
        report.add(Figure(name: "opens per second, no writer", routeCount: count, value: aloneRate / 1e6, unit: "M/s"))
        report.add(
            Figure(
                name: "opens per second, writer registering a batch", routeCount: count, value: burstRate / 1e6,
                unit: "M/s", comparison: "during the burst (\(title)) ÷ alone", ratio: ratio,
                target: "≥ 0.8×", met: ratio >= 0.8))
        report.add(
            Figure(
                name: "… control: writer on another router", routeCount: count,
                value: median(results.map(\.controlRate)) / 1e6, unit: "M/s",
                comparison: "during that burst ÷ alone", ratio: median(results.map { $0.controlRate / $0.aloneRate })))
        report.add(
            Figure(
                name: "worst 1,000-open batch, no writer", routeCount: count,
                value: median(results.map { Double($0.aloneWorst) }) / 1000, unit: "µs"))
        report.add(
            Figure(
                name: "worst 1,000-open batch, writer registering a batch", routeCount: count,
                value: median(results.map { Double($0.burstWorst) }) / 1000, unit: "µs"))
        let writer = median(results.map(\.writerPerRoute)), quiet = median(results.map(\.writerAlonePerRoute))
        report.add(
            Figure(
                name: "batch of \(grouped(burst)) while a reader opens", routeCount: count, value: writer / 1000,
                unit: "µs/route", comparison: "with reader ÷ without", ratio: writer / quiet,
                target: "< 1 µs/route", met: writer / 1000 < 1))
        let single = median(results.map(\.singleCost)) / 1000
        report.add(
            Figure(
                name: "one registration while a reader opens", routeCount: count, value: single,
                unit: "µs", target: "≤ 20 µs", met: single <= 20))
    }

    /// Registers `burst` new routes in one batch.
    private static func register(_ burst: Int, on router: URLRouter.Router) {
        mustSucceed {
            try router.update { routes in
                for index in 0..<burst {
                    try routes.register("app://live/page_\(index)/:id", handler: readIDHandler(index))
                }
            }
        }
    }

    /// Runs a registration, or ends the run with status 1: a refused one would make the writer's figures look cheap.
    private static func mustSucceed(_ registration: () throws -> Void) {
        do { try registration() } catch {
            print("error: a writer's registration failed: \(error)")
            exit(1)
        }
    }

    /// Opens in batches of 1,000 until `until` stops (and at least `atLeast` batches).
    private static func openInBatches(
        _ urls: [String], on router: URLRouter.Router, times: BatchTimes, until: Gate?, atLeast: Int
    ) {
        var index = 0
        var local: [UInt64] = []
        while local.count < atLeast || !(until?.stop.load(ordering: .acquiring) ?? true) {
            let start = nowNanoseconds()
            for _ in 0..<batch {
                blackHole(router.open(urls[index]))
                index = index + 1 == urls.count ? 0 : index + 1
            }
            local.append(nowNanoseconds() - start)
        }
        times.values.withLock { $0 = local }
    }

    private static func rate(_ batches: [UInt64]) -> Double {
        Double(batch * batches.count) * 1e9 / Double(max(1, batches.reduce(0, +)))
    }
}
