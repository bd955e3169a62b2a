import Foundation
import Testing

@testable import URLRouter

/// Every limit of `Router.Limits`, at the limit and one past it: at the limit the input is
/// handled; past it the call fails with a clear `RouteError` (never a crash) whose message names
/// the limit and its value.
struct LimitsTests {
    /// A limit on URLs, the router's limits, and URLs with `size` units of it.
    struct URLLimit: Sendable, CustomTestStringConvertible {
        let name: String
        let limits: Router.Limits
        let value: Int
        let url: @Sendable (_ size: Int) -> String
        var testDescription: String { "\(name) = \(value)" }
    }

    static let urlLimits: [URLLimit] = [
        URLLimit(name: "maxURLLength", limits: .init(maxURLLength: 64), value: 64) { size in
            "t://p/" + String(repeating: "a", count: size - 6)
        },
        URLLimit(name: "maxURLLength", limits: .init(), value: 16 * 1024) { size in
            "t://p/" + String(repeating: "a", count: size - 6)
        },
        URLLimit(name: "maxSegments", limits: .init(maxSegments: 8), value: 8) { size in
            "t://p" + String(repeating: "/s", count: size - 1)
        },
        URLLimit(name: "maxSegments", limits: .init(), value: 64) { size in
            "t://p" + String(repeating: "/%73", count: size - 1)
        },
        URLLimit(name: "maxQueryItems", limits: .init(maxQueryItems: 4), value: 4) { size in
            "t://p?" + (0..<size).map { "q\($0)=\($0)" }.joined(separator: "&")
        },
        URLLimit(name: "maxQueryItems", limits: .init(), value: 256) { size in
            "t://p?" + (0..<size).map { "q\($0)=\($0)" }.joined(separator: "&&")
        },
    ]

    @Test(arguments: urlLimits)
    func urlAtTheLimitIsRouted(_ limit: URLLimit) {
        let router = Self.router(limit.limits)
        let url = limit.url(limit.value)
        #expect(router.canOpen(url))
        #expect(router.match(url)?.pattern == "t://p/**")
        let (opened, results) = Self.open(router, url)
        #expect(opened)
        #expect(results.count == 1)
        #expect(results.first?.error == nil)
    }

    @Test(arguments: urlLimits)
    func urlPastTheLimitFailsWithLimitExceeded(_ limit: URLLimit) throws {
        let router = Self.router(limit.limits)
        let url = limit.url(limit.value + 1)
        #expect(!router.canOpen(url))
        #expect(router.match(url) == nil)
        #expect(router.object(for: url) == nil)
        let (opened, results) = Self.open(router, url)
        #expect(!opened)
        #expect(results.count == 1)
        let error = try #require(results.first?.error)
        #expect(error.code == .limitExceeded)
        #expect(error.message.contains("Router.Limits.\(limit.name)"))
        #expect(error.message.contains("the limit is \(limit.value)"))
    }

    @Test(arguments: [2048, 40])
    func patternLength(limit: Int) throws {
        let router = Router(options: .init(limits: .init(maxPatternLength: limit)))
        let atLimit = "t://" + String(repeating: "a", count: limit - 4)
        try router.register(atLimit) { _ in }
        let pastLimit = "t://b" + String(repeating: "a", count: limit - 4)
        let error = Self.registrationError(router, pastLimit)
        #expect(error?.code == .limitExceeded)
        #expect(error?.message.contains("Router.Limits.maxPatternLength") == true)
        #expect(error?.message.contains("the limit is \(limit)") == true)
        #expect(router.routes.map(\.pattern) == [atLimit])
    }

    @Test(arguments: [64, 5])
    func patternSegments(limit: Int) throws {
        let router = Router(options: .init(limits: .init(maxSegments: limit)))
        try router.register("t://h" + (1..<limit).map { "/:p\($0)" }.joined()) { _ in }
        #expect(router.canOpen("t://h" + String(repeating: "/v", count: limit - 1)))
        let error = Self.registrationError(router, "t://i" + (1...limit).map { "/:p\($0)" }.joined())
        #expect(error?.code == .limitExceeded)
        #expect(error?.message.contains("Router.Limits.maxSegments") == true)
        #expect(error?.message.contains("the limit is \(limit)") == true)
        #expect(router.routes.count == 1)
    }

    @Test func routeCount() throws {
        let router = Router(options: .init(limits: .init(maxRoutes: 3)))
        for index in 0..<3 { try router.register("t://r/\(index)") { _ in } }
        let error = Self.registrationError(router, "t://r/3")
        #expect(error?.code == .limitExceeded)
        #expect(error?.message.contains("Router.Limits.maxRoutes") == true)
        #expect(error?.message.contains("the limit is 3") == true)
        #expect(router.routes.count == 3)
        #expect(!router.canOpen("t://r/3"))
        #expect(Self.registrationError(router, "t://r/2")?.code == .conflict)  // at the limit, a conflict says more

        try router.register("t://r/2", replacing: true) { _ in }  // a replacement adds nothing
        #expect(router.deregister("t://r/0"))
        try router.register("t://r/3") { _ in }
        #expect(router.routes.map(\.pattern) == ["t://r/1", "t://r/2", "t://r/3"])
    }

    @Test func deferredOpens() throws {
        let router = Router(options: .init(limits: .init(maxDeferredOpens: 3)))
        let handled = Locked<[String]>([])
        try router.register("t://d/:n") { request in handled.withLock { $0.append(request.parameters["n"]!) } }
        router.isReady = false
        let results = Locked<[String: RouteError?]>([:])
        for index in 0..<4 {
            let opened = router.open("t://d/\(index)") { result in
                results.withLock { $0["\(index)"] = result.error }
            }
            #expect(!opened)
        }
        #expect(router.deferredCount == 3)
        let dropped = try #require(results.withLock { $0["0"] } ?? nil)
        #expect(dropped.code == .dropped)
        #expect(dropped.message.hasSuffix("is full (Router.Limits.maxDeferredOpens is 3)."))
        #expect(results.withLock { $0.count } == 1)

        router.isReady = true
        #expect(handled.withLock { $0 } == ["1", "2", "3"])
        #expect(results.withLock { $0.count } == 4)
    }

    @Test func limitsAreClampedToSaneValues() {
        let limits = Router.Limits(
            maxURLLength: -1, maxSegments: 100_000, maxQueryItems: -5, maxPatternLength: 0,
            maxRoutes: -1, maxDeferredOpens: -1, maxRouteTableLength: -1)
        #expect(limits.maxURLLength == 0)
        #expect(limits.maxSegments == 256)
        #expect(limits.maxQueryItems == 0)
        #expect(limits.maxPatternLength == 1)
        #expect(limits.maxRoutes == 0)
        #expect(limits.maxDeferredOpens == 0)
        #expect(limits.maxRouteTableLength == 0)
        #expect(Router.Limits(maxSegments: 0).maxSegments == 1)
        #expect(Router.Limits(maxURLLength: .max).maxURLLength == Int(Int32.max))  // offsets are 32-bit
    }

    /// Limits at the ends of `Int` are held to their ranges, so no value crashes a lookup or a
    /// load: `Int.max` leaves room for everything, the others for nothing (a pattern of at most
    /// one byte, a route table of no bytes).
    @Test(arguments: [Int.min, -1, 0, Int.max])
    func extremeLimitsCrashNothing(value: Int) throws {
        let limits = Router.Limits(
            maxURLLength: value, maxSegments: value, maxQueryItems: value, maxPatternLength: value, maxRoutes: value,
            maxDeferredOpens: value, maxRouteTableLength: value)
        let router = Router(options: .init(limits: limits))
        #expect((0...Int(Int32.max)).contains(limits.maxRouteTableLength))
        let registered = caught { try router.register("shop://item/:id") { $0.complete($0.parameters["id"]) } }
        #expect(value > 0 ? registered == nil : registered?.code == .limitExceeded)
        #expect(router.outcomes("shop://item/42") == [value > 0 ? .value("42") : .failure(.limitExceeded)])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID()).json")
        try Data("[]".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect((try? router.loadRouteTable(from: file, on: Mediator())) == (value > 0 ? [] : nil))
    }

    /// The largest segment limit, on a thread with a 512 KiB stack (a background thread's on
    /// Apple platforms): matching recurses once per segment. At the old ceiling of 4,096 this
    /// crashed even with 4 MiB in a debug build.
    @Test func largestSegmentLimitOnASmallStack() throws {
        let segments = Router.Limits(maxSegments: .max).maxSegments
        let limits = Router.Limits(maxURLLength: 1 << 20, maxSegments: segments, maxPatternLength: 1 << 20)
        let router = Router(options: .init(limits: limits))
        try router.register("t://h" + (1..<segments).map { "/:p\($0)" }.joined()) { request in
            request.complete(request.parameters["p\(segments - 1)"])
        }
        let url = "t://h" + (1..<segments).map { "/v\($0)" }.joined()
        let value = onThread(stackSize: 512 * 1024) { router.object(for: url) as? String }
        #expect(value == "v\(segments - 1)")
    }

    // MARK: - Helpers

    static func router(_ limits: Router.Limits) -> Router {
        let router = Router(options: .init(limits: limits))
        try! router.register("t://p/**") { request in request.complete("ok") }
        return router
    }

    /// What an open returned and what its completion received, in order.
    static func open(_ router: Router, _ url: String) -> (Bool, [Result<String?, RouteError>]) {
        let results = Locked<[Result<String?, RouteError>]>([])
        let opened = router.open(url) { result in
            results.withLock { $0.append(result.map { $0 as? String }) }
        }
        return (opened, results.withLock { $0 })
    }

    static func registrationError(_ router: Router, _ pattern: String) -> RouteError? {
        do {
            try router.register(pattern) { _ in }
            return nil
        } catch {
            return error
        }
    }
}

extension Result {
    /// The failure, if this is one.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// `maxRoutes` counts what a route puts in the trie: one entry per combination of its optional
/// groups under each origin, so that a short row of a route table cannot make millions of them.
@Suite("Limits: routes with groups and origins")
struct RouteLimitEntryTests {
    @Test func aRouteCountsOncePerCombinationAndOrigin() throws {
        let router = Router(options: .init(limits: .init(maxRoutes: 8)))
        try router.register("item/:id(/reviews)", origins: [.scheme("shop"), .web("shop.example.com")]) { _ in }
        try router.register("a://x(/y)(/z)") { _ in }  // 4 more: 8 in all
        let error = caught { try router.register("a://one") { _ in } }
        #expect(error?.code == .limitExceeded)
        #expect(error?.message.contains("it would make 9 routes") == true, "\(String(describing: error))")
        #expect(error?.message.hasSuffix("the limit is 8 (Router.Limits.maxRoutes).") == true)
        // Replacing frees the old route's entries first: 2 for 4 fits, and then 1 more does.
        try router.register("a://x(/y)", replacing: true) { _ in }
        try router.register("a://one") { _ in }
        #expect(router.routes.count == 3)
    }

    @Test func aRowWithManyOriginsAndGroupsIsRefused() throws {
        let origins = (0..<1_000).map { #""s\#($0)""# }.joined(separator: ",")
        let row = #"{"pattern": "x(/a)(/b)(/c)(/d)(/e)(/f)", "target": "T", "action": "a", "origins": ["#
        let router = Router(options: .init(limits: .init(maxRoutes: 50_000)))
        let error = caught { try router.loadRouteTable(from: "[" + row + origins + "]}]", on: Mediator()) }
        #expect(error?.code == .invalidRouteTable, "\(String(describing: error))")
        #expect(error?.message.contains("it would make 64000 routes") == true)
        #expect(router.routes.isEmpty)
    }
}
