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

private struct Filter: Codable, Sendable { var word: String? }

/// Records in fields that write no value, which the decoder refuses as it refuses every record in a field.
private struct EmptyRecordsRoute: URLRoute {
    static let pattern = "rg://records"
    var filter: Filter?
    var names: [String: String]?
    var byHand = false
    private enum CodingKeys: CodingKey { case filter, names }

    init(filter: Filter? = nil, names: [String: String]? = nil, byHand: Bool = false) {
        (self.filter, self.names, self.byHand) = (filter, names, byHand)
    }
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(filter, forKey: .filter)
        try container.encodeIfPresent(names, forKey: .names)
        if byHand { _ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .filter) }
    }
}

/// A route read as a record but written as one value, or as an array.
private struct SingleValueRoute: URLRoute {
    static let pattern = "rg://single"
    var id = 5
    var asArray = false
    private enum CodingKeys: CodingKey { case id }

    init(asArray: Bool) { self.asArray = asArray }
    init(from decoder: any Decoder) throws {
        id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
    }
    func encode(to encoder: any Encoder) throws {
        guard asArray else { return try id.encode(to: encoder) }
        var container = encoder.unkeyedContainer()
        try container.encode(id)
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

    /// Each used to print a URL that reads back as another value, or as none: an empty record as no field, the route's
    /// single value as the query item `=5`.
    @Test(arguments: [
        (EmptyRecordsRoute(filter: Filter()) as any URLRoute, #"field "filter" is Filter, a nested record"#),
        (EmptyRecordsRoute(names: [:]), #"field "names" is Dictionary<String, String>, a nested record"#),
        (EmptyRecordsRoute(byHand: true), #"field "filter" is a nested record"#),
        (SingleValueRoute(asArray: false), "the type is not a struct of named fields"),
        (SingleValueRoute(asArray: true), "the type is not a struct of named fields"),
    ])
    func aValueTheDecoderCannotReadIsRefusedAlsoWhenItWritesNothing(_ route: any URLRoute, message: String) {
        let error = caught { _ = try Router().url(for: route) }
        #expect(error?.code == .invalidParameter)
        let suffix = " cannot be written as parameters: \(message)."
        #expect(error?.message.hasSuffix(suffix) == true, "\(String(describing: error))")
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
