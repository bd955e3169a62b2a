import Foundation
import Synchronization
import Testing
import URLRouter

/// What `open`, `object(for:)`, `canOpen` and `match` promise: the Bool, the completion
/// exactly once, the async form, side effects, re-entrancy and threads.
@Suite(.timeLimit(.minutes(1))) struct OpeningTests {
    @Test func openReturnsWhetherAHandlerRan() throws {
        let router = Router()
        let counter = Counter()
        try router.register("shop://item/:id") { _ in counter.increment() }
        #expect(router.open("shop://item/42"))
        #expect(router.open("shop://item/42?ref=home"))
        #expect(!router.open("shop://item"))
        #expect(!router.open("mall://item/42"))
        #expect(counter.count == 2)
    }

    /// One way a handler can end, and what the completion gets by the time `open` returns.
    struct CompletionCase: Sendable, CustomTestStringConvertible {
        let name: String
        let url: String
        let source: RouteSource
        let opened: Bool
        let outcome: Outcome
        var testDescription: String { name }
    }

    static let completionCases: [CompletionCase] = [
        CompletionCase(name: "handler completes", url: "x://complete", source: .internal, opened: true, outcome: .value("done")),
        CompletionCase(name: "handler completes twice", url: "x://twice", source: .internal, opened: true, outcome: .value("first")),
        CompletionCase(name: "handler completes with nil", url: "x://nil", source: .internal, opened: true, outcome: .value(nil)),
        CompletionCase(name: "handler fails", url: "x://fail", source: .internal, opened: true, outcome: .failure(.refused)),
        CompletionCase(name: "handler lets go", url: "x://letgo", source: .internal, opened: true, outcome: .value(nil)),
        CompletionCase(name: "handler copies the request locally", url: "x://local", source: .internal, opened: true, outcome: .value(nil)),
        CompletionCase(name: "object handler returns", url: "x://object", source: .internal, opened: true, outcome: .value("value")),
        CompletionCase(name: "object handler returns nil", url: "x://objectnil", source: .internal, opened: true, outcome: .value(nil)),
        CompletionCase(name: "object handler completes first", url: "x://objectcompletes", source: .internal, opened: true, outcome: .value("completed")),
        CompletionCase(name: "not found", url: "x://missing", source: .internal, opened: false, outcome: .failure(.notFound)),
        CompletionCase(name: "internal-only route opened from outside", url: "x://private", source: .external, opened: false, outcome: .failure(.refused)),
        CompletionCase(name: "scheme not allowed from outside", url: "y://open", source: .external, opened: false, outcome: .failure(.refused)),
        CompletionCase(name: "interceptor refuses", url: "x://blocked", source: .internal, opened: false, outcome: .failure(.refused)),
        CompletionCase(name: "over a limit", url: "x://" + String(repeating: "a/", count: 100), source: .internal, opened: false, outcome: .failure(.limitExceeded)),
    ]

    static func completionRouter() throws -> Router {
        let router = Router(options: .init(allowedExternalSchemes: ["x"]))
        try router.register("x://complete") { $0.complete("done") }
        try router.register("x://twice") { request in
            request.complete("first")
            request.complete("second")
            request.fail(RouteError(.refused, "too late"))
        }
        try router.register("x://nil") { $0.complete(nil) }
        try router.register("x://fail") { $0.fail(RouteError(.refused, "no")) }
        try router.register("x://letgo") { _ in }
        try router.register("x://local") { request in
            let copy = request
            _ = copy.parameters.dictionary
        }
        try router.registerObject("x://object") { _ in "value" }
        try router.registerObject("x://objectnil") { _ in nil }
        try router.registerObject("x://objectcompletes") { request in
            request.complete("completed")
            return "returned"
        }
        try router.register("x://private", access: .internalOnly) { $0.complete("secret") }
        try router.register("y://open") { $0.complete("y") }
        try router.register("x://blocked") { $0.complete("should not run") }
        router.addInterceptor { open in open.url == "x://blocked" ? .refuse("blocked") : .proceed }
        return router
    }

    @Test(arguments: completionCases)
    func completionRunsExactlyOnceBeforeOpenReturns(_ test: CompletionCase) throws {
        let router = try Self.completionRouter()
        let log = CompletionLog()
        #expect(router.open(test.url, source: test.source, completion: log.completion) == test.opened)
        #expect(log.all == [test.outcome])
    }

    @Test(arguments: completionCases)
    func asyncOpenReturnsTheValueOrThrows(_ test: CompletionCase) async throws {
        let router = try Self.completionRouter()
        do {
            let value = try await router.open(test.url, source: test.source)
            #expect(Outcome(.success(value)) == test.outcome)
        } catch {
            #expect(Outcome(.failure(error)) == test.outcome)
        }
    }

    @Test func notFoundErrorQuotesTheURL() async throws {
        let router = Router()
        await #expect(throws: RouteError.notFound("x://missing?q=1")) { try await router.open("x://missing?q=1") }
        let error = await #expect(throws: RouteError.self) { try await router.open("x://missing") }
        #expect(error?.message == "No route matches \"x://missing\".")
    }

    @Test(.timeLimit(.minutes(1)))
    func aHandlerThatKeepsTheRequestCompletesLaterOnAnotherThread() throws {
        let router = Router()
        let kept = Slot<RouteRequest>()
        try router.register("x://later") { request in kept.set(request) }
        let log = CompletionLog()
        let done = DispatchSemaphore(value: 0)
        #expect(router.open("x://later") { result in
            log.completion(result)
            done.signal()
        })
        #expect(log.all.isEmpty, "the handler still holds the request, so it is not cut short")
        let request = try #require(kept.get)
        kept.set(nil)
        DispatchQueue.global().async {
            request.complete("late")
            request.complete("ignored")
        }
        done.wait()
        #expect(log.all == [.value("late")])
    }

    @Test(.timeLimit(.minutes(1)))
    func aKeptRequestReleasedUncompletedYieldsNil() throws {
        let router = Router()
        let kept = Slot<RouteRequest>()
        try router.register("x://later") { request in kept.set(request) }
        let log = CompletionLog()
        #expect(router.open("x://later", completion: log.completion))
        #expect(log.all.isEmpty)
        let released = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            kept.set(nil)
            released.signal()
        }
        released.wait()
        #expect(log.all == [.value(nil)])
    }

    @Test(.timeLimit(.minutes(1)))
    func asyncOpenWaitsForALateCompletion() async throws {
        let router = Router()
        try router.register("x://later") { request in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { request.complete("late") }
        }
        try router.register("x://laterfail") { request in
            DispatchQueue.global().async { request.fail(RouteError(.refused, "later")) }
        }
        #expect(try await router.open("x://later") as? String == "late")
        await #expect(throws: RouteError(.refused, "later")) { try await router.open("x://laterfail") }
    }

    @Test func registerObjectAndObjectFor() throws {
        let router = Router()
        struct ItemView: Sendable, Equatable { let id: String }
        try router.registerObject("shop://item/:id/view") { ItemView(id: $0.parameters["id"]!) }
        #expect(router.object(for: "shop://item/42/view") as? ItemView == ItemView(id: "42"))
        #expect(router.object(for: "shop://item/42/view?id=7") as? ItemView == ItemView(id: "42"))
        #expect(router.object(for: "shop://item/42") == nil)
        #expect(router.routes.map(\.returnsObject) == [true])
    }

    @Test(.timeLimit(.minutes(1)))
    func objectForAPlainHandlerIsItsSynchronousValue() throws {
        let router = Router()
        let kept = Slot<RouteRequest>()
        try router.register("x://sync") { $0.complete("now") }
        try router.register("x://none") { _ in }
        try router.register("x://failing") { $0.fail(RouteError(.refused, "no")) }
        try router.register("x://async") { request in kept.set(request) }
        #expect(router.object(for: "x://sync") as? String == "now")
        #expect(router.object(for: "x://none") == nil)
        #expect(router.object(for: "x://failing") == nil)
        #expect(router.object(for: "x://async") == nil)
        let request = try #require(kept.get)
        request.complete("too late")  // goes nowhere, and does not crash
        #expect(router.routes.map(\.returnsObject) == [false, false, false, false])
    }

    @Test func objectForIsNilWhileTheRouterIsNotReady() throws {
        let router = Router()
        let counter = Counter()
        try router.registerObject("x://v") { _ in
            counter.increment()
            return "v"
        }
        router.isReady = false
        #expect(router.object(for: "x://v") == nil)
        #expect(counter.count == 0)
        #expect(router.deferredCount == 0)
        let log = CompletionLog()
        #expect(router.open("x://v", completion: log.completion) == false)
        #expect(log.all.isEmpty)
        #expect(router.deferredCount == 1)
        router.isReady = true
        #expect(log.all == [.value("v")])
        #expect(counter.count == 1)
        #expect(router.object(for: "x://v") as? String == "v")
    }

    static let canOpenURLs: [String] = [
        "shop://item/42", "shop://item/abc", "shop://item", "shop://item/42/extra", "shop://item/42/edit",
        "shop://item/x/edit", "SHOP://ITEM/7", "shop://cart", "mall://cart", "cart", "/cart/", "shop://private",
        "shop://", "tel:123", "tel:", "x://files/a/b/c", "x://files", "", "?", "#", "shop://item/%34%32/edit",
        "shop://item/4%2F2", "shop://item/42?id=7", "shop://item/" + String(repeating: "a/", count: 80),
    ]

    @Test(arguments: canOpenURLs)
    func canOpenIsTrueExactlyWhenOpenRunsAHandler(_ url: String) throws {
        let router = Router()
        let counter = Counter()
        for pattern in ["shop://item/:id", "shop://item/:id<int>/edit", "cart", "files/**", "tel::n"] {
            try router.register(pattern) { _ in counter.increment() }
        }
        try router.register("shop://private", access: .internalOnly) { _ in counter.increment() }
        for source in [RouteSource.internal, .external] {
            let before = counter.count
            let predicted = router.canOpen(url, source: source)
            #expect(counter.count == before, "canOpen runs nothing")
            let opened = router.open(url, source: source)
            #expect(opened == predicted)
            #expect(counter.count - before == (opened ? 1 : 0))
        }
    }

    @Test(arguments: ["x://open", "y://open", "X://open", "/open", "Y://open"])
    func canOpenFromOutsideHonoursTheSchemeAllowList(_ url: String) throws {
        let router = Router(options: .init(allowedExternalSchemes: ["X"]))
        let counter = Counter()
        try router.register("open") { _ in counter.increment() }
        let predicted = router.canOpen(url, source: .external)
        #expect(router.open(url, source: .external) == predicted)
        #expect(counter.count == (predicted ? 1 : 0))
        #expect(router.canOpen(url, source: .internal))
    }

    @Test func matchAndCanOpenHaveNoSideEffects() throws {
        let router = Router()
        let handlers = Counter()
        let events = Counter()
        let intercepted = Counter()
        try router.register("shop://item/:id") { _ in handlers.increment() }
        router.addObserver { _ in events.increment() }
        router.addInterceptor { _ in
            intercepted.increment()
            return .proceed
        }
        for url in ["shop://item/1", "shop://none"] {
            _ = router.match(url)
            _ = router.canOpen(url)
            _ = router.match(url)?.parameters.dictionary
        }
        #expect(handlers.count == 0)
        #expect(events.count == 0)
        #expect(intercepted.count == 0)
        let match = try #require(router.match("shop://item/1?ref=x#top"))
        #expect(match.pattern == "shop://item/:id")
        #expect(match.url == "shop://item/1?ref=x#top")
        #expect(match.priority == 0)
        #expect(match.parameters["id"] == "1")
        #expect(match.parameters["ref"] == "x")
        #expect(match.fragment == "top")
        #expect(match.description == "shop://item/:id [id: 1, ref: x]")
        #expect(router.open("shop://item/1"))
        #expect(handlers.count == 1)
        #expect(events.count == 1)
        #expect(intercepted.count == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func handlersMayReenterTheRouter() throws {
        let router = Router()
        let log = Slot<[String]>([])
        @Sendable func note(_ text: String) { log.set((log.get ?? []) + [text]) }
        try router.register("x://inner/:n") { request in
            note("inner \(request.parameters["n"]!)")
            request.complete("inner done")
        }
        try router.register("x://doomed") { _ in note("doomed ran") }
        try router.register("x://outer") { request in
            note("outer start")
            let nested = CompletionLog()
            note("nested open \(router.open("x://inner/1", completion: nested.completion)) \(nested.all == [.value("inner done")])")
            note("object \(router.object(for: "x://inner/2") as? String ?? "nil")")
            do {
                try router.register("x://added") { $0.complete("added") }
                note("registered")
            } catch {
                note("register failed: \(error)")
            }
            note("deregistered \(router.deregister("x://doomed"))")
            note("canOpen \(router.canOpen("x://added")) \(router.canOpen("x://doomed"))")
            note("routes \(router.routes.count)")
            let dump = router.description
            note("description \(dump.contains("added → x://added")) \(dump.contains("→ x://doomed"))")
            note("url \((try? router.url(for: "x://inner/:n", parameters: ["n": "3"])) ?? "nil")")
            request.complete("outer done")
        }
        let log2 = CompletionLog()
        #expect(router.open("x://outer", completion: log2.completion))
        #expect(log2.all == [.value("outer done")])
        #expect(log.get == [
            "outer start",
            "inner 1",
            "nested open true true",
            "inner 2",
            "object inner done",
            "registered",
            "deregistered true",
            "canOpen true false",
            "routes 3",
            "description true false",
            "url x://inner/3",
        ])
        #expect(router.object(for: "x://added") as? String == "added")
        #expect(!router.open("x://doomed"))
    }

    @Test(.timeLimit(.minutes(1)))
    func handlersRunOnTheCallersThread() throws {
        let router = Router()
        let handlerThread = Mutex<[Int: ObjectIdentifier]>([:])
        try router.register("x://where/:i") { request in
            let index = request.parameters.int("i")!
            let current = ObjectIdentifier(Thread.current)
            handlerThread.withLock { $0[index] = current }
        }
        let callerThread = Mutex<[Int: ObjectIdentifier]>([:])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let current = ObjectIdentifier(Thread.current)
            callerThread.withLock { $0[index] = current }
            router.open("x://where/\(index)")
        }
        let handlers = handlerThread.withLock { $0 }
        let callers = callerThread.withLock { $0 }
        #expect(handlers.count == 8)
        #expect(handlers == callers)
    }

    @Test func requestCarriesWhatTheHandlerNeeds() throws {
        let router = Router()
        let seen = Slot<String>()
        try router.register("shop://item/:id/**") { request in
            seen.set([
                request.url, request.pattern, request.parameters["id"] ?? "-", "\(request.userInfo["source"] ?? "-")",
                "\(request.source)", request.fragment ?? "-", request.wildcard.joined(separator: ","),
                request.queryItems.map(\.description).joined(separator: ","), "\(request.match.priority)",
            ].joined(separator: " | "))
        }
        #expect(router.open("shop://item/42/a/b?ref=home#top", source: .external, userInfo: ["source": "push"]))
        #expect(seen.get == "shop://item/42/a/b?ref=home#top | shop://item/:id/** | 42 | push | external | top | a,b | ref=home | 0")
    }
}
