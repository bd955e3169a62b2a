import Dispatch
import Foundation
import Testing

@testable import URLRouter

/// Every thread reads its own copy of a router's snapshot; a change must reach the copy that a
/// thread already holds.
@Suite struct ThreadSnapshotTests {
    /// Runs steps on one dedicated thread, one at a time, each after the caller asks for it.
    final class Worker: @unchecked Sendable {
        // Safe: `step` is written before `go` is signalled and read after it; `done` orders the rest.
        private var step: (@Sendable () -> Void)?
        private let go = DispatchSemaphore(value: 0)
        private let done = DispatchSemaphore(value: 0)
        private var thread: Thread?

        init() {
            let thread = Thread { [unowned self] in
                while true {
                    go.wait()
                    guard let step else { done.signal(); return }
                    step()
                    done.signal()
                }
            }
            self.thread = thread
            thread.start()
        }

        func run(_ body: @escaping @Sendable () -> Void) {
            step = body
            go.signal()
            done.wait()
        }

        func stop() {
            step = nil
            go.signal()
            done.wait()
        }
    }

    @Test func aThreadSeesChangesMadeAfterItReadTheRouter() throws {
        let router = Router()
        try router.register("app://old") { _ in }
        let worker = Worker()
        defer { worker.stop() }
        let seen = Recorder<String>()
        let look: @Sendable () -> Void = {
            seen.record(["app://old", "app://new"].map { router.match($0)?.pattern ?? "-" }.joined(separator: " "))
        }
        worker.run(look)
        try router.register("app://new") { _ in }
        worker.run(look)
        #expect(router.deregister("app://old"))
        worker.run(look)
        #expect(seen.values == ["app://old -", "app://old app://new", "- app://new"])
    }

    @Test func oneThreadReadsManyRouters() throws {
        let routers = (0..<9).map { _ in Router() }
        for (index, router) in routers.enumerated() { try router.register("app://r\(index)") { _ in } }
        for round in 0..<3 {
            for (index, router) in routers.enumerated() {
                #expect(router.match("app://r\(index)")?.pattern == "app://r\(index)")
                #expect(router.match("app://r\((index + 1) % routers.count)") == nil)
                #expect(router.match("app://round\(round)") == nil)
                try router.register("app://round\(round)") { _ in }
                #expect(router.match("app://round\(round)") != nil)
            }
        }
    }

    /// Dropping a router's copy for a fifth router's may release a handler whose `deinit` reads
    /// yet another router: the thread still keeps copies for four, and no more.
    @Test func aDeinitThatReadsAnotherRouterAsACopyIsDroppedLeavesFour() throws {
        final class Reader: Sendable {
            let router: Router
            init(_ router: Router) { self.router = router }
            deinit { _ = router.match("app://x") }
        }
        let routers = (0..<7).map { _ in Router() }
        for index in 0..<2 {
            let reader = Reader(routers[5 + index])
            try routers[index].register("app://gone") { _ in _ = reader }
        }
        let worker = Worker()
        defer { worker.stop() }
        let held = Recorder<Int>()
        let count: @Sendable () -> Void = {
            let snapshots = ThreadSnapshots.current(create: false)!.takeUnretainedValue()
            held.record(routers.filter { snapshots.table(router: $0.id) != nil }.count)
        }
        worker.run {
            for router in routers.prefix(4) { _ = router.match("app://x") }
        }
        for router in routers.prefix(2) { #expect(router.deregister("app://gone")) }
        worker.run {
            _ = routers[0].match("app://x")  // its own copy replaced: the deinit reads routers[5]
            count()
            _ = routers[4].match("app://x")  // routers[1]'s copy dropped: the deinit reads routers[6]
            count()
        }
        #expect(held.values == [4, 4])
    }

    #if canImport(Glibc)
    /// A `deinit` that runs as a thread exits may read a router, storing a copy again, whose handler's `deinit` may do
    /// the same: the thread's exit releases them at any depth, past the C library's rounds of slot destructors too.
    @Test(arguments: [1, 3, 8])
    func aThreadExitReleasesTheCopiesDeinitsStoreMeanwhile(depth: Int) throws {
        final class Link: Sendable {
            let next: Link?
            let live: Locked<Int>
            init(depth: Int, live: Locked<Int>) {
                (next, self.live) = (depth > 0 ? Link(depth: depth - 1, live: live) : nil, live)
                live.withLock { $0 += 1 }
            }
            deinit {
                live.withLock { $0 -= 1 }
                let router = Router(), next = next
                try? router.register("app://link") { _ in _ = next }
                _ = router.match("app://link")  // this thread now keeps a copy, and so the handler and `next`
            }
        }
        let live = Locked(0)
        var thread = pthread_t()
        let first = Unmanaged.passRetained(Link(depth: depth, live: live)).toOpaque()
        #expect(live.withLock { $0 } == depth + 1)
        let body: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { first in
            Unmanaged<Link>.fromOpaque(first!).release()  // its deinit reads a router on this thread
            return nil
        }
        try #require(pthread_create(&thread, nil, body, first) == 0)
        pthread_join(thread, nil)
        #expect(live.withLock { $0 } == 0)
    }
    #endif

    /// A custom type's check is the app's code: it may change the router it is matched by and
    /// match again, replacing this thread's copy of the snapshot in the middle of a lookup. A
    /// lookup that did not hold the snapshot then reads freed memory, which the run under
    /// AddressSanitizer (`.ci/run`) reports.
    @Test func aCustomTypeCheckMayUseItsOwnRouter() throws {
        let router = Router()
        let checks = Recorder<String>()
        try router.register(
            RouteParameterType("reentrant") { [unowned router] value in
                checks.record(value)
                let name = "app://added/\(checks.values.count)"
                try? router.register(name) { _ in }
                return router.match(name)?.pattern == name
            })
        try router.register("app://item/:id<reentrant>") { _ in }
        for round in 1...20 {
            let match = router.match("app://item/\(round)")
            #expect(match?.pattern == "app://item/:id<reentrant>")
            #expect(match?.parameters["id"] == "\(round)")
        }
        #expect(checks.values.count == 20)
        #expect(router.routes.count == 21)
    }

    @Test func opensOnManyThreadsWhileRoutesChange() async throws {
        let router = Router()
        try router.register("app://stable/:id") { request in request.complete(request.parameters["id"]) }
        let misses = Recorder<String>()
        await withTaskGroup(of: Void.self) { group in
            for reader in 0..<4 {
                group.addTask {
                    for index in 0..<2_000 {
                        let id = "\(reader)-\(index)"
                        if router.object(for: "app://stable/\(id)") as? String != id { misses.record(id) }
                    }
                }
            }
            group.addTask {
                for index in 0..<300 {
                    try? router.register("app://moving/\(index)") { _ in }
                    if index % 3 == 0 { router.deregister("app://moving/\(index - 3)") }
                }
            }
        }
        #expect(misses.values.isEmpty)
        #expect(router.match("app://moving/299") != nil)
        #expect(router.match("app://moving/3") == nil)
    }

    /// A reader that loads what a writer has finished must find it, whether it takes the
    /// published snapshot or builds one under the writer lock.
    @Test func aReaderSeesEveryChangeThatFinishedBeforeItLooked() throws {
        let router = Router()
        try router.register("app://seq/0") { _ in }
        let finished = Locked(0)
        let stale = Recorder<Int>()
        // Threads, not tasks: the readers spin until the writer is done, and tasks spinning on
        // the cooperative pool could keep the writer's task from ever starting.
        let group = DispatchGroup()
        func start(_ body: @escaping @Sendable () -> Void) {
            group.enter()
            Thread {
                body(); group.leave()
            }.start()
        }
        for _ in 0..<2 {
            start {
                var last = 0
                while last < 1_500 {
                    last = finished.withLock { $0 }
                    if router.match("app://seq/\(last)") == nil { stale.record(last) }
                }
            }
        }
        start {
            for index in 1...1_500 {
                try? router.register("app://seq/\(index)") { _ in }
                finished.withLock { $0 = index }
            }
        }
        group.wait()
        #expect(stale.count == 0, "stale reads of: \(stale.values.prefix(5))")
    }

    /// A reader that arrives while a change holds the writer lock, with no snapshot published,
    /// waits for that change, whether it succeeds or throws (before changing anything, as
    /// `mutate` requires), and reads what it left, instead of hanging or reading nothing.
    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func aReaderArrivingDuringAChangeGetsItsResult(throwing: Bool) throws {
        let router = Router()
        try router.register("app://before") { _ in }
        let inside = DispatchSemaphore(value: 0)
        let writer = Thread {
            try? router.mutate { (state: inout RouterState) throws(RouteError) in
                inside.signal()
                Thread.sleep(forTimeInterval: 0.05)
                if throwing { throw RouteError(.conflict, "refused") }
                try state.add(
                    "app://during", priority: 0, access: .public, replacing: false,
                    handler: .action { _ in }, options: router.options)
            }
        }
        writer.start()
        inside.wait()
        #expect(router.match("app://before") != nil)
        #expect((router.match("app://during") != nil) == !throwing)
    }
}
