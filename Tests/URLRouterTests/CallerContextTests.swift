import Dispatch
import Testing

@testable import URLRouter

/// An executor on a queue of its own, so that a test can tell whether code runs on its actor.
private final class QueueExecutor: SerialExecutor {
    static let key = DispatchSpecificKey<Bool>()
    let queue = DispatchQueue(label: "caller")
    init() { queue.setSpecific(key: Self.key, value: true) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// A screen's actor, as a `@MainActor` view model would be.
private actor Screen {
    let executor = QueueExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func open(_ router: Router) async throws -> (object: Bool?, value: Bool?) {
        (router.object(for: "app://where") as? Bool, try await router.value(opening: "app://where") as? Bool)
    }

    func value(_ router: Router) async throws -> String? { try await router.value(opening: "app://where") as? String }
}

/// Where handlers run, and which opens wait for a router that is not ready.
@Suite("Caller context")
struct CallerContextTests {
    /// A handler that updates a screen runs on the screen's actor, from `value(opening:)` as from `object(for:)`.
    @Test func valueOpeningRunsTheHandlerOnTheCallersActor() async throws {
        let router = Router()
        try router.registerObject("app://where") { _ in QueueExecutor.isCurrent }
        let seen = try await Screen().open(router)
        #expect(seen.object == true)
        #expect(seen.value == true)
    }

    /// An open that waited for the router runs, as every waiting open, on the thread that sets `isReady`.
    @Test(.timeLimit(.minutes(1))) func aWaitingValueOpeningRunsWhereIsReadyIsSet() async throws {
        let router = Router()
        try router.registerObject("app://where") { _ in QueueExecutor.isCurrent ? "caller" : "setter" }
        router.isReady = false
        let waiting = Task { try await Screen().value(router) }
        while router.deferredCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        router.isReady = true
        #expect(try await waiting.value == "setter")
    }

    /// A flood of refused links from outside cannot push the app's own waiting opens out of the queue.
    @Test func aLinkTheAllowListRefusesIsRefusedWithoutQueueing() throws {
        let limits = Router.Limits(maxDeferredOpens: 1)
        let router = Router(options: .init(limits: limits, allowedExternalSchemes: ["shop"]))
        try router.register("shop://home") { $0.complete("home") }
        router.isReady = false
        let log = Recorder<String>()
        router.open("shop://home") { log.record("home: \(Outcome($0))") }
        router.open("evil://x", source: .external) { log.record("evil: \(Outcome($0))") }
        #expect(log.values == ["evil: \(Outcome.failure(.refused))"])
        #expect(router.deferredCount == 1)
        router.isReady = true
        #expect(log.values == ["evil: \(Outcome.failure(.refused))", "home: \(Outcome.value("home"))"])
    }
}
