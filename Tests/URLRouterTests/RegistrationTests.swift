import Testing

@testable import URLRouter

/// Conflicts, replacement, deregistration, listing, custom types and the trie dump.
@Suite struct RegistrationTests {
    /// A registered pattern, a second one, and whether they have the same shape.
    struct ShapeCase: Sendable, CustomTestStringConvertible {
        let first: String
        let second: String
        let conflict: Bool
        init(_ first: String, _ second: String, _ conflict: Bool) {
            self.first = first
            self.second = second
            self.conflict = conflict
        }
        var testDescription: String { "\(first) then \(second)" }
    }

    static let shapes: [ShapeCase] = [
        ShapeCase("shop://item/:id", "shop://item/:id", true),
        ShapeCase("shop://item/:id", "shop://item/:name", true),
        ShapeCase("shop://item/:id", "SHOP://ITEM/:x", true),
        ShapeCase("shop://item/:id", "shop://item//:x/", true),
        ShapeCase("shop://item/:id", "shop:item/:x", true),
        ShapeCase("tel:123", "tel://123", true),
        ShapeCase("shop://item/:id<int>", "shop://item/:x<int>", true),
        ShapeCase("shop://item/:id<int>", "shop://item/:id", false),
        ShapeCase("shop://item/:id<int>", "shop://item/:id<double>", false),
        ShapeCase("shop://item/:a.html", "shop://item/:b.html", true),
        ShapeCase("shop://item/:a.html", "shop://item/:a%2Ehtml", true),
        ShapeCase("shop://item/:a.html", "shop://item/:a.htm", false),
        ShapeCase("shop://item/:a.html", "shop://item/:a.HTML", false),
        ShapeCase("shop://item/:a<int>.json", "shop://item/:b<int>.json", true),
        ShapeCase("shop://item/:a<int>.json", "shop://item/:b.json", false),
        ShapeCase("shop://item/:id", "shop://item/*", false),
        ShapeCase("shop://item/*", "shop://item/*", true),
        ShapeCase("shop://item/**", "shop://item/**", true),
        ShapeCase("shop://item/**", "shop://item/*", false),
        ShapeCase("shop://item/**", "shop://item", false),
        ShapeCase("shop://**", "shop://", false),
        ShapeCase("shop://", "SHOP://", true),
        ShapeCase("shop://", "shop:", false),
        ShapeCase("shop://item/:id", "item/:id", false),
        ShapeCase("shop://item/:id", "mall://item/:id", false),
        ShapeCase("item/:id", "/item/:x/", true),
        ShapeCase("item/:id", "ITEM/:x", true),
        ShapeCase("item/edit", "item/Edit", false),
        ShapeCase("shop://a%20b", "shop://a b", true),
        ShapeCase("shop://家", "shop://%E5%AE%B6", true),
        ShapeCase("shop://p(/:x)", "shop://p/:y", true),
        ShapeCase("shop://p(/:x)", "shop://p", true),
        ShapeCase("shop://p/:y", "shop://p(/:x)(/n)", true),
        ShapeCase("shop://p(/:x)", "shop://p/:x/n", false),
    ]

    @Test(arguments: shapes)
    func patternsOfTheSameShapeConflict(_ test: ShapeCase) throws {
        let router = Router()
        try router.registerObject(test.first) { _ in "first" }
        let error = caught { try router.registerObject(test.second) { _ in "second" } }
        if test.conflict {
            #expect(error?.code == .conflict)
            #expect(error?.message.contains("\"\(test.second)\"") == true)
            #expect(
                error?.message.contains("registered pattern \"\(test.first)\"") == true,
                "names the first: \(String(describing: error))")
            #expect(router.routes.map(\.pattern) == [test.first], "nothing is silently overwritten")
        } else {
            #expect(error == nil)
            #expect(router.routes.map(\.pattern) == [test.first, test.second])
        }
    }

    @Test func aRefusedRegistrationChangesNothing() throws {
        let router = Router()
        try router.registerObject("shop://item/:id") { _ in "original" }
        #expect(
            caught { try router.registerObject("shop://item/:other", priority: 9) { _ in "intruder" } }?.code
                == .conflict)
        #expect(caught { try router.registerObject("shop://item(/:x)(/new)") { _ in "intruder" } }?.code == .conflict)
        #expect(router.object(for: "shop://item/1") as? String == "original")
        #expect(router.match("shop://item/1")?.priority == 0)
        #expect(router.match("shop://item") == nil, "no expansion of the refused pattern was added")
        #expect(router.match("shop://item/new") != nil)
        #expect(router.object(for: "shop://item/new") as? String == "original")
    }

    @Test func replacingTakesOverTheShape() throws {
        let router = Router()
        try router.registerObject("shop://item/:id") { _ in "old" }
        try router.registerObject("shop://cart") { _ in "cart" }
        try router.registerObject("shop://item/:name", priority: 3, replacing: true) { $0.parameters["name"] }
        #expect(router.object(for: "shop://item/7") as? String == "7")
        #expect(router.match("shop://item/7")?.priority == 3)
        #expect(router.routes.map(\.pattern) == ["shop://cart", "shop://item/:name"])
        try router.registerObject("shop://new", replacing: true) { _ in "new" }
        #expect(router.object(for: "shop://new") as? String == "new")
    }

    @Test func replacingAPartOfAnOptionalGroupRouteReplacesTheWholeRoute() throws {
        let router = Router()
        try router.registerObject("shop://p(/:x)") { _ in "old" }
        try router.registerObject("shop://p/:y", replacing: true) { _ in "new" }
        #expect(router.object(for: "shop://p/1") as? String == "new")
        #expect(router.match("shop://p") == nil)
        #expect(router.routes.map(\.pattern) == ["shop://p/:y"])
    }

    @Test func replacingTwoRoutesAtOnce() throws {
        let router = Router()
        try router.registerObject("shop://p") { _ in "a" }
        try router.registerObject("shop://p/:x") { _ in "b" }
        let refused = try #require(caught { try router.registerObject("shop://p(/:y)") { _ in "c" } })
        #expect(
            refused.message
                == #"Pattern "shop://p(/:y)" conflicts with the registered patterns "shop://p", "shop://p/:x": they have the same shape. Deregister them first or register with replacing: true."#,
            "the error names every route that replacing: true would replace")
        try router.registerObject("shop://p(/:y)", replacing: true) { _ in "c" }
        #expect(router.object(for: "shop://p") as? String == "c")
        #expect(router.object(for: "shop://p/1") as? String == "c")
        #expect(router.routes.map(\.pattern) == ["shop://p(/:y)"])
    }

    @Test func deregisterRemovesThatRouteOnly() throws {
        let router = try patternEchoRouter([
            "shop://item", "shop://item/:id", "shop://item/:id/edit", "shop://item/:id<int>", "item/:id", "shop://",
        ])
        #expect(router.deregister("shop://item/:other"), "placeholder names do not matter")
        #expect(winner(router, "shop://item/abc") == "item/:id")
        #expect(winner(router, "shop://item/1") == "shop://item/:id<int>")
        #expect(winner(router, "shop://item/abc/edit") == "shop://item/:id/edit", "children stay")
        #expect(winner(router, "shop://item") == "shop://item", "the parent stays")
        #expect(!router.deregister("shop://item/:id"), "already gone")
        #expect(!router.deregister("shop://item/:id<double>"))
        #expect(!router.deregister("mall://item/:id"))
        #expect(!router.deregister("shop://nothing/here"))
        #expect(router.deregister("SHOP://"))
        #expect(winner(router, "shop://other") == nil)
        #expect(router.deregister("/item/:x"))
        #expect(winner(router, "shop://item/abc") == nil)
        #expect(router.routes.map(\.pattern) == ["shop://item", "shop://item/:id/edit", "shop://item/:id<int>"])
        try router.registerObject("shop://item/:again") { $0.pattern }
        #expect(winner(router, "shop://item/abc") == "shop://item/:again")
    }

    @Test func deregisterRemovesEveryOptionalGroupCombination() throws {
        let router = try patternEchoRouter(["/path/:thing(/new)(/more/:x)", "/path/:thing/new/other"])
        #expect(!router.deregister("/path/:thing"), "one combination is not the whole route")
        #expect(!router.deregister("/path/:thing(/new)"), "neither are two")
        #expect(!router.deregister("/path/:thing(/other)(/more/:x)"))
        #expect(router.routes.count == 2)
        #expect(router.deregister("/path/:t(/new)(/more/:y)"))
        for url in ["/path/1", "/path/1/new", "/path/1/more/2", "/path/1/new/more/2"] {
            #expect(winner(router, url) == nil)
        }
        #expect(winner(router, "/path/1/new/other") == "/path/:thing/new/other")
        #expect(router.routes.map(\.pattern) == ["/path/:thing/new/other"])
    }

    @Test func deregisterAFallbackOrCatchAll() throws {
        let router = try patternEchoRouter(["shop://", "shop://**", "shop://a/**"])
        #expect(router.deregister("shop://**"))
        #expect(winner(router, "shop://x") == "shop://")
        #expect(winner(router, "shop://a/b") == "shop://a/**")
        #expect(router.deregister("shop://a/**"))
        #expect(winner(router, "shop://a/b") == "shop://")
        #expect(!router.deregister("shop:"))
        #expect(router.deregister("shop:///"))
        #expect(winner(router, "shop://a/b") == nil)
        #expect(router.routes.isEmpty)
    }

    @Test func deregisterMakesALowerPriorityRouteReachable() throws {
        let router = Router()
        try router.registerObject("a/:x", priority: 5) { $0.pattern }
        try router.registerObject("a/b") { $0.pattern }
        #expect(winner(router, "x://a/b") == "a/:x")
        #expect(router.deregister("a/:x"))
        #expect(winner(router, "x://a/b") == "a/b")
        #expect(winner(router, "x://a/c") == nil)
    }

    @Test func removeAllKeepsTypesAndAllowsNewRoutes() throws {
        let router = Router()
        try router.register(RouteParameterType("even") { Int($0).map { $0 % 2 == 0 } ?? false })
        try router.register("shop://item/:id<even>") { _ in }
        try router.register("/about") { _ in }
        try router.register("shop://") { _ in }
        router.removeAll()
        #expect(router.routes.isEmpty)
        #expect(router.description == "")
        for url in ["shop://item/2", "x://about", "shop://x"] { #expect(!router.canOpen(url)) }
        try router.registerObject("shop://item/:id<even>") { $0.parameters["id"] }
        #expect(router.object(for: "shop://item/4") as? String == "4")
        #expect(router.object(for: "shop://item/3") == nil)
        #expect(caught { try router.register(RouteParameterType("even") { _ in true }) }?.code == .conflict)
    }

    @Test func routesListsEveryRouteInRegistrationOrder() throws {
        let router = Router()
        try router.register("shop://item/:id") { _ in }
        try router.registerObject("shop://item/:id/view", priority: 3) { _ in nil }
        try router.register("/path/:thing(/new)(/more/:x)", access: .internal) { _ in }
        try router.registerObject("shop://", priority: -2, access: .internal) { _ in nil }
        let routes = router.routes
        #expect(
            routes == [
                RouteInfo(pattern: "shop://item/:id", priority: 0, access: .public, returnsObject: false),
                RouteInfo(pattern: "shop://item/:id/view", priority: 3, access: .public, returnsObject: true),
                RouteInfo(
                    pattern: "/path/:thing(/new)(/more/:x)", priority: 0, access: .internal, returnsObject: false),
                RouteInfo(pattern: "shop://", priority: -2, access: .internal, returnsObject: true),
            ])
        #expect(
            routes.map(\.description) == [
                "shop://item/:id",
                "shop://item/:id/view (priority 3)",
                "/path/:thing(/new)(/more/:x) (internal only)",
                "shop:// (priority -2) (internal only)",
            ])
    }

    @Test func customTypeNamesAreUnique() throws {
        let router = Router()
        try router.register(RouteParameterType("slug") { !$0.isEmpty })
        let duplicate = caught { try router.register(RouteParameterType("slug") { _ in true }) }
        #expect(duplicate?.code == .conflict)
        #expect(duplicate?.message.contains("\"slug\"") == true)
        for builtin in ["int", "double", "bool", "uuid"] {
            #expect(caught { try router.register(RouteParameterType(builtin) { _ in true }) }?.code == .conflict)
        }
        try router.register(RouteParameterType("Slug") { _ in false })
        let other = Router()
        try other.register(RouteParameterType("slug") { _ in false })
    }

    @Test func routeLimit() throws {
        let router = Router(options: .init(limits: .init(maxRoutes: 2)))
        try router.register("a") { _ in }
        try router.register("b") { _ in }
        let error = caught { try router.register("c") { _ in } }
        #expect(error?.code == .limitExceeded)
        #expect(error?.message.contains("\"c\"") == true)
        try router.register("b", replacing: true) { _ in }
        #expect(router.deregister("a"))
        try router.register("c") { _ in }
        #expect(router.routes.map(\.pattern) == ["b", "c"])
    }

    @Test func descriptionDumpsTheTrie() throws {
        let router = Router()
        for pattern in [
            "shop://item/:id", "shop://item/:id<int>", "shop://item/:name.html", "shop://item/new",
            "shop://files/**", "shop://", "/about", "Cart/:id", "tel::number",
        ] {
            try router.register(pattern) { _ in }
        }
        try router.register("shop://item/*/reviews", priority: 2) { _ in }
        try router.register("shop://**", priority: -1) { _ in }
        let expected = """
            shop://
              files
                ** → shop://files/**
              item
                new → shop://item/new
                :.html → shop://item/:name.html
                :<int> → shop://item/:id<int>
                : → shop://item/:id
                *
                  reviews → shop://item/*/reviews (priority 2)
              ** → shop://** (priority -1)
              (fallback) → shop://
            tel://
              : → tel::number
            (any scheme)
              about → /about
              cart
                : → Cart/:id
            """
        #expect(router.description == expected)
        #expect("\(router)" == expected)
    }

    @Test func routersAreIndependent() throws {
        let first = Router()
        let second = Router()
        try first.register("shop://item/:id") { _ in }
        try second.register("shop://item/:name") { _ in }
        #expect(first.deregister("shop://item/:x"))
        #expect(second.canOpen("shop://item/1"))
        #expect(!first.canOpen("shop://item/1"))
    }

    @Test func descriptionOfAnEmptyRouter() {
        #expect(Router().description == "")
    }
}
