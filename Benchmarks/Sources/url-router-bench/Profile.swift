import URLRouter

/// `--profile match|hits|misses|open|open-older|register|dictionary N`: runs one workload alone
/// (this router's, or the `Dictionary` lookup it is compared with), for
/// `valgrind --tool=callgrind`, after building and checking nothing else. Prints the operation
/// count so instruction totals can be divided by it.
///
/// `open-older` is `open` while routes are added elsewhere, as in ``WriterBurst``: a route under
/// a host the lookups never open is registered before every 1,000 opens, so they run on the
/// thread's older snapshot and take in each change.
enum ProfileRun {
    static func run(_ what: String, count: Int) {
        let set = RouteSet(count: count, lookupCount: 4096)
        let patterns = set.routes.map(\.pattern)
        let passes = 10
        if what == "register" {
            blackHole(Contestants.buildURLRouter(patterns))
            print("registered \(patterns.count) routes")
            return
        }
        if what == "dictionary" {
            let urls = set.lookups.map(\.url)
            let dictionary = Contestants.buildDictionary(set.routes.map(\.sampleURL))
            var checksum = 0
            for _ in 0..<passes { checksum &+= SizeRun.matchAll(dictionary, urls) }
            blackHole(checksum)
            print("dictionary: \(passes * urls.count) operations")
            return
        }
        let router = Contestants.buildURLRouter(patterns)
        let urls: [String]
        switch what {
        case "hits": urls = set.lookups.filter(\.kind.isHit).map(\.url)
        case "misses": urls = set.lookups.filter { !$0.kind.isHit }.map(\.url)
        case "open", "open-older": urls = set.lookups.filter(\.kind.isHit).map { "\($0.url)?ref=home" }
        default: urls = set.lookups.map(\.url)
        }
        var checksum = 0
        if what == "open-older" {
            var added = 0
            for _ in 0..<passes {
                for start in stride(from: 0, to: urls.count, by: 1000) {
                    try? router.register("app://live/page_\(added)/:id", handler: readIDHandler)
                    added += 1
                    checksum &+= SizeRun.openAll(router, Array(urls[start..<min(start + 1000, urls.count)]))
                }
            }
            blackHole(checksum)
            print("\(what): \(passes * urls.count) operations")
            return
        }
        for _ in 0..<passes {
            checksum &+= what == "open" ? SizeRun.openAll(router, urls) : SizeRun.matchAll(router, urls)
        }
        blackHole(checksum)
        print("\(what): \(passes * urls.count) operations")
    }
}
