import Foundation
import Testing

@testable import URLRouter

/// A typed route that serves a custom scheme and a web host.
private struct OriginItem: URLRoute, Equatable {
    static let pattern = "item/:id<int>"
    static let origins: [LinkOrigin] = [.scheme("shop"), .web("shop.example.com")]
    var id: Int
}

/// What users reach for without reading the reference: `localizedDescription`, printing a
/// typed route's link on any router, `route` without a response.
@Suite("Public surface")
struct PublicSurfaceTests {
    /// An alert showing `error.localizedDescription` shows the message, not Foundation's generic text.
    @Test func errorsDescribeThemselvesLocalized() {
        let error = RouteError.notFound("shop://x")
        #expect(error.localizedDescription == #"No route matches "shop://x"."#)
        let tableError = RouteTableError(issues: [.init(row: nil, line: 1, message: "the file is empty")])
        #expect(tableError.localizedDescription == "Route table rejected: line 1: the file is empty")
        #expect((error as any Error).localizedDescription == error.message)
    }

    /// The type lists its origins: its link prints on a router it is not registered on, as a
    /// typed route without origins does.
    @Test func aTypedLinkWithOriginsPrintsOnAnyRouter() throws {
        let router = Router()
        #expect(try router.url(for: OriginItem(id: 42)) == "shop://item/42")
        let web = try router.url(for: OriginItem(id: 42), origin: .web("SHOP.example.com"))
        #expect(web == "https://shop.example.com/item/42")
        #expect(caught { try router.url(for: OriginItem(id: 42), origin: .scheme("other")) }?.code == .invalidParameter)
    }

    @Test func routeNeedsNoResponse() throws {
        let router = Router()
        let opened = Recorder<String>()
        try router.register("shop://cart") { request in
            opened.record(request.url)
            request.complete(nil)
        }
        #expect(router.route("shop://cart"))
        #expect(opened.values == ["shop://cart"])
    }

    /// A duplicate among many origins is found whatever its letter case.
    @Test func aDuplicateAmongManyOriginsIsFound() throws {
        let origins = (0..<1_000).map { LinkOrigin.scheme("s\($0)") }
        let validated = try LinkOrigin.validate(origins, path: "x")
        #expect(validated.count == 1_000)
        let twice = caught { _ = try LinkOrigin.validate(origins + [.scheme("S7")], path: "x") }
        #expect(twice?.message.contains(#"the origin "s7" is listed twice"#) == true, "\(String(describing: twice))")
    }
}
