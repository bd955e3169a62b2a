import Foundation
import Testing

@testable import URLRouter

@Suite("Declining handlers")
struct DeclineTests {
    @Test func declinePassesToTheNextBestRoute() throws {
        let router = Router()
        let calls = Recorder<String>()
        try router.register("shop://item/new") { request in
            calls.record("literal"); request.decline()
        }
        try router.register("shop://item/:id<int>") { request in
            calls.record("typed"); request.complete("typed")
        }
        try router.register("shop://item/:id") { request in
            calls.record("plain"); request.complete("plain")
        }
        try router.register("shop://**") { request in
            calls.record("catch-all"); request.complete("catch-all")
        }

        #expect(router.outcomes("shop://item/new") == [.value("plain")])
        #expect(calls.values == ["literal", "plain"])
    }

    @Test func everyRouteDeclining() throws {
        let router = Router()
        try router.register("shop://item/:id") { $0.decline() }
        try router.register("/item/:id") { $0.decline() }
        try router.register("shop://") { $0.decline() }
        #expect(router.outcomes("shop://item/1") == [.failure(.declined)])
        #expect(router.open("shop://item/1") == false)
    }

    @Test func declineRespectsPriorityOrder() throws {
        let router = Router()
        let calls = Recorder<Int>()
        for priority in [3, 1, 2] {
            try router.register("shop://p\(priority)/:x", priority: priority) { _ in }
        }
        try router.register("shop://:a/:b", priority: 5) { request in
            calls.record(5); request.decline()
        }
        try router.register("shop://*/:b", priority: 4) { request in
            calls.record(4); request.complete(4)
        }
        #expect(router.outcomes("shop://p1/x") == [.value("4")])
        #expect(calls.values == [5, 4])
    }

    @Test func objectHandlersCanDecline() throws {
        let router = Router()
        try router.registerObject("shop://item/:id", priority: 1) { request in
            request.decline(); return "ignored"
        }
        try router.registerObject("shop://item/*") { _ in "fallback" }
        #expect(router.object(for: "shop://item/1") as? String == "fallback")
    }

    /// A handler that kept the request has returned: a later decline is ignored, and the request
    /// still completes the open.
    @Test func declineAfterTheHandlerReturnedIsIgnored() throws {
        let router = Router()
        let kept = Slot<RouteRequest>()
        try router.register("shop://item/:id", priority: 1) { request in kept.set(request) }
        try router.register("shop://item/*") { request in request.complete("second") }
        let log = CompletionLog()
        #expect(router.open("shop://item/1", completion: log.completion))
        let request = try #require(kept.get)
        kept.set(nil)
        request.decline()
        request.complete("late")
        #expect(log.all == [.value("late")])
    }

    @Test func declineAfterCompleteIsIgnored() throws {
        let router = Router()
        try router.register("shop://item/:id", priority: 1) { request in
            request.complete("first"); request.decline()
        }
        try router.register("shop://item/*") { request in request.complete("second") }
        #expect(router.outcomes("shop://item/1") == [.value("first")])
    }

    /// Another thread completes the request while its handler declines it: whichever comes
    /// first wins, and the completion runs exactly once either way.
    @Test func aCompletionRacingADeclineRunsOnce() throws {
        let router = Router()
        try router.register("shop://item/:id", priority: 1) { request in
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                request.complete("raced")
                done.signal()
            }
            request.decline()
            done.wait()
        }
        try router.register("shop://item/*") { request in request.complete("next") }
        for _ in 0..<200 {
            let log = CompletionLog()
            router.open("shop://item/1", completion: log.completion)
            #expect(log.all == [.value("raced")] || log.all == [.value("next")])
        }
    }

    /// A decline after `complete` or `fail` is ignored whether or not the opener passed a
    /// completion: the next route's handler does not run as well.
    @Test(arguments: [false, true], [false, true])
    func declineAfterCompletingIsIgnoredWithOrWithoutACompletion(withCompletion: Bool, failing: Bool) throws {
        let router = Router()
        let calls = Recorder<String>()
        try router.register("shop://item/:id", priority: 1) { request in
            calls.record("first")
            if failing { request.fail(RouteError(.refused, "no")) } else { request.complete("first") }
            request.decline()
        }
        try router.register("shop://item/*") { request in
            calls.record("second"); request.complete("second")
        }
        let log = CompletionLog()
        #expect(router.open("shop://item/1", completion: withCompletion ? log.completion : nil))
        #expect(calls.values == ["first"])
        #expect(log.all == (withCompletion ? [failing ? .failure(.refused) : .value("first")] : []))
    }
}
