import Foundation
import Testing

@testable import URLRouter

/// `canOpen` against `open`, `match` without side effects, re-entrant handlers, threads.
extension OpeningTests {
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
        try router.register("shop://private", access: .internal) { _ in counter.increment() }
        for source in [RouteSource.internal, .external] {
            let before = counter.count
            let predicted = router.canOpen(url, source: source)
            #expect(counter.count == before, "canOpen runs nothing")
            let opened = router.open(url, source: source)
            #expect(opened == predicted)
            #expect(counter.count - before == (opened ? 1 : 0))
        }
    }

    @Test(arguments: [
        ("x://open", true), ("X://open", true), ("y://open", false), ("Y://open", false), ("/open", false),
    ])
    func canOpenFromOutsideHonoursTheSchemeAllowList(_ url: String, allowed: Bool) throws {
        let router = Router(options: .init(allowedExternalSchemes: ["X"]))
        let counter = Counter()
        try router.register("open") { _ in counter.increment() }
        #expect(router.canOpen(url, source: .external) == allowed)
        #expect(router.open(url, source: .external) == allowed)
        #expect(counter.count == (allowed ? 1 : 0))
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
        try router.register("x://outer") { [unowned router] request in
            note("outer start")
            let nested = CompletionLog()
            note(
                "nested open \(router.open("x://inner/1", completion: nested.completion)) \(nested.all == [.value("inner done")])"
            )
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
        #expect(
            log.get == [
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
        let handlerThread = Locked<[Int: ObjectIdentifier]>([:])
        try router.register("x://where/:i") { request in
            let index = request.parameters.int("i")!
            let current = ObjectIdentifier(Thread.current)
            handlerThread.withLock { $0[index] = current }
        }
        let callerThread = Locked<[Int: ObjectIdentifier]>([:])
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
            seen.set(
                [
                    request.url, request.pattern, request.parameters["id"] ?? "-",
                    "\(request.userInfo["source"] ?? "-")",
                    "\(request.source)", request.fragment ?? "-", request.wildcard.joined(separator: ","),
                    request.queryItems.map(\.description).joined(separator: ","), "\(request.match.priority)",
                ].joined(separator: " | "))
        }
        #expect(router.open("shop://item/42/a/b?ref=home#top", source: .external, userInfo: ["source": "push"]))
        #expect(
            seen.get
                == "shop://item/42/a/b?ref=home#top | shop://item/:id/** | 42 | push | external | top | a,b | ref=home | 0"
        )
    }
}
