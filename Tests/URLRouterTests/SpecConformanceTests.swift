import Testing
import URLRouter

/// Rules of the routing and mediator contracts that no other suite states in these words: query
/// splitting at its edges, host-less URLs with a query, which tier or segment wins, an object
/// handler that also completes, generation of a partly given group, and mediator URLs whose
/// path is not exactly one action.
@Suite struct SpecConformanceTests {
    /// A router whose one route returns its query items as `name=value|name=value`.
    static func queryEcho(formDecoding: Bool = false) throws -> Router {
        let router = Router(options: .init(formDecoding: formDecoding))
        try router.registerObject("app://q") { request in
            request.queryItems.map { "\($0.name)=\($0.value)" }.joined(separator: "|")
        }
        return router
    }

    /// Split on `&`, then on the first `=`; empty pieces are no items; the fragment is no query.
    static let queryCases: [(url: String, items: String)] = [
        ("app://q?a=b=c", "a=b=c"),
        ("app://q?=x", "=x"),
        ("app://q?a=1&&b=2", "a=1|b=2"),
        ("app://q?&", ""),
        ("app://q??a=1", "?a=1"),
        ("app://q#f?z=1", ""),
        ("app://q?x=1#frag?y=2", "x=1"),
        ("app://q?a=%2B", "a=+"),
        ("app://q?a+b=c+d", "a+b=c+d"),
        ("app://q?a=1;b=2", "a=1;b=2"),
    ]

    @Test(arguments: queryCases)
    func querySplitting(url: String, items: String) throws {
        #expect(try Self.queryEcho().object(for: url) as? String == items)
    }

    /// Form decoding turns a raw `+` into a space in names and values alike, never `%2B`.
    @Test(arguments: [("app://q?a+b=c+d", "a b=c d"), ("app://q?a=%2B+x", "a=+ x")])
    func formDecoding(url: String, items: String) throws {
        #expect(try Self.queryEcho(formDecoding: true).object(for: url) as? String == items)
    }

    /// A URL without `//` has a query and a fragment like any other.
    @Test func hostlessURLsKeepTheirQuery() throws {
        let router = Router()
        try router.registerObject("tel:") { request in request.parameters.dictionary }
        try router.registerObject("tel:/:n") { request in request.parameters.dictionary }
        #expect(router.object(for: "tel:?x=1") as? [String: String] == ["x": "1"])
        #expect(router.object(for: "tel:123?x=1#f") as? [String: String] == ["n": "123", "x": "1"])
        #expect(router.match("tel:123#f")?.fragment == "f")
    }

    /// Tiers come before segment kinds; within a tier the leftmost difference decides; an
    /// explicit priority beats both.
    static let winnerCases: [(patterns: [String], url: String, winner: String?)] = [
        (["a://p/**", "p"], "a://p", "a://p/**"),
        (["a://p/:x/c", "a://p/b/**"], "a://p/b/c", "a://p/b/**"),
        (["a://p/:x/c", "a://p/b/**"], "a://p/q/c", "a://p/:x/c"),
        (["a://", "a://k/:v", "k/:v"], "a://k/1/2", "a://"),
        (["a://", "a://k/:v", "k/:v"], "b://k/1/2", nil),
        (["k/**", "a://"], "a://k/1", "k/**"),
        (["a://*/help", "a://:x/help"], "a://q/help", "a://:x/help"),
    ]

    @Test(arguments: winnerCases)
    func whichRouteWins(patterns: [String], url: String, winner expected: String?) throws {
        #expect(try winner(patternEchoRouter(patterns), url) == expected)
    }

    @Test func priorityBeatsTiersAndSegments() throws {
        let router = Router()
        try router.registerObject("a://x/lit") { $0.pattern }
        try router.registerObject("a://x/:y") { $0.pattern }
        try router.registerObject("x/:y", priority: 1) { $0.pattern }
        #expect(winner(router, "a://x/1") == "x/:y")
        #expect(winner(router, "a://x/lit") == "x/:y")
        try router.registerObject("a://", priority: 5) { $0.pattern }
        #expect(winner(router, "a://x/lit") == "a://")
        #expect(winner(router, "b://x/1") == "x/:y")
    }

    /// The first `complete` is the value, even from an object handler that then returns another;
    /// a `decline` after it is ignored.
    @Test func firstCompletionWins() throws {
        let router = Router()
        try router.registerObject("d://o") { request in
            request.complete("completed")
            return "returned"
        }
        try router.register("d://w/:id<int>") { request in
            request.complete("first")
            request.decline()
        }
        try router.register("d://w/:id") { request in request.complete("second") }
        for (url, value) in [("d://o", "completed"), ("d://w/1", "first")] {
            #expect(router.outcomes(url) == [.value(value)])
            #expect(router.object(for: url) as? String == value)
            #expect(router.open(url))
        }
    }

    /// A group is printed only whole: a placeholder of a group left out goes to the query, and
    /// matching reads it back from there.
    @Test func partlyGivenGroupGoesToTheQuery() throws {
        let router = Router()
        try router.register("g://x/:a(/:b/:c)") { _ in }
        let link = try router.url(for: "g://x/:a(/:b/:c)", parameters: ["a": "1", "b": "2", "a=b": "c&d"])
        #expect(link == "g://x/1?a%3Db=c%26d&b=2")
        #expect(router.match(link)?.parameters.dictionary == ["a": "1", "b": "2", "a=b": "c&d"])
    }

    /// A mediator URL names one target and one action, after `//`: nothing else reaches an action.
    @Test(arguments: ["app://Probe/ping/", "app://Probe//ping", "app:Probe/ping", "app://Probe/ping/x", "app://Probe"])
    func mediatorURLNeedsExactlyOneAction(url: String) {
        let (outcome, ran) = ProbeRecord.perform(url, on: probeMediator())
        #expect(outcome == .failure(.notFound))
        #expect(ran.isEmpty)
    }

    /// Query items are the parameters: decoded, `+` kept, the last of a repeated name.
    @Test func mediatorURLQueryIsTheParameters() {
        let mediator = Mediator()
        mediator.register(ParamsTarget.self)
        let result = mediator.perform(url: "app://Params/echo?a=1&b=x+y%20z&a=2&flag#frag")
        #expect((try? result.get()) as? [String: String] == ["a": "2", "b": "x+y z", "flag": ""])
    }
}

/// A target whose action returns its parameters as strings.
struct ParamsTarget: MediatorTarget {
    static var targetName: String { "Params" }
    var actions: [String: MediatorAction] {
        ["echo": { params in params.compactMapValues { $0 as? String } }]
    }
}
