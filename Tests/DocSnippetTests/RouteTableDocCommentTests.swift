// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Foundation
import Testing
import URLRouter

/// A Shop target whose item action returns the parameters it was given, as text.
private enum ShopModule {
    struct Target_Shop: MediatorTarget {
        var actions: [String: MediatorAction] {
            ["itemView": { params in params.mapValues { "\($0)" } }]
        }
    }

    static func mediator() -> Mediator {
        let mediator = Mediator()
        mediator.register(Target_Shop.self)
        return mediator
    }
}

/// The doc comments of RouteTableRow, RouteTableError, the router's route-table loading and
/// the bridge from routes to target-actions.
@Suite("Doc comments: route tables and the bridge")
struct RouteTableDocCommentTests {
    /// Rows made in code equal the rows read from a file, origins and access included.
    @Test func rowsInCodeAndInAFile() async throws {
        let values = await evaluate {
            RouteTableRow(pattern: "shop://item/:id", target: "Shop", action: "itemView")
            RouteTableRow(pattern: "item/:id", target: "Shop", action: "itemView", origins: [.scheme("shop")])
        }
        let rows = try RouteTableRow.parse(#"[{"pattern": "shop://item/:id", "target": "Shop", "action": "itemView"}]"#)
        #expect(rows == [try #require(values.first as? RouteTableRow)])
        #expect(rows.first?.priority == 0 && rows.first?.access == .public && rows.first?.origins == [])
        let withOrigins = try RouteTableRow.parse(#"[{"pattern": "item/:id", "target": "Shop", "action": "itemView", "origins": ["shop"]}]"#)
        #expect(withOrigins == [try #require(values.last as? RouteTableRow)])
        let internalRow = try RouteTableRow.parse(#"[{"pattern": "a", "target": "T", "action": "a", "access": "internal"}]"#)
        #expect(internalRow.map(\.access) == [.internal])
    }

    @Test func aTableReadFromAFile() throws {
        let tableURL = FileManager.default.temporaryDirectory.appendingPathComponent("route-table-\(UUID()).json")
        try Data(#"[{"pattern": "shop://item/:id", "target": "Shop", "action": "itemView"}]"#.utf8).write(to: tableURL)
        defer { try? FileManager.default.removeItem(at: tableURL) }

        let rows = try RouteTableRow.parse(try Data(contentsOf: tableURL))
        #expect(rows.map(\.pattern) == ["shop://item/:id"])
    }

    @Test func aRejectedTableSaysWhereAndWhy() async throws {
        let text = """
            [
              {"pattern": "shop://item/:id", "target": "Shop", "action": "itemView"},
              {"pattern": "shop://cart", "target": "Shop", "action": "cart",
               "priorty": 5}
            ]
            """
        let printed = await capturingPrints {
            do { _ = try RouteTableRow.parse(text) }
            catch { print(error) }   // Route table rejected: row 2, line 4: unknown field "priorty" ...
        }
        #expect(printed.hasPrefix(#"Route table rejected: row 2, line 4: unknown field "priorty""#), "\(printed)")

        let values = await evaluate {
            RouteTableError.Issue(row: 2, line: 4, message: "missing field \"target\"")
            RouteTableError(issues: [.init(row: nil, line: 1, message: "the file is empty")])
        }
        try #require(values.count == 2)
        #expect((values[0] as? RouteTableError.Issue)?.description == #"row 2, line 4: missing field "target""#)
        #expect((values[1] as? RouteTableError)?.description == "Route table rejected: line 1: the file is empty")
    }

    @Test func loadingATable() async throws {
        let mediator = ShopModule.mediator()
        let router = Router()
        let data = Data(#"[{"pattern": "shop://product/:id", "target": "Shop", "action": "itemView"}]"#.utf8)
        let values = try await evaluate {
            try router.loadRouteTable(from: #"[{"pattern": "shop://item/:id", "target": "Shop", "action": "itemView"}]"#, on: mediator)
            try router.loadRouteTable(from: data, on: mediator)
        }
        let patterns = values.compactMap { ($0 as? [RouteTableRow])?.first?.pattern }
        #expect(patterns == ["shop://item/:id", "shop://product/:id"])
        #expect(router.object(for: "shop://product/7") as? [String: String] == ["id": "7"])

        // The file form reads the file first: one that is not there is reported.
        let error = #expect(throws: RouteError.self) {
            try router.loadRouteTable(from: URL(fileURLWithPath: "routes.json"), on: mediator)
        }
        #expect(error?.code == .invalidRouteTable)
        #expect(error?.message.contains("routes.json") == true, "\(String(describing: error))")
    }

    /// The action gets the request's merged parameters, path and query.
    @Test func theBridge() throws {
        let mediator = ShopModule.mediator()
        do {
            let router = Router()
            try router.register("shop://item/:id", target: "Shop", action: "itemView", on: mediator)
            let view = router.object(for: "shop://item/42?ref=home")   // itemView(["id": "42", "ref": "home"])
            #expect(view as? [String: String] == ["id": "42", "ref": "home"])
        }

        let router = Router()
        try router.update { routes in
            try routes.register("shop://item/:id", target: "Shop", action: "itemView", on: mediator)
        }
        #expect(router.object(for: "shop://item/42?ref=home") as? [String: String] == ["id": "42", "ref": "home"])
    }
}
