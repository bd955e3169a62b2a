import Testing

@testable import URLRouter

/// An array field on a placeholder inside an optional group.
private struct TagsRoute: URLRoute, Equatable {
    static let pattern = "rg://tags(/:tag)"
    var tag: [String]
}

private struct NumberRoute: URLRoute, Equatable {
    static let pattern = "rg://n/:x<double>"
    var x: Double
    var y: Double?
}

/// A route whose own `init(from:)` refuses some values with an error of its own.
private struct CheckedRoute: URLRoute, Equatable {
    static let pattern = "rg://v/:id<int>"
    var id: Int
    struct Negative: Error {}
    init(id: Int) { self.id = id }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        if id < 0 { throw Negative() }
    }
}

/// Values a typed route cannot print as a URL that gives them back are refused, with a message
/// that names the field; a route's own decoding error is not called a missing field.
@Suite("Typed round trips: refusals")
struct TypedRoundTripRefusalTests {
    @Test func twoValuesForOnePlaceholderAreRefused() throws {
        let router = Router()
        try router.register(TagsRoute.self) { _, _ in }
        let error = caught { try router.url(for: TagsRoute(tag: ["a", "b"])) }
        #expect(error?.code == .invalidParameter)
        #expect(error?.message == "TagsRoute.tag: 2 values for one :tag.")
        let one = TagsRoute(tag: ["a"])
        #expect(router.match(try router.url(for: one), as: TagsRoute.self) == one)
        #expect(try router.url(for: TagsRoute(tag: [])) == "rg://tags")
    }

    @Test func anOriginTheTypeDoesNotServeIsRefused() throws {
        let router = Router()
        try router.register(ShopItem.self) { _, _ in }
        try router.register(AuctionItem.self) { _, _ in }  // the same path, another origin
        let error = caught { try router.url(for: ShopItem(id: 1, page: 2), origin: .scheme("auction")) }
        #expect(error?.code == .invalidParameter)
        #expect(error?.message.contains("ShopItem has no origin \"auction\"") == true, "\(String(describing: error))")
        let url = try router.url(for: ShopItem(id: 1, page: 2), origin: .scheme("SHOP"))
        #expect(router.match(url, as: ShopItem.self) == ShopItem(id: 1, page: 2))
    }

    @Test func aValueWithNoTextIsRefusedNamingItsField() throws {
        let router = Router()
        try router.register(NumberRoute.self) { _, _ in }
        let error = caught { try router.url(for: NumberRoute(x: 1, y: .nan)) }
        #expect(error?.code == .invalidParameter)
        #expect(error?.message.contains(#"field "y": "nan""#) == true, "\(String(describing: error))")
    }

    @Test func aRoutesOwnErrorIsNotAMissingField() throws {
        let router = Router()
        try router.register(CheckedRoute.self) { _, _ in }
        #expect(router.match("rg://v/-5", as: CheckedRoute.self) == nil)
        #expect(
            router.explain("rg://v/-5").candidates.map(\.verdict) == [
                .fieldMismatch(#"CheckedRoute did not take the values: "Negative()""#)
            ])
    }
}
