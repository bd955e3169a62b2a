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
        CompletionCase(
            name: "handler completes", url: "x://complete", source: .internal, opened: true, outcome: .value("done")),
        CompletionCase(
            name: "handler completes twice", url: "x://twice", source: .internal, opened: true, outcome: .value("first")
        ),
        CompletionCase(
            name: "handler completes with nil", url: "x://nil", source: .internal, opened: true, outcome: .value(nil)),
        CompletionCase(
            name: "handler fails", url: "x://fail", source: .internal, opened: true, outcome: .failure(.refused)),
        CompletionCase(
            name: "handler lets go", url: "x://letgo", source: .internal, opened: true, outcome: .value(nil)),
        CompletionCase(
            name: "handler copies the request locally", url: "x://local", source: .internal, opened: true,
            outcome: .value(nil)),
        CompletionCase(
            name: "object handler returns", url: "x://object", source: .internal, opened: true, outcome: .value("value")
        ),
        CompletionCase(
            name: "object handler returns nil", url: "x://objectnil", source: .internal, opened: true,
            outcome: .value(nil)),
        CompletionCase(
            name: "object handler completes first", url: "x://objectcompletes", source: .internal, opened: true,
            outcome: .value("completed")),
        CompletionCase(
            name: "not found", url: "x://missing", source: .internal, opened: false, outcome: .failure(.notFound)),
        CompletionCase(
            name: "internal-only route opened from outside", url: "x://private", source: .external, opened: false,
            outcome: .failure(.refused)),
        CompletionCase(
            name: "scheme not allowed from outside", url: "y://open", source: .external, opened: false,
            outcome: .failure(.refused)),
        CompletionCase(
            name: "interceptor refuses", url: "x://blocked", source: .internal, opened: false,
            outcome: .failure(.refused)),
        CompletionCase(
            name: "over a limit", url: "x://" + String(repeating: "a/", count: 100), source: .internal, opened: false,
            outcome: .failure(.limitExceeded)),
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
        try router.register("x://private", access: .internal) { $0.complete("secret") }
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
            let value = try await router.value(opening: test.url, source: test.source)
            #expect(Outcome(.success(value)) == test.outcome)
        } catch {
            #expect(Outcome(.failure(error)) == test.outcome)
        }
    }

    @Test func notFoundErrorQuotesTheURL() async throws {
        let router = Router()
        await #expect(throws: RouteError.notFound("x://missing?q=1")) {
            try await router.value(opening: "x://missing?q=1")
        }
        let error = await #expect(throws: RouteError.self) { try await router.value(opening: "x://missing") }
        #expect(error?.message == "No route matches \"x://missing\".")
    }

    @Test(.timeLimit(.minutes(1)))
    func aHandlerThatKeepsTheRequestCompletesLaterOnAnotherThread() throws {
        let router = Router()
        let kept = Slot<RouteRequest>()
        try router.register("x://later") { request in kept.set(request) }
        let log = CompletionLog()
        let done = DispatchSemaphore(value: 0)
        #expect(
            router.open("x://later") { result in
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
        #expect(try await router.value(opening: "x://later") as? String == "late")
        await #expect(throws: RouteError(.refused, "later")) { try await router.value(opening: "x://laterfail") }
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
        kept.set(nil)  // the request holds its route and so this handler: a cycle while kept
        request.complete("too late")  // goes nowhere, and does not crash
        #expect(router.routes.map(\.returnsObject) == [false, false, false, false])
    }

    /// A handler that keeps its request keeps the completion `object(for:)` passed: that must not
    /// keep the value, given before the call returned or after.
    @Test func objectForHoldsNoValueAfterItReturns() throws {
        final class View: Sendable {}
        let router = Router()
        let kept = Slot<RouteRequest>()
        try router.register("x://now") { request in
            kept.set(request); request.complete(View())
        }
        try router.register("x://later") { request in kept.set(request) }
        weak var now: View?
        do {
            let view = router.object(for: "x://now") as? View
            #expect(view != nil)
            now = view
        }
        #expect(now == nil)
        #expect(router.object(for: "x://later") == nil)
        weak var later: View?
        do {
            let view = View()
            later = view
            kept.get?.complete(view)
        }
        #expect(later == nil)
        kept.set(nil)
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
}
