import Foundation
import Testing

@testable import URLRouter

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
