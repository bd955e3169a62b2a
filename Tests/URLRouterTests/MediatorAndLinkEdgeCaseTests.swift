import Foundation
import Testing

@testable import URLRouter

/// A typed route served under a custom scheme and a web host.
private struct EdgeItemRoute: URLRoute {
    static let pattern = "item/:id<int>"
    static let origins: [LinkOrigin] = [.scheme("edgeshop"), .web("edge.example.com")]
    var id: Int
    var price: Double?
}

/// Edge cases of the mediator's remote calls, route tables and link origins:
/// - an external open of a bridged route hands the remote policy the URL's scheme lowercased,
///   so `allowedSchemes` and a predicate see `probe` for `PROBE://ping`;
/// - text after a route table's closing `]` is an issue of the file, with a line and no row;
/// - values in a route table nest up to 32 deep, the table's own array included;
/// - a route table error with exactly 50 issues lists them all, with no "more issues" line;
/// - a typed route's URL is printed for the origin asked for, by default its first, and a
///   field holding an infinite or NaN number has no text, so no URL is printed for it;
/// - a web host is at most 253 bytes, and no label of it starts or ends with `-`.
@Suite struct MediatorAndLinkEdgeCaseTests {
    @Test func aBridgedExternalOpenShowsThePolicyTheSchemeLowercased() throws {
        let seen = Locked<[RemoteCall]>([])
        let mediator = probeMediator(
            RemotePolicy(allowedSchemes: ["probe"]) { call in
                seen.withLock { $0.append(call) }
                return true
            })
        let router = Router()
        try router.register("probe://ping", target: "Probe", action: "ping", on: mediator)
        let opened = ProbeRecord.open("PROBE://ping?x=1", on: router, source: .external)
        #expect(opened.outcome == [.value("Probe.ping")])
        #expect(opened.ran == ["Probe.ping"])
        let expected = RemoteCall(
            url: "PROBE://ping?x=1", scheme: "probe", target: "Probe", action: "ping", parameters: ["x": "1"])
        #expect(seen.withLock { $0 } == [expected])
        #expect(router.canOpen("Probe://ping", source: .external))
        #expect(router.explain("Probe://ping", source: .external).refusal == nil)
    }

    @Test func textAfterATableOfRowsIsAnIssueOfTheFileNotOfARow() throws {
        let row = #"{"pattern": "a://b", "target": "T", "action": "x"}"#
        let error = try #require(throws: RouteTableError.self) {
            try RouteTableRow.parse("[\n\(row),\n\(row)\n]\nx")
        }
        #expect(error.issues == [.init(row: nil, line: 5, message: "unexpected text after the end")])
        #expect(error.description == "Route table rejected: line 5: unexpected text after the end")
    }

    @Test(arguments: [
        (32, "row 1, line 1: a row is an object with \"pattern\", \"target\" and \"action\", found an array"),
        (33, "row 1, line 1: values nest deeper than 32"),
    ])
    func aRouteTableNestsValuesUpTo32Deep(depth: Int, issue: String) throws {
        let table = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let error = try #require(throws: RouteTableError.self) { try RouteTableRow.parse(table) }
        #expect(error.issues.map(\.description) == [issue])
    }

    @Test(arguments: [(25, false), (26, true)])
    func aRouteTableErrorListsUpToFiftyIssues(rows: Int, truncated: Bool) throws {
        // Each row misses "target" and "action": two issues a row.
        let table = "[\n" + Array(repeating: #"{"pattern": "a://b"}"#, count: rows).joined(separator: ",\n") + "\n]"
        let error = try #require(throws: RouteTableError.self) { try RouteTableRow.parse(table) }
        #expect(error.issues.count == rows * 2)
        let lines = error.description.split(separator: "\n")
        #expect(lines.first == "Route table rejected:")
        #expect(lines.count == (truncated ? 52 : 51))
        #expect(error.description.contains("more issues") == truncated)
        #expect(lines.last == (truncated ? "  and 2 more issues" : "  row 25, line 26: missing field \"action\""))
    }

    @Test func aTypedURLPrintsTheOriginAskedFor() throws {
        let router = Router()
        try router.registerObject(EdgeItemRoute.self) { item, _ in item.id }
        let item = EdgeItemRoute(id: 42, price: 1.5)
        #expect(try router.url(for: item) == "edgeshop://item/42?price=1.5")
        #expect(try router.url(for: item, origin: .scheme("edgeshop")) == "edgeshop://item/42?price=1.5")
        #expect(
            try router.url(for: item, origin: .web("edge.example.com")) == "https://edge.example.com/item/42?price=1.5")
        #expect(caught { try router.url(for: item, origin: .web("other.example.com")) }?.code == .invalidParameter)
    }

    @Test(arguments: [Double.infinity, -.infinity, .nan])
    func aTypedURLRefusesANumberWithoutText(price: Double) throws {
        let router = Router()
        try router.registerObject(EdgeItemRoute.self) { item, _ in item.id }
        let error = caught { try router.url(for: EdgeItemRoute(id: 1, price: price)) }
        #expect(error?.code == .invalidParameter)
    }

    /// Four labels of 63, 63, 63 and `last` bytes: 192 + `last` bytes in all.
    static func longHost(last: Int) -> String {
        ["a", "b", "c"].map { String(repeating: $0, count: 63) + "." }.joined() + String(repeating: "d", count: last)
    }

    @Test(arguments: [
        (longHost(last: 61), true), (longHost(last: 62), false),
        ("shop-.example.com", false), ("shop.example-.com", false), ("sh-op.example.com", true),
    ])
    func webHostsAreDNSNames(host: String, valid: Bool) throws {
        let router = Router()
        let error = caught { try router.registerObject("item/:id", origins: [.web(host)]) { $0.parameters["id"] } }
        #expect((error == nil) == valid)
        #expect(error?.code == (valid ? nil : .invalidPattern))
        #expect(router.object(for: "https://\(host)/item/7") as? String == (valid ? "7" : nil))
    }
}
