import URLRouter

/// `--profile match|pattern|hits|misses|open|register|batch|dictionary N`: runs one workload alone
/// (this router's, or the `Dictionary` lookup it is compared with), for
/// `valgrind --tool=callgrind`, after building and checking nothing else. Prints the operation
/// count so instruction totals can be divided by it. `match` reads a parameter of each match,
/// `pattern` its pattern.
enum ProfileRun {
    static let workloads = ["match", "pattern", "hits", "misses", "open", "register", "batch", "dictionary"]

    /// Runs workload `what` over `count` routes; false, having run nothing, for a name not in ``workloads``.
    static func run(_ what: String, count: Int) -> Bool {
        guard workloads.contains(what) else { return false }
        let set = RouteSet(count: count, lookupCount: 4096)
        let patterns = set.routes.map(\.pattern)
        let passes = 10
        if what == "register" {
            blackHole(Contestants.buildURLRouter(patterns))
            print("registered \(patterns.count) routes")
            return true
        }
        if what == "batch" {
            blackHole(Contestants.buildURLRouterInOneBatch(patterns))
            print("registered \(patterns.count) routes in one batch")
            return true
        }
        if what == "dictionary" {
            let urls = set.lookups.map(\.url)
            let dictionary = Contestants.buildDictionary(set.routes.map(\.sampleURL))
            var checksum = 0
            for _ in 0..<passes { checksum &+= SizeRun.matchAll(dictionary, urls) }
            blackHole(checksum)
            print("dictionary: \(passes * urls.count) operations")
            return true
        }
        let router = Contestants.buildURLRouter(patterns)
        let urls: [String]
        switch what {
        case "hits": urls = set.lookups.filter(\.kind.isHit).map(\.url)
        case "misses": urls = set.lookups.filter { !$0.kind.isHit }.map(\.url)
        case "open": urls = set.lookups.filter(\.kind.isHit).map { "\($0.url)?ref=home" }
        default: urls = set.lookups.map(\.url)
        }
        var checksum = 0
        for _ in 0..<passes {
            switch what {
            case "open": checksum &+= SizeRun.openAll(router, urls)
            case "pattern": checksum &+= SizeRun.matchPatterns(router, urls)
            default: checksum &+= SizeRun.matchAll(router, urls)
            }
        }
        blackHole(checksum)
        print("\(what): \(passes * urls.count) operations")
        return true
    }
}
