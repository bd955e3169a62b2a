import Foundation
import Testing

@testable import URLRouter

/// Every method from many threads at once: nothing crashes, no route is lost, no open sees a
/// half-built table.
@Suite(.timeLimit(.minutes(1))) struct ConcurrencyTests {
    static let threads = 8
    static let routesPerThread = 100

    @Test func registeringAndOpeningFromManyThreads() throws {
        let router = Router()
        let stableHits = Counter()
        try router.register("c://stable/:n") { _ in stableHits.increment() }
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for index in 0..<Self.routesPerThread {
                let pattern = "c://t\(thread)/r\(index)/:id"
                do {
                    try router.registerObject(pattern) { request in "\(request.pattern) \(request.parameters["id"]!)" }
                } catch {
                    failures.withLock { $0.append("register \(pattern): \(error)") }
                }
                let url = "c://t\(thread)/r\(index)/\(thread * 1000 + index)"
                let value = router.object(for: url) as? String
                if value != "\(pattern) \(thread * 1000 + index)" {
                    failures.withLock { $0.append("open \(url) gave \(value ?? "nil")") }
                }
                if !router.open("c://stable/\(index)") { failures.withLock { $0.append("stable \(index)") } }
                // Another thread's route: may or may not be there yet, but never the wrong one.
                let other = (thread + 1) % Self.threads
                if let match = router.match("c://t\(other)/r\(index)/x"), match.pattern != "c://t\(other)/r\(index)/:id"
                {
                    failures.withLock { $0.append("match of another thread's route gave \(match.pattern)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(stableHits.count == Self.threads * Self.routesPerThread)
        #expect(router.routes.count == Self.threads * Self.routesPerThread + 1)
        for thread in 0..<Self.threads {
            for index in 0..<Self.routesPerThread {
                #expect(router.object(for: "c://t\(thread)/r\(index)/v") as? String == "c://t\(thread)/r\(index)/:id v")
            }
        }
    }

    @Test func aHandlerThatRegistersWhileOtherThreadsOpen() throws {
        let router = Router()
        let failures = Locked<[String]>([])
        try router.register("c://stable") { $0.complete("stable") }
        try router.register("c://register/:n") { [unowned router] request in
            let n = request.parameters["n"]!
            do throws(RouteError) {
                try router.registerObject("c://dynamic/\(n)") { _ in n }
                request.complete("registered \(n)")
            } catch {
                request.fail(error)
            }
        }
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for round in 0..<50 {
                let n = "\(thread)-\(round)"
                if round % 5 == 0 {
                    let log = CompletionLog()
                    router.open("c://register/\(n)", completion: log.completion)
                    if log.all != [.value("registered \(n)")] {
                        failures.withLock { $0.append("register \(n): \(log.all)") }
                    }
                    if router.object(for: "c://dynamic/\(n)") as? String != n {
                        failures.withLock { $0.append("dynamic \(n)") }
                    }
                }
                if router.object(for: "c://stable") as? String != "stable" {
                    failures.withLock { $0.append("stable \(n)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(router.routes.count == 2 + Self.threads * 10)
    }

    @Test func deregisteringAndReplacingNeverHideOtherRoutes() throws {
        let router = Router()
        let failures = Locked<[String]>([])
        let changes = Locked(0)
        try router.registerObject("c://item/:id") { _ in "item" }
        try router.registerObject("c://swap") { _ in "v0" }
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for round in 0..<60 {
                switch thread % 4 {
                case 0:
                    // Toggle a child route of the stable one.
                    if (try? router.registerObject("c://item/:id/toggle\(thread)") { _ in "toggle" }) != nil,
                        router.deregister("c://item/:x/toggle\(thread)")
                    {
                        changes.withLock { $0 += 1 }
                    }
                case 1:
                    // Replace a route: opens must always find one of its versions.
                    if (try? router.registerObject("c://swap", replacing: true) { _ in "v\(round)" }) != nil {
                        changes.withLock { $0 += 1 }
                    }
                default:
                    let item = router.object(for: "c://item/\(round)") as? String
                    if item != "item" { failures.withLock { $0.append("item gave \(item ?? "nil")") } }
                    let swap = router.object(for: "c://swap") as? String
                    if swap?.hasPrefix("v") != true { failures.withLock { $0.append("swap gave \(swap ?? "nil")") } }
                    if let toggled = router.match("c://item/1/toggle0"), toggled.pattern != "c://item/:id/toggle0" {
                        failures.withLock { $0.append("toggle matched \(toggled.pattern)") }
                    }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(changes.withLock { $0 } == (0..<Self.threads).filter { $0 % 4 < 2 }.count * 60, "every change took")
        #expect(Set(router.routes.map(\.pattern)) == ["c://item/:id", "c://swap"])
    }

    @Test func concurrentOpensKeepTheirOwnParameters() throws {
        let router = Router()
        try router.registerObject("c://p/:a/:b<int>/:c.json/**") { request in
            let p = request.parameters
            return
                "\(p["a"]!)|\(p["b"]!)|\(p["c"]!)|\(request.wildcard.joined(separator: ","))|\(p["q"]!)|\(request.userInfo["u"]!)"
        }
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for round in 0..<200 {
                let url = "c://p/a\(thread)/\(round)/c\(thread).json/w\(round)/x?q=\(thread)-\(round)"
                let value = router.object(for: url, userInfo: ["u": thread]) as? String
                let expected = "a\(thread)|\(round)|c\(thread)|w\(round),x|\(thread)-\(round)|\(thread)"
                if value != expected { failures.withLock { $0.append("\(url) gave \(value ?? "nil")") } }
            }
        }
        #expect(failures.withLock { $0 } == [])
    }

    @Test func opensDoNotSerialiseBehindOneAnother() throws {
        let router = Router()
        let arrived = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        try router.register("c://meet/:side") { request in
            // Each handler waits for the other to be running: if opens were serialised, the
            // first would wait in vain.
            let mine = request.parameters["side"] == "0" ? arrived.0 : arrived.1
            let theirs = request.parameters["side"] == "0" ? arrived.1 : arrived.0
            mine.signal()
            request.complete(theirs.wait(timeout: .now() + .seconds(10)) == .success ? "met" : "alone")
        }
        let results = Locked<[String]>([])
        let done = DispatchSemaphore(value: 0)
        for side in 0..<2 {
            Thread.detachNewThread {
                let value = router.object(for: "c://meet/\(side)") as? String ?? "nil"
                results.withLock { $0.append(value) }
                done.signal()
            }
        }
        done.wait()
        done.wait()
        #expect(results.withLock { $0 } == ["met", "met"])
    }

    @Test func requestsCompletedOnOtherThreadsCompleteExactlyOnce() throws {
        let router = Router()
        try router.register("c://later/:n") { request in
            DispatchQueue.global().async {
                request.complete(request.parameters["n"])
                request.complete("again")
            }
        }
        let group = DispatchGroup()
        let outcomes = Locked<[String: [Outcome]]>([:])
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for round in 0..<25 {
                let n = "\(thread)-\(round)"
                group.enter()
                router.open("c://later/\(n)") { result in
                    let outcome = Outcome(result)
                    outcomes.withLock { $0[n, default: []].append(outcome) }
                    group.leave()
                }
            }
        }
        group.wait()
        let all = outcomes.withLock { $0 }
        #expect(all.count == Self.threads * 25)
        #expect(all.allSatisfy { $0.value == [.value($0.key)] })
    }
}
