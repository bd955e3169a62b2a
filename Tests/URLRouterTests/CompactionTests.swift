import Testing

@testable import URLRouter

@Suite("Removed routes are reclaimed")
struct CompactionTests {
    @Test func churnDoesNotGrowTheTable() throws {
        let router = Router()
        try router.register("app://keep/:id", priority: 2) { $0.complete("keep") }
        try router.register(RouteParameterType("even") { (Int($0) ?? 1) % 2 == 0 })
        for round in 0..<5_000 {
            try router.register("app://temp/\(round % 7)/:x<even>") { _ in }
            #expect(router.deregister("app://temp/\(round % 7)/:y<even>"))
        }
        let sizes = router.state.withLock {
            ($0.routes.count, $0.trie.leaves.count, $0.trie.edges.count + $0.trie.literals.count)
        }
        #expect(sizes.0 < 200 && sizes.1 < 200 && sizes.2 < 600, "routes, leaves, nodes: \(sizes)")
        #expect(router.outcomes("app://keep/1") == [.value("keep")])
        #expect(router.match("app://keep/1")?.priority == 2)
        #expect(router.routes.map(\.pattern) == ["app://keep/:id"])
        try router.register("app://temp/1/:x<even>") { $0.complete("again") }
        #expect(router.outcomes("app://temp/1/4") == [.value("again")])
    }

    /// A rebuilt table gives every kept route its own handler again, through each of its
    /// leaves: every expansion of its optional groups and every link origin, object handlers
    /// still returning their value and actions still completing on their own.
    @Test func aRebuiltTableKeepsEachRoutesHandlerOnEveryLeaf() throws {
        let router = Router()
        try router.register("app://list(/:page)") { $0.complete("list \($0.parameters["page"] ?? "-")") }
        try router.registerObject("item/:id", origins: [.scheme("shop"), .web("shop.example.com")]) {
            "item \($0.parameters["id"]!) via \($0.pattern)"
        }
        try router.register("app://quiet") { _ in }
        for index in 0..<200 { try router.register("app://temp/\(index)") { _ in } }
        for index in 0..<200 { #expect(router.deregister("app://temp/\(index)")) }
        let routeCount = router.state.withLock { $0.routes.count }
        #expect(routeCount < 203, "the table was rebuilt at least once")
        #expect(router.outcomes("app://list") == [.value("list -")])
        #expect(router.outcomes("app://list/2") == [.value("list 2")])
        #expect(router.outcomes("shop://item/7") == [.value("item 7 via shop://item/:id")])
        #expect(
            router.outcomes("https://shop.example.com/item/8")
                == [.value("item 8 via https://shop.example.com/item/:id")])
        #expect(router.outcomes("app://quiet") == [.value(nil)])
        #expect(router.routes.map(\.returnsObject) == [false, true, false])
    }

    /// A rebuilt table keeps what an external open is checked against: a route's access rule,
    /// and the remote-call rules of a route bridged to the mediator.
    @Test func aRebuiltTableKeepsTheChecksOfExternalOpens() throws {
        let router = Router()
        try router.registerObject("app://admin", access: .internal) { _ in "admin" }
        try router.register("app://probe", target: "Probe", action: "nativePing", on: probeMediator())
        for rebuilt in [false, true] {
            #expect(router.outcomes("app://admin") == [.value("admin")], "rebuilt: \(rebuilt)")
            #expect(router.outcomes("app://admin", source: .external) == [.failure(.refused)], "rebuilt: \(rebuilt)")
            #expect(router.outcomes("app://probe") == [.value("Probe.notFound(nativePing)")], "rebuilt: \(rebuilt)")
            #expect(router.outcomes("app://probe", source: .external) == [.failure(.refused)], "rebuilt: \(rebuilt)")
            #expect(!router.canOpen("app://probe", source: .external), "rebuilt: \(rebuilt)")
            for index in 0..<200 { try router.register("app://temp/\(index)") { _ in } }
            for index in 0..<200 { #expect(router.deregister("app://temp/\(index)")) }
            #expect(router.state.withLock { $0.routes.count } < 202, "the table was rebuilt")
        }
    }

    /// A registration with `replacing: true` that replaces two routes, while the table is due
    /// to be rebuilt (64 routes, half removed): the two go, every other route stays, whether
    /// the replaced ones were registered first or last.
    @Test(arguments: [true, false])
    func replacingSeveralRoutesAsTheTableIsRebuiltRemovesThoseAlone(replacedFirst: Bool) throws {
        let router = Router()
        let replaced = ["t://p", "t://p/q"]
        if replacedFirst { for pattern in replaced { try router.registerObject(pattern) { _ in "old" } } }
        for index in 0..<62 { try router.registerObject("t://f/\(index)") { _ in "f\(index)" } }
        if !replacedFirst { for pattern in replaced { try router.registerObject(pattern) { _ in "old" } } }
        for index in 0..<32 { #expect(router.deregister("t://f/\(index)")) }
        try router.registerObject("t://p(/q)", replacing: true) { _ in "new" }
        #expect(router.routes.map(\.pattern) == (32..<62).map { "t://f/\($0)" } + ["t://p(/q)"])
        #expect((32..<62).allSatisfy { router.object(for: "t://f/\($0)") as? String == "f\($0)" })
        #expect(router.object(for: "t://p") as? String == "new")
        #expect(router.object(for: "t://p/q") as? String == "new")
        #expect(router.state.withLock { $0.routes.count } < 64, "the table was rebuilt")
        for index in 0..<100 { try router.register("t://g/\(index)") { _ in } }
        for index in 0..<100 { #expect(router.deregister("t://g/\(index)")) }
        #expect(router.deregister("t://p(/q)"))
    }

    @Test func theDumpLeavesOutBranchesWithoutRoutes() throws {
        let router = Router()
        try router.register("shop://item/:id/edit") { _ in }
        try router.register("shop://item/new") { _ in }
        try router.register("/about") { _ in }
        router.deregister("shop://item/:id/edit")
        router.deregister("/about")
        #expect(
            router.description == """
                shop://
                  item
                    new → shop://item/new
                """)
    }
}
