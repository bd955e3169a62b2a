import Foundation
import Testing

@testable import URLRouter

/// `value(opening:)` and task cancellation: the wait ends at once with `cancelled`, a queued open is withdrawn, and a
/// completion racing the cancellation resumes the caller exactly once.
@Suite("value(opening:) and cancellation")
struct ValueCancellationTests {
    /// The error `value(opening:)` threw, or nil when it returned.
    private func failure(of task: Task<String?, any Error>) async -> RouteError.Code? {
        do {
            _ = try await task.value
            return nil
        } catch {
            return (error as? RouteError)?.code
        }
    }

    @Test func cancellingWhileAHandlerKeepsTheRequestEndsTheWait() async throws {
        let router = Router()
        let kept = Slot<RouteRequest>()
        try router.register("app://login") { request in kept.set(request) }  // completes only when the user signs in
        let task = Task { try await router.value(opening: "app://login") as? String }
        while kept.get == nil { await Task.yield() }
        task.cancel()
        let error = await #expect(throws: RouteError.self) { try await task.value }
        #expect(error?.code == .cancelled)
        #expect(error?.message == #"Stopped waiting for "app://login": the task was cancelled."#)
        kept.get?.complete("signed in")  // too late: goes nowhere, and resumes nothing twice
        kept.set(nil)
    }

    @Test func aTaskCancelledBeforeTheCallOpensNothing() async throws {
        let router = Router()
        let runs = Counter()
        try router.registerObject("app://page") { _ in runs.increment() }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await router.value(opening: "app://page") as? String
        }
        #expect(await failure(of: task) == .cancelled)
        #expect(runs.count == 0)
    }

    @Test func anOpenCancelledWhileQueuedIsWithdrawn() async throws {
        let router = Router()
        let runs = Counter()
        let events = Recorder<String>()
        try router.registerObject("app://page") { _ in runs.increment() }
        router.addObserver { events.record($0.outcome.rawValue) }
        router.isReady = false
        let task = Task { try await router.value(opening: "app://page") as? String }
        while router.deferredCount == 0 { await Task.yield() }
        task.cancel()
        #expect(await failure(of: task) == .cancelled)
        router.open("app://page")  // queued behind it, and still run
        router.isReady = true
        #expect(runs.count == 1)
        #expect(router.deferredCount == 0)
        #expect(events.values == ["deferred", "deferred", "dropped", "handled"])
    }

    /// A withdrawn open no longer counts as waiting, and goes first when the queue is full: a live link takes its place.
    @Test func aWithdrawnOpenGivesUpItsPlaceInTheQueue() async throws {
        let router = Router(options: .init(limits: .init(maxDeferredOpens: 1)))
        let events = Recorder<String>()
        try router.registerObject("app://page/:n") { request in request.parameters["n"] }
        router.addObserver { events.record("\($0.outcome.rawValue) \($0.url)") }
        router.isReady = false
        let task = Task { try await router.value(opening: "app://page/1") as? String }
        while events.values.isEmpty { await Task.yield() }
        task.cancel()
        #expect(await failure(of: task) == .cancelled)
        #expect(router.deferredCount == 0)
        let live = CompletionLog()
        router.open("app://page/2", source: .external, completion: live.completion)
        #expect(router.deferredCount == 1)
        router.isReady = true
        #expect(live.all == [.value("2")])
        #expect(
            events.values == [
                "deferred app://page/1", "deferred app://page/2", "dropped app://page/1", "handled app://page/2",
            ])
    }

    /// A handler completing on another thread while the task is cancelled: the caller gets one of the two, once.
    @Test func aCompletionRacingTheCancellationResumesOnce() async throws {
        let router = Router()
        try router.register("app://slow") { request in Thread.detachNewThread { request.complete("done") } }
        var outcomes: Set<String> = []
        for _ in 0..<300 {
            let task = Task { try await router.value(opening: "app://slow") as? String }
            task.cancel()
            let code = await failure(of: task)
            outcomes.insert(code.map { "\($0)" } ?? "value")
        }
        #expect(outcomes.isSubset(of: ["value", "cancelled"]))
        #expect(!outcomes.isEmpty)
    }

    @Test func anUncancelledWaitStillGetsItsValue() async throws {
        let router = Router()
        try router.register("app://late") { request in Thread.detachNewThread { request.complete("late") } }
        #expect(try await router.value(opening: "app://late") as? String == "late")
    }
}
