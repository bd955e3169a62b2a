import Testing

@testable import URLRouter

/// Each route keeps its own handler across removals and replacements, and a handler is let go
/// once no snapshot holds it.
@Suite struct HandlerStorageTests {
    /// Registers `t://r/0 ..< count`, each answering its number: even ones with an action
    /// handler that completes the request (kept in the chunks), odd ones with an object handler
    /// (kept apart).
    private func numberedRouter(_ count: Int) throws -> Router {
        let router = Router()
        for index in 0..<count {
            try register(router, index, answer: index)
        }
        return router
    }

    private func register(_ router: Router, _ index: Int, answer: Int, replacing: Bool = false, object: Bool? = nil)
        throws
    {
        if object ?? !index.isMultiple(of: 2) {
            try router.registerObject("t://r/\(index)", replacing: replacing) { _ -> Any? in answer }
        } else {
            try router.register("t://r/\(index)", replacing: replacing) { request in request.complete(answer) }
        }
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
            // Every other replacement swaps an action for an object handler or the reverse.
            try register(
                router, index, answer: index + 1000, replacing: true,
                object: index.isMultiple(of: 2) != (index / step).isMultiple(of: 2))
            expected[index] = index + 1000
        }
        for index in 0..<count {
            #expect(value(router, index) == expected[index], "route \(index)")
        }
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

    /// A replaced handler is released once no snapshot holds it.
    @Test func aReplacedHandlerIsReleasedOnceNoSnapshotHoldsIt() throws {
        final class Owner: Sendable {}
        let router = Router()
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            try router.register("t://held") { _ in withExtendedLifetime(owner) {} }
        }
        #expect(router.open("t://held"))
        try router.register("t://held", replacing: true) { _ in }
        #expect(weakOwner != nil, "this thread's copy of the old snapshot still holds it")
        #expect(router.open("t://held"))
        #expect(weakOwner == nil)
    }

}
