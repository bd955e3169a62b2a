import RoutingKit
import URLRouter

/// The timed loops. Each returns a checksum of what it read so that nothing is optimised away.
extension SizeRun {
    /// What reading a pattern costs a logger or an analytics key: its length and its bytes (the
    /// last one stands for them; a `String` keeps its length beside its storage, not in it).
    @inline(__always)
    static func read(_ pattern: String) -> Int { pattern.utf8.count &+ Int(pattern.utf8.last ?? 0) }

    /// `match(_:)`, reading the winning pattern, as a logger or an analytics hook does.
    @inline(never)
    static func matchPatterns(_ router: URLRouter.Router, _ urls: [String]) -> Int {
        var checksum = 0
        for url in urls {
            if let match = router.match(url) {
                checksum &+= read(match.pattern)
            }
        }
        return checksum
    }

    /// `match(_:)`, reading `id` so that a capture is really decoded.
    @inline(never)
    static func matchAll(_ router: URLRouter.Router, _ urls: [String]) -> Int {
        var checksum = 0
        for url in urls {
            if let match = router.match(url) {
                checksum &+= match.parameters["id"]?.utf8.count ?? 1
            }
        }
        return checksum
    }

    /// `match(_:)`, reading both the winning pattern and `id`: routing-kit's work below.
    @inline(never)
    static func matchPatternsAndParameters(_ router: URLRouter.Router, _ urls: [String]) -> Int {
        var checksum = 0
        for url in urls {
            if let match = router.match(url) {
                checksum &+= read(match.pattern) &+ (match.parameters["id"]?.utf8.count ?? 1)
            }
        }
        return checksum
    }

    /// Split, route, read the route's pattern and `id`.
    @inline(never)
    static func matchAll(_ kit: RoutingKitLookup, _ urls: [String]) -> Int {
        var checksum = 0
        for url in urls {
            var parameters = kit.emptyParameters
            if let route = kit.route(url, parameters: &parameters) {
                checksum &+= read(route.pattern) &+ (parameters.get("id")?.utf8.count ?? 1)
            }
        }
        return checksum
    }

    /// An exact lookup of the whole string.
    @inline(never)
    static func matchAll(_ dictionary: [String: Int], _ urls: [String]) -> Int {
        var checksum = 0
        for url in urls {
            if let index = dictionary[url] { checksum &+= index }
        }
        return checksum
    }

    /// `open(_:)`: match, build the request, run the handler that reads `id`.
    @inline(never)
    static func openAll(_ router: URLRouter.Router, _ urls: [String]) -> Int {
        var checksum = 0
        for url in urls where router.open(url) { checksum &+= 1 }
        return checksum
    }

    @inline(never)
    static func openAll(_ kit: RoutingKitLookup, _ urls: [String]) -> Int {
        var checksum = 0
        for url in urls { checksum &+= kit.open(url) ?? 0 }
        return checksum
    }
}

/// Correctness before timing: every contestant must give the expected answer for every lookup.
extension SizeRun {
    func check(
        _ set: RouteSet, router: URLRouter.Router, kit: RoutingKitLookup, dictionary: [String: Int],
        patternIndex: [String: Int]
    ) -> Bool {
        var problems = 0
        func problem(_ text: String) {
            problems += 1
            if problems <= 10 { report.fail(text) }
        }
        for lookup in set.lookups {
            let expectedPattern = lookup.expectedRoute.map { set.routes[$0].pattern }
            let match = router.match(lookup.url)
            if match?.pattern != expectedPattern {
                problem(
                    "URLRouter: \(lookup.url) (\(lookup.kind.label)) matched \(match?.pattern ?? "nothing"), expected \(expectedPattern ?? "nothing")"
                )
            } else if let match, match.parameters["id"] != lookup.expectedID {
                problem(
                    "URLRouter: \(lookup.url) gave id \(match.parameters["id"] ?? "nil"), expected \(lookup.expectedID ?? "nil")"
                )
            }
            if let match, patternIndex[match.pattern] != lookup.expectedRoute {
                problem("URLRouter: \(lookup.url) matched an unexpected route")
            }
            let opened = router.open(lookup.url + "?ref=home&id=query")
            if opened != (lookup.expectedRoute != nil) {
                problem("URLRouter: open(\(lookup.url)?…) returned \(opened)")
            }
            if let match = router.match(lookup.url + "?ref=home&id=query"),
                match.parameters["ref"] != "home" || match.parameters["id"] != (lookup.expectedID ?? "query")
            {
                problem("URLRouter: query parameters of \(lookup.url)?… are wrong")
            }

            let kitMatch = kit.match(lookup.url)
            if kitMatch?.route != lookup.expectedRoute || kitMatch?.id != lookup.expectedID {
                problem(
                    "routing-kit: \(lookup.url) (\(lookup.kind.label)) gave route \(kitMatch.map { String($0.route) } ?? "nil") id \(kitMatch?.id ?? "nil"), expected \(lookup.expectedRoute.map(String.init) ?? "nil") id \(lookup.expectedID ?? "nil")"
                )
            }
            if (kit.open(lookup.url + "?ref=home&id=query") != nil) != (lookup.expectedRoute != nil) {
                problem("routing-kit: open(\(lookup.url)?…) disagrees")
            }
            if dictionary[lookup.url] != lookup.expectedRoute {
                problem("Dictionary: \(lookup.url) gave \(dictionary[lookup.url].map(String.init) ?? "nil")")
            }
            if let index = dictionary.index(forKey: lookup.url),
                Contestants.shareStorage(dictionary[index].key, lookup.url)
            {
                problem(
                    "Dictionary: the key for \(lookup.url) is the lookup string's own instance (compared by address)")
            }
        }
        if problems > 0 {
            report.fail("\(problems) wrong answers at N = \(grouped(set.routes.count)); nothing timed")
            return false
        }
        print("  checked \(grouped(set.lookups.count)) lookups: every contestant gave the expected route and id")
        return true
    }
}
