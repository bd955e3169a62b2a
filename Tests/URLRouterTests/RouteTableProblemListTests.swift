import Foundation
import Testing
import URLRouter

@Suite struct RouteTableProblemListTests {
    /// "Throws: .invalidRouteTable, listing every problem with its row and line": a row with a
    /// misspelt field must not hide a bad pattern or a conflict in the other rows.
    @Test func aRouteTableListsFieldAndPatternProblemsTogether() {
        let table = """
            [
              {"pattern": "shop://item/:id", "target": "Shop", "action": "itemView"},
              {"pattern": "shop://item/:name", "target": "Shop", "action": "itemView"},
              {"pattern": "shop://x/:id<money>", "target": "Shop", "action": "itemView"},
              {"pattern": "shop://y", "target": "Shop", "action": "itemView", "acess": "internal"}
            ]
            """
        let router = Router()
        do {
            try router.loadRouteTable(from: table, on: Mediator())
            Issue.record("loaded a bad table")
        } catch {
            #expect(error.code == .invalidRouteTable)
            #expect(error.message.contains("row 2, line 3"), "the conflict is not listed: \(error.message)")
            #expect(error.message.contains("row 3, line 4"), "the bad pattern is not listed: \(error.message)")
            #expect(error.message.contains("row 4, line 5"))
        }
        #expect(router.routes.isEmpty)
    }
}
