import Foundation
import Testing

@testable import URLRouter

/// A path with link origins is written alone: registration, generation for an origin, typed generation and route
/// tables refuse a path with a scheme or a leading `/` with one message, naming the path.
@Suite struct LinkOriginPathMessageTests {
    @Test(arguments: ["http", "HTTPS", "http://shop.example.com", "https://shop.example.com", "Http:"])
    func aWebSchemeAsAnOriginPointsToTheHost(scheme: String) throws {
        let router = Router()
        try router.register("shop://cart") { _ in }
        let error = try #require(caught { try router.register("item/:id", origins: [.scheme(scheme)]) { _ in } })
        #expect(error.code == .invalidPattern)
        #expect(
            error.message
                == "Invalid pattern \"item/:id\": the origin \(RouteError.quoted(scheme)) has a web scheme; list its "
                + #"host as .web("host") ("https://host" in a route table), which serves https only."#)
        #expect(router.routes.map(\.pattern) == ["shop://cart"])
    }

    @Test func aRouteTableRowWithAnHTTPOriginGetsTheSameAdvice() throws {
        let router = Router()
        let json = #"[{"pattern": "item/:id", "target": "T", "action": "a", "origins": ["http://shop.example.com"]}]"#
        let error = try #require(caught { try router.loadRouteTable(from: json, on: Mediator()) })
        #expect(error.code == .invalidRouteTable)
        #expect(error.message.contains(#"row 1, line 1: Invalid pattern "item/:id": the origin "http://shop"#))
        #expect(error.message.hasSuffix(#"("https://host" in a route table), which serves https only."#))
        #expect(router.routes.isEmpty)
    }
}

/// A route table cannot replace a route, so a row that conflicts with a route registered before the load is told to
/// deregister it, not to pass `replacing: true`, which no row can say.
@Suite struct RouteTableConflictAdviceTests {
    static let row = #"[{"pattern": "shop://item/:name", "target": "Shop", "action": "show"}]"#

    @Test func aRowThatConflictsWithARegisteredRouteIsToldToDeregisterIt() throws {
        let router = Router()
        try router.registerObject("shop://item/:id") { _ in "kept" }
        let error = try #require(caught { try router.loadRouteTable(from: Self.row, on: Mediator()) })
        #expect(error.code == .invalidRouteTable)
        #expect(
            error.message
                == #"Route table rejected: row 1, line 1: Pattern "shop://item/:name" conflicts with the registered "#
                + #"pattern "shop://item/:id": they have the same shape. Deregister it before loading."#)
        #expect(router.object(for: "shop://item/1") as? String == "kept")
    }

    @Test func inABatchTheSameAdviceHolds() throws {
        let router = Router()
        try router.registerObject("shop://item/:id") { _ in "kept" }
        let error = try #require(
            caught {
                try router.update { routes throws(RouteError) in
                    try routes.loadRouteTable(from: Data(Self.row.utf8), on: Mediator())
                }
            })
        #expect(error.message.hasSuffix("Deregister it before loading."), "\(error.message)")
        #expect(!error.message.contains("replacing"))
        #expect(router.routes.map(\.pattern) == ["shop://item/:id"])
    }

    @Test func registeringInCodeKeepsItsAdvice() throws {
        let router = Router()
        try router.register("shop://item/:id") { _ in }
        let error = try #require(caught { try router.register("shop://item/:name") { _ in } })
        #expect(error.message.hasSuffix("Deregister it first or register with replacing: true."))
    }
}
