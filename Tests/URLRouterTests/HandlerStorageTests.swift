import Testing
@testable import URLRouter

/// Handlers live in chunks that snapshots share (`HandlerList`): appends fill the last chunk in
/// place, replacing one copies its chunk. Each route must keep its own handler across chunk
/// boundaries, removals and replacements, and a snapshot must keep what it saw.
@Suite struct HandlerStorageTests {
    /// Registers `t://r/0 ..< count`, each returning its number.
    private func numberedRouter(_ count: Int) throws -> Router {
        let router = Router()
        for index in 0..<count {
            try router.registerObject("t://r/\(index)") { _ -> Any? in index }
        }
        return router
    }

    private func value(_ router: Router, _ index: Int) -> Int? {
        router.object(for: "t://r/\(index)") as? Int
    }

    @Test(arguments: [1, 63, 64, 65, 128, 200])
    func everyRouteRunsItsOwnHandler(count: Int) throws {
        let router = try numberedRouter(count)
        for index in 0..<count {
            #expect(value(router, index) == index)
        }
    }

    @Test(arguments: [(200, 7), (130, 64), (70, 1)])
    func removingAndReplacingKeepsEveryOtherHandler(count: Int, step: Int) throws {
        let router = try numberedRouter(count)
        var expected: [Int?] = Array(0..<count)
        for index in stride(from: 0, to: count, by: step) where index % 2 == 0 {
            #expect(router.deregister("t://r/\(index)"))
            expected[index] = nil
        }
        for index in stride(from: 1, to: count, by: step) {
            try router.registerObject("t://r/\(index)", replacing: true) { _ -> Any? in index + 1000 }
            expected[index] = index + 1000
        }
        for index in 0..<count {
            #expect(value(router, index) == expected[index], "route \(index)")
        }
    }

    @Test func aSnapshotKeepsTheHandlersItSaw() {
        var list = HandlerList()
        for index in 0..<100 { list.append(.object { _ in index }) }
        let snapshot = list
        list.replace(70, with: .object { _ in -70 })
        list.append(.object { _ in 100 })
        #expect(snapshot.count == 100)
        #expect(list.count == 101)
        #expect(returned(snapshot[70]) == 70)
        #expect(returned(list[70]) == -70)
        #expect(returned(list[69]) == 69)
        #expect(returned(list[100]) == 100)
    }

    @Test func aDeregisteredHandlerIsReleasedOnceNoSnapshotHoldsIt() throws {
        final class Owner: Sendable {}
        let router = Router()
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            try router.register("t://held") { _ in withExtendedLifetime(owner) {} }
        }
        #expect(router.open("t://held"))
        #expect(weakOwner != nil)
        #expect(router.deregister("t://held"))
        // This thread's next read replaces its copy of the old snapshot.
        #expect(!router.open("t://held"))
        #expect(weakOwner == nil)
    }

    /// What an object handler returns for a request of `t://x`.
    private func returned(_ handler: Route.Handler) -> Int? {
        guard case .object(let body) = handler else { return nil }
        let router = Router()
        try? router.registerObject("t://x") { request -> Any? in body(request) }
        return router.object(for: "t://x") as? Int
    }
}
