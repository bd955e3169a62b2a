// swift-format-ignore-file
// The documentation shows this example as written.
import Testing
import URLRouter

@MainActor final class Navigator {
    let router = Router()
    var stack: [String] = []

    func start() throws {
        try router.register("shop://item/:id") { [unowned self] request in
            let id = request.parameters["id"] ?? "-"
            MainActor.assumeIsolated { self.stack.append("item \(id)") }
        }
        try router.register("shop://cart") { [weak self] request in
            Task { @MainActor in  // runs later: the navigator may be gone by then
                guard let self else { return request.fail(RouteError(.dropped, "The navigator is gone.")) }
                self.stack.append("cart")
                request.complete(self.stack.count)
            }
        }
    }
}

/// Concurrency.md, "Main-actor code": handlers of a main-actor navigator touch its state.
@Suite("Articles: Concurrency, main-actor code")
@MainActor struct MainActorArticleTests {
    @Test func aHandlerOpenedFromTheMainActorChangesItsState() throws {
        let navigator = Navigator()
        try navigator.start()
        #expect(navigator.router.open("shop://item/7"))
        #expect(navigator.stack == ["item 7"])
    }

    @Test func aHandlerThatHopsCompletesFromTheMainActor() async throws {
        let navigator = Navigator()
        try navigator.start()
        #expect(navigator.router.object(for: "shop://cart") == nil)  // returns before the hop
        let count = try await navigator.router.value(opening: "shop://cart")
        #expect(count as? Int == 2)
        #expect(navigator.stack == ["cart", "cart"])
    }

    @Test func aHopThatOutlivesTheNavigatorFailsTheRequest() async throws {
        var navigator: Navigator? = Navigator()
        try navigator?.start()
        let router = try #require(navigator?.router)
        let (codes, sink) = AsyncStream.makeStream(of: RouteError.Code?.self)
        router.open("shop://cart") { result in
            if case .failure(let error) = result { sink.yield(error.code) } else { sink.yield(nil) }
        }
        navigator = nil  // before the hop runs
        var iterator = codes.makeAsyncIterator()
        #expect(await iterator.next() == .some(.dropped))
    }
}
