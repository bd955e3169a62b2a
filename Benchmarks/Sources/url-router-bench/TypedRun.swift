import URLRouter

/// A two-field typed route for ``TypedRun``.
struct BenchItemRoute: URLRoute {
    static let pattern = "bench://item/:id<int>"
    var id: Int
    var ref: String?
}

/// A typed match of a two-field route against the string match of the same URLs reading the
/// same two fields, each router holding `count` other routes: what typing a route costs. Every
/// URL takes the one route, so only the ratio speaks; the times are of a route in cache.
struct TypedRun {
    let count: Int
    let rounds: Int
    let report: Report

    func run() {
        func router(typed: Bool) -> Router {
            let router = Router()
            try! router.update { routes in
                for index in 0..<count {
                    try routes.register("bench://r\(index)/:id/:name", handler: readIDHandler(index))
                }
                if typed {
                    try routes.register(BenchItemRoute.self) { item, _ in blackHole(item) }
                } else {
                    try routes.register(BenchItemRoute.pattern, handler: readIDHandler(-1))
                }
            }
            return router
        }
        let plain = router(typed: false), typed = router(typed: true)
        let urls = (0..<1_000).map { "bench://item/\($0)?ref=r\($0 % 7)" }
        let untypedLoop = Workload(name: "match, string route, two fields read", operations: urls.count) {
            var checksum = 0
            for url in urls {
                guard let match = plain.match(url), let id = match.parameters.int("id") else { continue }
                checksum &+= id &+ (match.parameters["ref"]?.utf8.count ?? 0)
            }
            return checksum
        }
        let typedLoop = Workload(name: "match(as:), typed route", operations: urls.count) {
            var checksum = 0
            for url in urls {
                guard let item = typed.match(url, as: BenchItemRoute.self) else { continue }
                checksum &+= item.id &+ (item.ref?.utf8.count ?? 0)
            }
            return checksum
        }
        guard untypedLoop.body() == typedLoop.body() else {
            report.fail("typed and string matches read different values")
            return
        }
        let times = timeRoundRobin([untypedLoop, typedLoop], rounds: rounds)
        report.add(
            Figure(
                name: "match + two fields, string route (one route, hot)", routeCount: count, value: times[0],
                unit: "ns"))
        report.add(
            Figure(
                name: "match(as:) of a two-field typed route (one route, hot)", routeCount: count, value: times[1],
                unit: "ns",
                comparison: "typed ÷ string", ratio: times[1] / times[0]))
    }
}
