import Foundation
import Synchronization
import Testing

@testable import URLRouter

/// Readers, writers, batches and `isReady` from several threads at once, each bounded to a few seconds: what one open
/// sees is a whole snapshot, and every open completes once.
@Suite(.timeLimit(.minutes(1))) struct ThreadStressTests {
    /// Runs `body` on `count` threads and waits at most `seconds`; false if some thread did not finish (a deadlock).
    private func finish(_ count: Int, within seconds: Double, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                body(index)
                group.leave()
            }.start()
        }
        return group.wait(timeout: .now() + seconds) == .success
    }

    /// Each batch swaps a pair of routes for the next pair; every other one registers a third route and throws. One
    /// snapshot (`routes`, an interceptor's view of one open) always has both routes of one pair, never the thrown one.
    @Test func aReaderSeesABatchWholeOrNotAtAll() throws {
        let router = Router()
        try router.update { routes in
            try routes.register("b://a/0") { _ in }
            try routes.register("b://b/0") { _ in }
        }
        let done = Atomic<Bool>(false)
        let torn = Recorder<String>()
        router.addInterceptor { [unowned router] open in
            if open.url == "b://check", router.match("b://x/0") != nil { torn.record("thrown batch live") }
            return .proceed
        }
        let finished = finish(3, within: 20) { [unowned router] thread in
            if thread == 0 {
                defer { done.store(true, ordering: .releasing) }
                for index in 1...300 {
                    try? router.update { routes in
                        try routes.register("b://a/\(index)") { _ in }
                        routes.deregister("b://a/\(max(0, index - 2))")
                        if index % 2 == 0 {
                            try routes.register("b://x/0") { _ in }
                            throw RouteError(.conflict, "refused")
                        }
                        try routes.register("b://b/\(index)") { _ in }
                        routes.deregister("b://b/\(max(0, index - 2))")
                    }
                }
                return
            }
            while !done.load(ordering: .acquiring) {
                let patterns = router.routes.map(\.pattern)
                let pair = Set(patterns.map { $0.replacingOccurrences(of: "b://b/", with: "b://a/") })
                if patterns.count != 2 || pair.count != 1 { torn.record(patterns.joined(separator: " ")) }
                router.open("b://check")
            }
        }
        #expect(finished)
        #expect(torn.values.prefix(3) == [])
        #expect(router.routes.map(\.pattern) == ["b://a/299", "b://b/299"])
    }

    /// An open that starts after `deregister` returned (on any thread) never runs the handler, with compaction and
    /// re-registration churning the table.
    @Test func anOpenAfterDeregisterReturnedNeverRunsTheHandler() throws {
        let router = Router()
        let gone = Atomic<Int>(-1)
        let late = Recorder<Int>()
        let finished = finish(3, within: 20) { [unowned router] thread in
            if thread == 0 {
                for index in 0..<400 {
                    try? router.register("d://r/\(index)") { _ in
                        if gone.load(ordering: .acquiring) >= index { late.record(index) }
                    }
                    if index > 0 {
                        router.deregister("d://r/\(index - 1)")
                        gone.store(index - 1, ordering: .releasing)
                    }
                }
                gone.store(Int.max, ordering: .releasing)
                return
            }
            while case let last = gone.load(ordering: .acquiring), last != Int.max {
                if last >= 0 { router.open("d://r/\(last)") }
            }
        }
        #expect(finished)
        #expect(late.values.prefix(3) == [])
    }

    /// Threads flip `isReady` while others open with completions and observers watch: every open completes exactly
    /// once, is seen ending exactly once, and nothing is left waiting once the router stays ready.
    @Test func everyOpenEndsOnceWhileSeveralThreadsFlipIsReady() throws {
        let router = Router(options: .init(limits: .init(maxDeferredOpens: 16)))
        try router.register("r://page/:n") { request in
            if Int(request.parameters["n"]!)! % 7 == 0 {
                let held = request
                DispatchQueue.global().async { held.complete("later") }
            } else {
                request.complete("now")
            }
        }
        let completions = Locked<[String: Int]>([:])
        let endings = Locked<[String: Int]>([:])
        router.addObserver(redactingQueryValues: false) { event in
            if event.outcome != .deferred { endings.withLock { $0[event.url, default: 0] += 1 } }
        }
        let finished = finish(6, within: 20) { [unowned router] thread in
            for n in 0..<400 {
                if thread < 2 {
                    router.isReady = (n + thread) % 3 != 0
                    continue
                }
                let url = "r://page/\(thread * 1000 + n)"
                if n % 5 == 0 {
                    router.route(url, source: .external) { response in
                        completions.withLock { $0[url, default: 0] += 1 }
                        _ = response
                    }
                } else {
                    router.open(url) { _ in completions.withLock { $0[url, default: 0] += 1 } }
                }
            }
        }
        router.isReady = true
        #expect(finished)
        #expect(router.deferredCount == 0)
        #expect(router.isReady)
        let deadline = Date().addingTimeInterval(5)
        while completions.withLock({ $0.count }) < 1600, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(completions.withLock { $0.count } == 1600)
        #expect(completions.withLock { $0.values.filter { $0 != 1 } } == [])
        #expect(endings.withLock { $0.count } == 1600)
        #expect(endings.withLock { $0.values.filter { $0 != 1 } } == [])
    }

    /// Handlers, interceptors, observers and completions call back into their router (register, deregister, update,
    /// open, isReady) while other threads do the same: nothing deadlocks.
    @Test func callbacksThatChangeTheirRouterDoNotDeadlock() throws {
        let router = Router(options: .init(limits: .init(maxDeferredOpens: 4)))
        let counter = Counter()
        try router.register("h://open/:n") { [unowned router] request in
            let n = Int(request.parameters["n"]!)!
            switch n % 4 {
            case 0: try? router.register("h://dyn/\(n)", replacing: true) { _ in }
            case 1: router.deregister("h://dyn/\(n - 1)")
            case 2: try? router.update { routes in try routes.register("h://dyn/\(n)", replacing: true) { _ in } }
            default:
                router.isReady = false
                router.open("h://dyn/\(n - 1)")
                router.isReady = true
            }
            request.complete(n)
        }
        router.addInterceptor { [unowned router] open in
            if open.url.hasSuffix("/3") { _ = router.canOpen("h://dyn/2") }
            return .proceed
        }
        router.addObserver { [unowned router] event in
            if event.outcome == .dropped { router.isReady = true }
            if event.url.hasSuffix("9") { counter.increment() }
        }
        let finished = finish(4, within: 20) { [unowned router] thread in
            for n in 0..<300 {
                let value = thread * 1000 + n
                router.open("h://open/\(value)") { [unowned router] _ in
                    if value % 11 == 0 { router.deregister("h://dyn/\(value)") }
                }
                if thread == 3, n % 10 == 0 { router.isReady.toggle() }
            }
        }
        router.isReady = true
        #expect(finished)
        #expect(router.deferredCount == 0)
        #expect(counter.count > 0)
    }

    /// A deregistered handler's captures are released once every thread that read the router before the change has
    /// read it again, as the Concurrency article says; not before the last of them.
    @Test func aDeregisteredHandlerIsReleasedWhenTheLastReaderReadsAgain() throws {
        final class Module: Sendable {
            let released: Counter
            init(_ released: Counter) { self.released = released }
            deinit { released.increment() }
        }
        let router = Router()
        let released = Counter()
        try router.register("m://module") { [module = Module(released)] _ in _ = module }
        let workers = (0..<3).map { _ in ThreadSnapshotTests.Worker() }
        defer { for worker in workers { worker.stop() } }
        for worker in workers { worker.run { [unowned router] in #expect(router.open("m://module")) } }
        #expect(router.deregister("m://module"))
        _ = router.match("m://module")
        for (index, worker) in workers.enumerated() {
            #expect(released.count == 0)
            worker.run { [unowned router] in
                if index == 1 { _ = router.match("m://other") } else { #expect(!router.canOpen("m://module")) }
            }
        }
        #expect(released.count == 1)
    }

    /// A thread keeps copies for four routers and drops the one it stored first, not the one it read least recently:
    /// reading four other routers after a change does not let go of a copy stored after theirs.
    @Test func aCopyStoredAfterFourOthersOutlivesReadsOfThem() throws {
        final class Module: Sendable {
            let released: Counter
            init(_ released: Counter) { self.released = released }
            deinit { released.increment() }
        }
        let routers = (0..<5).map { _ in Router() }
        let released = Counter()
        try routers[2].register("m://module") { [module = Module(released)] _ in _ = module }
        let worker = ThreadSnapshotTests.Worker()
        defer { worker.stop() }
        let read: @Sendable ([Int]) -> Void = { indices in for index in indices { _ = routers[index].match("m://x") } }
        worker.run { read([0, 1, 2, 3]) }
        #expect(routers[2].deregister("m://module"))
        worker.run { read([0, 1, 3, 4]) }  // four other routers, read after routers[2]
        #expect(released.count == 0)
        worker.run { read([0]) }  // dropped for routers[4]; stored again in place of routers[1]'s
        #expect(released.count == 0)
        worker.run { read([1]) }  // stored in place of routers[2]'s, the first stored now
        #expect(released.count == 1)
    }
}
