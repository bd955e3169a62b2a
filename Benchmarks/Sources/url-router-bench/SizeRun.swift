import RoutingKit
import URLRouter

/// Everything measured at one route count: correctness first, then memory, registration,
/// match, open and allocations, each against its comparison in the same run.
struct SizeRun {
    let count: Int
    let rounds: Int
    let lookupCount: Int
    let report: Report

    /// The lookups' median times, kept to compare route counts afterwards.
    struct Times {
        /// Matches that read the pattern and a parameter: all lookups, hits, misses; and opens.
        var matchAll = 0.0, matchHits = 0.0, matchMisses = 0.0, open = 0.0
        /// The `Dictionary` lookup of the same strings: what memory alone costs a lookup.
        var dictionary = 0.0
    }

    /// The timings of the spread and the hot lookup sets; nil when a check failed.
    func run() -> (spread: Times, hot: Times)? {
        let set = RouteSet(count: count, lookupCount: lookupCount)
        let n = set.routes.count
        print(
            "— N = \(grouped(n)): \(set.moduleCount) modules, \(grouped(set.lookups.count)) lookups, \(rounds) rounds")

        // Memory: build from pattern strings made inside the measured span and dropped before its
        // end, so whatever a router keeps of them counts and nothing else does.
        let (router, ourBytes) = retainedBytes {
            Contestants.buildURLRouter(set.routes.map { String(decoding: Array($0.pattern.utf8), as: UTF8.self) })
        }
        let (trie, kitBytes) = retainedBytes {
            Contestants.buildRoutingKit(
                set.routes.map { String(decoding: Array($0.routingKitPath.utf8), as: UTF8.self) })
        }
        let dictionary = Contestants.buildDictionary(set.routes.map(\.sampleURL))
        let kit = RoutingKitLookup(router: trie)
        let patternIndex = Dictionary(uniqueKeysWithValues: set.routes.enumerated().map { ($1.pattern, $0) })

        guard check(set, router: router, kit: kit, dictionary: dictionary, patternIndex: patternIndex) else {
            return nil
        }

        if let ourBytes, let kitBytes {
            let ours = Double(ourBytes) / Double(n), theirs = Double(kitBytes) / Double(n)
            report.add(
                Figure(
                    name: "memory retained per route", routeCount: n, value: ours, unit: "B",
                    comparison: "this router ÷ routing-kit", ratio: ours / theirs,
                    target: "≤ 1.25×", met: ours / theirs <= 1.25))
            report.add(Figure(name: "memory retained per route, routing-kit", routeCount: n, value: theirs, unit: "B"))
        }
        measureRegistration(set)

        // Two lookup sets: 16,384 lookups of random pages spread over the whole table (each page
        // looked up about 65 times at N = 1,000, 6.5 at 10,000, 0.66 at 100,000), and the first
        // 256 of them repeated (a working set of hot routes).
        let spread = timeLookups(set.lookups, label: "spread", router: router, kit: kit, dictionary: dictionary, n: n)
        let hot = timeLookups(
            Array(set.lookups.prefix(256)), label: "hot 256", router: router, kit: kit,
            dictionary: dictionary, n: n)
        blackHole((router, trie, dictionary))
        return (spread, hot)
    }

    /// Times match (all, hits, misses) and open over `lookups` against routing-kit and the
    /// Dictionary, and counts allocations; every figure is labelled with the lookup set.
    private func timeLookups(
        _ lookups: [RouteSet.Lookup], label: String, router: URLRouter.Router, kit: RoutingKitLookup,
        dictionary: [String: Int], n: Int
    ) -> Times {
        let urls = lookups.map(\.url)
        let hits = lookups.filter(\.kind.isHit).map(\.url)
        let misses = lookups.filter { !$0.kind.isHit }.map(\.url)
        // The deepest of each: a miss that walks as far as a hit before it fails.
        let deepestHits = lookups.filter { $0.kind == .twoParameters }.map(\.url)
        let deepestMisses = lookups.filter { $0.kind == .extraTrailingSegment }.map(\.url)
        // Opens go to the same URLs as matches, hits and misses alike, each with a query.
        let withQuery = { (urls: [String]) in
            urls.enumerated().map { index, url in "\(url)?ref=home&n=\(index % 100)" }
        }
        let opens = withQuery(urls)

        let ourMatch = { (urls: [String]) in
            Workload(name: "match", operations: urls.count) { Self.matchAll(router, urls) }
        }
        let ourPattern = Workload(name: "match + pattern", operations: urls.count) { Self.matchPatterns(router, urls) }
        let ourBothOf = { (urls: [String]) in
            Workload(name: "match + pattern + parameter", operations: urls.count) {
                Self.matchPatternsAndParameters(router, urls)
            }
        }
        let kitMatch = { (urls: [String]) in
            Workload(name: "routing-kit", operations: urls.count) { Self.matchAll(kit, urls) }
        }
        let dictMatch = { (urls: [String]) in
            Workload(name: "dictionary", operations: urls.count) { Self.matchAll(dictionary, urls) }
        }
        let ourOpen = { (urls: [String]) in
            Workload(name: "open", operations: urls.count) { Self.openAll(router, urls) }
        }
        let kitOpen = Workload(name: "routing-kit open", operations: opens.count) { Self.openAll(kit, opens) }

        let all = timeRoundRobin(
            [ourMatch(urls), ourPattern, ourBothOf(urls), kitMatch(urls), dictMatch(urls)], rounds: rounds)
        // Hits and misses read the pattern and the parameter, as routing-kit's side does.
        let hitTimes = timeRoundRobin(
            [
                ourBothOf(hits), ourBothOf(misses), kitMatch(hits), kitMatch(misses), ourBothOf(deepestHits),
                ourBothOf(deepestMisses),
            ], rounds: rounds)
        let openTimes = timeRoundRobin([ourOpen(opens), kitOpen], rounds: rounds)
        let (parameter, pattern, both, kitTime, dictionaryTime) = (all[0], all[1], all[2], all[3], all[4])

        // The headline figures are the spread lookups: random routes of the whole table, as
        // users open them. The hot working set is printed beside them.
        let headline = label == "spread"
        let big = n >= 10_000
        func name(_ text: String) -> String { "\(text) (\(label))" }
        report.add(
            Figure(
                name: name("match + one parameter"), routeCount: n, value: parameter, unit: "ns",
                comparison: "this router ÷ Dictionary", ratio: parameter / dictionaryTime,
                target: headline && big ? "≤ 1.5×" : nil, met: headline && big ? parameter / dictionaryTime <= 1.5 : nil
            ))
        report.add(
            Figure(
                name: name("match + pattern"), routeCount: n, value: pattern, unit: "ns",
                comparison: "this router ÷ Dictionary", ratio: pattern / dictionaryTime,
                target: headline && big ? "≤ 1.5×" : nil, met: headline && big ? pattern / dictionaryTime <= 1.5 : nil))
        report.add(
            Figure(
                name: name("match + pattern + one parameter"), routeCount: n, value: both, unit: "ns",
                comparison: "this router ÷ Dictionary", ratio: both / dictionaryTime,
                target: headline && big ? "≤ 1.5×" : nil, met: headline && big ? both / dictionaryTime <= 1.5 : nil))
        // routing-kit reads the pattern and the parameter: against the same work.
        let judged20 = headline && n == 10_000
        report.add(
            Figure(
                name: name("match + pattern + one parameter, against routing-kit"), routeCount: n, value: both,
                unit: "ns", comparison: "routing-kit ÷ this router", ratio: kitTime / both,
                target: judged20 ? "≥ 20×" : nil, met: judged20 ? kitTime / both >= 20 : nil))
        report.add(
            Figure(
                name: name("routing-kit: split, route, pattern + parameter"), routeCount: n, value: kitTime, unit: "ns")
        )
        report.add(
            Figure(
                name: name("Dictionary<String, Int> lookup, N keys"), routeCount: n, value: dictionaryTime, unit: "ns",
                comparison: "routing-kit ÷ it", ratio: kitTime / dictionaryTime))
        report.add(
            Figure(
                name: name("match + pattern + parameter, hits"), routeCount: n, value: hitTimes[0], unit: "ns",
                comparison: "routing-kit ÷ this router", ratio: hitTimes[2] / hitTimes[0]))
        report.add(
            Figure(
                name: name("match + pattern + parameter, misses"), routeCount: n, value: hitTimes[1], unit: "ns",
                comparison: "misses ÷ hits", ratio: hitTimes[1] / hitTimes[0],
                target: headline ? "≤ 1×" : nil, met: headline ? hitTimes[1] <= hitTimes[0] : nil))
        report.add(
            Figure(
                name: name("… a miss at the last segment, against a hit of two placeholders"), routeCount: n,
                value: hitTimes[5], unit: "ns", comparison: "misses ÷ hits", ratio: hitTimes[5] / hitTimes[4]))
        report.add(
            Figure(
                name: name("match + pattern + parameter, misses, routing-kit"), routeCount: n, value: hitTimes[3],
                unit: "ns", comparison: "routing-kit ÷ this router", ratio: hitTimes[3] / hitTimes[1]))
        report.add(
            Figure(
                name: name("open with query, handler reads id"), routeCount: n, value: openTimes[0], unit: "ns",
                comparison: "routing-kit ÷ this router", ratio: openTimes[1] / openTimes[0],
                target: headline ? "≥ 10×" : nil, met: headline ? openTimes[1] / openTimes[0] >= 10 : nil))
        report.add(
            Figure(
                name: name("open, routing-kit (split, route, run the handler)"), routeCount: n, value: openTimes[1],
                unit: "ns"))

        if label == "spread" {
            let allocations: [(String, Workload, limit: Double?)] = [
                ("allocations per match + parameter, hits", ourMatch(hits), 0),
                ("allocations per match, misses", ourMatch(misses), 0),
                ("allocations per match + pattern", ourPattern, 0),
                ("allocations per open, hits", ourOpen(withQuery(hits)), 1),
                ("allocations per open, misses", ourOpen(withQuery(misses)), 1),
                ("allocations per match, routing-kit", kitMatch(urls), nil),
                ("allocations per open, routing-kit", kitOpen, nil),
                ("allocations per Dictionary lookup", dictMatch(urls), nil),
            ]
            for (name, workload, limit) in allocations {
                if let perOperation = allocationsPerOperation(workload) {
                    report.add(
                        Figure(
                            name: name, routeCount: n, value: perOperation, unit: "allocs",
                            target: limit.map { "≤ \(Int($0))" }, met: limit.map { perOperation <= $0 }))
                }
            }
        }
        return Times(
            matchAll: both, matchHits: hitTimes[0], matchMisses: hitTimes[1], open: openTimes[0],
            dictionary: dictionaryTime)
    }

    /// Registration time per route, median of several fresh builds from prepared pattern strings.
    private func measureRegistration(_ set: RouteSet) {
        let patterns = set.routes.map(\.pattern)
        let paths = set.routes.map(\.routingKitPath)
        let builds = max(3, min(rounds, 2_000_000 / max(patterns.count, 1)))
        var ours: [Double] = [], theirs: [Double] = []
        for _ in 0..<builds {
            // Each router is released after its time is taken: registration, not teardown.
            var start = nowNanoseconds()
            let router = Contestants.buildURLRouter(patterns)
            ours.append(Double(nowNanoseconds() - start))
            blackHole(router)
            start = nowNanoseconds()
            let kit = Contestants.buildRoutingKit(paths)
            theirs.append(Double(nowNanoseconds() - start))
            blackHole(kit)
        }
        let n = patterns.count
        let perRoute = median(ours) / Double(n) / 1000, kitPerRoute = median(theirs) / Double(n) / 1000
        report.add(
            Figure(
                name: "registration per route", routeCount: n, value: perRoute, unit: "µs",
                comparison: "routing-kit ÷ this router", ratio: kitPerRoute / perRoute,
                target: "< 1 µs", met: perRoute < 1))
        report.add(Figure(name: "registration per route, routing-kit", routeCount: n, value: kitPerRoute, unit: "µs"))

    }
}
