import Testing

@testable import URLRouter

/// Each node's highest priority is kept only once two priorities exist (`Trie.priorityTracked`);
/// until then every node's is the one priority there is. Routes registered before and after the
/// switch must still let the highest priority win.
@Suite struct PriorityTrackingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// Registered in order: pattern and priority.
        let routes: [(String, Int)]
        let url: String
        let winner: String
        var testDescription: String { "\(url) → \(winner)" }
    }

    @Test(arguments: [
        // The higher priority arrives after a table of one priority, below an existing literal.
        Case(routes: [("t://a/b", 0), ("t://a/c", 0), ("t://a/:q", 3)], url: "t://a/b", winner: "t://a/:q"),
        // …below an existing placeholder node.
        Case(routes: [("t://:x/b", 0), ("t://:x/:y", 0), ("t://:z/:w/**", 7)], url: "t://a/b", winner: "t://:z/:w/**"),
        // A lower priority arrives later: the earlier routes keep winning.
        Case(routes: [("t://a/b", 2), ("t://a/:q", 2), ("t://:p/b", -1)], url: "t://a/b", winner: "t://a/b"),
        // Three priorities, the highest deepest and registered in between.
        Case(routes: [("t://a/b/c", 0), ("t://a/:x/c", 9), ("t://:y/b/c", 4)], url: "t://a/b/c", winner: "t://a/:x/c"),
        // Scheme-less routes and the scheme's own, with the switch made by a scheme-less one.
        Case(routes: [("t://a/b", 0), ("a/:x", 1)], url: "t://a/b", winner: "a/:x"),
        // Priorities past 32 bits keep their order: the highest stays above 1, the lowest below -1.
        Case(routes: [("t://a/b", 1), ("t://a/:q", .max)], url: "t://a/b", winner: "t://a/:q"),
        Case(routes: [("t://a/:q", -1), ("t://a/b", .min)], url: "t://a/b", winner: "t://a/:q"),
    ])
    func theHighestPriorityWins(_ test: Case) throws {
        let router = Router()
        for (pattern, priority) in test.routes {
            try router.register(pattern, priority: priority) { _ in }
        }
        #expect(router.match(test.url)?.pattern == test.winner)
    }

    @Test func oneWholeTablePriorityKeepsNothingPerNode() throws {
        let router = Router()
        for index in 0..<50 { try router.register("t://a/\(index)/:id", priority: 4) { _ in } }
        router.state.withLock { state in
            #expect(!state.trie.tracksPriorities)
            #expect(state.trie.maxPriorities.isEmpty && state.trie.leafPriorities.isEmpty)
        }
        try router.register("t://a/:n/:id", priority: 5) { _ in }
        router.state.withLock { state in
            #expect(state.trie.tracksPriorities)
            #expect(state.trie.maxPriorities.count == Int(state.trie.numberCount))
            #expect(
                state.trie.numberCount
                    == Int32(state.trie.roots.count + state.trie.edges.count + state.trie.literals.count))
            #expect(state.trie.leafPriorities.count == state.trie.leaves.count)
        }
        #expect(router.match("t://a/7/x")?.pattern == "t://a/:n/:id")
    }

    /// Edges keep their type in 16 bits; the router refuses the type that would not fit.
    @Test func typesBeyondTheLimitAreRefused() throws {
        let router = Router()
        router.state.withLock { state in
            let filler = RouteParameterType("filler") { _ in true }
            while state.trie.types.count < Trie.maxTypes { state.trie.types.append(filler) }
        }
        let error = try #require(throws: RouteError.self) {
            try router.register(RouteParameterType("one-too-many") { _ in true })
        }
        #expect(error.code == .limitExceeded)
    }
}
