import Foundation
import Synchronization
import Testing

@testable import URLRouter

/// `Router.update`: every change of a batch or none, published once, never seen in part.
@Suite struct BatchUpdateTests {
    @Test func aBatchAppliesEveryChange() throws {
        let router = try patternEchoRouter(["shop://legacy/:id"])
        let count = try router.update { routes in
            try routes.register("shop://item/:id") { $0.complete($0.parameters["id"]) }
            try routes.registerObject("shop://cart") { _ in "cart" }
            let removed = routes.deregister("shop://legacy/:id")
            #expect(removed)
            return 2
        }
        #expect(count == 2)
        #expect(router.object(for: "shop://item/42") as? String == "42")
        #expect(router.object(for: "shop://cart") as? String == "cart")
        #expect(router.match("shop://legacy/1") == nil)
        #expect(router.routes.map(\.pattern) == ["shop://item/:id", "shop://cart"])
    }

    @Test func removeAllInABatchClearsTheRoutesBeforeIt() throws {
        let router = try patternEchoRouter(["shop://item/:id", "shop://old"])
        try router.update { routes in
            routes.removeAll()
            try routes.registerObject("shop://new") { _ in "new" }
        }
        #expect(router.routes.map(\.pattern) == ["shop://new"])
        #expect(router.match("shop://item/1") == nil)
        #expect(router.object(for: "shop://new") as? String == "new")
    }

    /// A step that throws inside the closure drops the whole batch, whatever came before it;
    /// a step whose error the closure catches does not.
    @Test(arguments: ["conflict", "bad pattern", "thrown by the closure"])
    func aThrowingBatchAppliesNothing(failure: String) throws {
        let router = try patternEchoRouter(["shop://item/:id", "shop://old"])
        let before = router.description
        let error = caught {
            try router.update { routes throws(RouteError) in
                try routes.register("shop://new/:id") { _ in }
                routes.deregister("shop://old")
                routes.removeAll()
                try routes.register("shop://other") { _ in }
                switch failure {
                case "conflict": try routes.register("shop://other") { _ in }
                case "bad pattern": try routes.register("shop://(unclosed") { _ in }
                default: throw RouteError(.declined, "changed my mind")
                }
            }
        }
        #expect(error != nil)
        #expect(router.description == before)
        #expect(router.routes.map(\.pattern) == ["shop://item/:id", "shop://old"])
        #expect(router.match("shop://new/1") == nil)
        #expect(router.match("shop://old")?.pattern == "shop://old")
    }

    @Test func anErrorCaughtInsideTheBatchLeavesTheRest() throws {
        let router = try patternEchoRouter(["shop://item/:id"])
        try router.update { routes in
            var refused: RouteError?
            do throws(RouteError) { try routes.register("shop://item/:other") { _ in } } catch { refused = error }
            #expect(refused?.code == .conflict)
            try routes.register("shop://cart") { _ in }
        }
        #expect(router.routes.map(\.pattern) == ["shop://item/:id", "shop://cart"])
    }

    /// Opens from inside the closure see the table as it was: they neither wait for the batch
    /// nor see part of it.
    @Test func opensInsideTheClosureSeeTheTableBefore() throws {
        let router = try patternEchoRouter(["shop://item/:id"])
        router.removeAll()
        try router.register("shop://before") { _ in }
        try router.update { routes in
            try routes.register("shop://during") { _ in }
            #expect(router.canOpen("shop://before"))
            #expect(!router.canOpen("shop://during"))
        }
        #expect(router.canOpen("shop://during"))
    }

    @Test func aBatchPublishesOnce() throws {
        let router = Router()
        let before = router.generation.load(ordering: .relaxed)
        try router.update { routes in
            for index in 0..<100 { try routes.register("t://page/\(index)") { _ in } }
        }
        #expect(router.generation.load(ordering: .relaxed) == before + 1)
        _ = try? router.update { routes throws(RouteError) in
            try routes.register("t://more") { _ in }
            throw RouteError(.declined, "no")
        }
        #expect(router.generation.load(ordering: .relaxed) == before + 1, "a dropped batch publishes nothing")
    }

    /// While another thread applies batches that each add a page and its sub-page, then fail or
    /// not, a reader never sees a page without its sub-page, nor anything of a failed batch.
    @Test func concurrentOpensNeverSeePartOfABatch() throws {
        let router = Router()
        let done = Atomic<Bool>(false)
        let torn = Atomic<Int>(0)
        let failedSeen = Atomic<Int>(0)
        let reader = Thread {
            while !done.load(ordering: .acquiring) {
                for index in 0..<200 {
                    let page = router.canOpen("t://page/\(index)")
                    let sub = router.canOpen("t://page/\(index)/sub")
                    if page && !sub { torn.add(1, ordering: .relaxed) }
                    if router.canOpen("t://failed/\(index)") { failedSeen.add(1, ordering: .relaxed) }
                }
            }
        }
        reader.start()
        for index in 0..<200 {
            try router.update { routes in
                try routes.register("t://page/\(index)") { _ in }
                try routes.register("t://page/\(index)/sub") { _ in }
            }
            _ = try? router.update { routes throws(RouteError) in
                try routes.register("t://failed/\(index)") { _ in }
                try routes.register("t://page/\(index)") { _ in }  // conflicts: the batch fails
            }
        }
        done.store(true, ordering: .releasing)
        while !reader.isFinished { usleep(1_000) }
        #expect(torn.load(ordering: .relaxed) == 0)
        #expect(failedSeen.load(ordering: .relaxed) == 0)
        #expect(router.routes.count == 400)
    }
}
