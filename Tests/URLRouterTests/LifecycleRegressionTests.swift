import Foundation
import Testing

@testable import URLRouter

@Suite struct LifecycleRegressionTests {
    /// A route table loaded after many deregistrations: a row with optional groups rebuilds the sparse table, which
    /// renumbers routes, and a later conflict must still name the row it is with (MatchingRules.md: a conflict names
    /// the first; MediatorRouteTableLoadingTests: "conflicts with row N").
    @Test func aConflictAfterTheTableIsRebuiltNamesItsRow() throws {
        let router = Router()
        for index in 0..<63 { try router.register("a://f/\(index)") { _ in } }
        for index in 0..<63 { #expect(router.deregister("a://f/\(index)")) }
        let mediator = Mediator()
        mediator.register(BridgeShop.self)
        func row(_ pattern: String) -> String { #"{"pattern": "\#(pattern)", "target": "Shop", "action": "itemView"}"# }
        // Row 1 is route 63 until row 2 rebuilds the table; row 64 then is route 63.
        let rows = [row("a://x/:id"), row("a://o(/p)")] + (3...64).map { row("a://r/\($0)") } + [row("a://r/64")]
        let error = try #require(
            caught { try router.loadRouteTable(from: "[\n" + rows.joined(separator: ",\n") + "\n]", on: mediator) })
        #expect(
            error.message.hasSuffix(
                #"row 65, line 66: Pattern "a://r/64" conflicts with row 64, "a://r/64": they have the same shape."#),
            "\(error.message)")
        let short = [row("a://x/:id"), row("a://o(/p)"), row("a://x/:name")]
        let other = try #require(
            caught { try router.loadRouteTable(from: "[\n" + short.joined(separator: ",\n") + "\n]", on: mediator) })
        #expect(other.message.contains(#"conflicts with row 1, "a://x/:id""#), "\(other.message)")
    }
}
