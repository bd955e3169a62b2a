import Testing

@testable import URLRouter

/// A request whose fields the decoder refuses (registration of a typed bridge does too).
struct NestedListsRequest: MediatorRequest {
    typealias Response = String
    static let target = "NestedLists"
    static let action = "raw"
    var grid: [[String]]?
    var counts: [Int?]?
}

/// An action that reads its parameters as a dictionary.
struct Target_NestedLists: MediatorTarget {
    var actions: [String: MediatorAction] {
        ["raw": { params in "\(params["grid"] ?? "-") \(params["counts"] ?? "-")" }]
    }
}

/// A route type `register` refuses; `url(for:)` does not need it registered.
private struct GridRoute: URLRoute {
    static let pattern = "grid://p"
    var grid: [[String]]
}

/// A field whose own `encode(to:)` writes arrays by hand: each row an array inside the field's array, or the field's
/// array as a record's nested container.
private struct HandWrittenGrid: Codable, Sendable {
    var rows: [[Int]]
    var asRecord = false

    init(rows: [[Int]], asRecord: Bool = false) { (self.rows, self.asRecord) = (rows, asRecord) }
    init(from decoder: any Decoder) throws { rows = [] }

    private enum Key: CodingKey { case cells }

    func encode(to encoder: any Encoder) throws {
        if asRecord {
            var container = encoder.container(keyedBy: Key.self)
            var cells = container.nestedUnkeyedContainer(forKey: .cells)
            for row in rows { try cells.encode(row) }
            return
        }
        var outer = encoder.unkeyedContainer()
        for row in rows {
            var inner = outer.nestedUnkeyedContainer()
            for cell in row { try inner.encode(cell) }
        }
    }
}

private struct HandWrittenGridRoute: URLRoute {
    static let pattern = "grid://hand"
    var grid: HandWrittenGrid?
}

/// A record in a field that writes its value through a super encoder, which has no text of its own either.
struct SuperEncodedRecord: Codable, Sendable {
    enum Way: CaseIterable, Sendable { case superEncoderForKey, superEncoder, itsSingleValueContainer }
    var way: Way

    init(way: Way) { self.way = way }
    init(from decoder: any Decoder) throws { way = .superEncoder }

    private enum Key: CodingKey { case value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch way {
        case .superEncoderForKey: try 5.encode(to: container.superEncoder(forKey: .value))
        case .superEncoder: try 5.encode(to: container.superEncoder())
        case .itsSingleValueContainer:
            var single = container.superEncoder(forKey: .value).singleValueContainer()
            try single.encode(5)
        }
    }
}

struct SuperEncodedRoute: URLRoute {
    static let pattern = "record://super"
    var record: SuperEncodedRecord?
}

/// A route whose own `encode(to:)` writes a field through a super encoder, which the decoder does not read.
private struct SuperEncodedFieldRoute: URLRoute {
    static let pattern = "record://top"
    private enum CodingKeys: CodingKey { case id }

    init() {}
    init(from decoder: any Decoder) throws {}

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try 5.encode(to: container.superEncoder(forKey: .id))
    }
}

/// A value whose own `encode(to:)` writes an array (of two values, or of a nil), or wraps an optional.
struct HandWrittenElement: Codable, Equatable, Sendable {
    enum Way: Sendable {
        case pair, unkeyedNil
        case optional(Int?)
    }
    var way: Way

    init(_ way: Way) { self.way = way }
    init(from decoder: any Decoder) throws { way = .optional(try decoder.singleValueContainer().decode(Int?.self)) }
    static func == (a: Self, b: Self) -> Bool { "\(a.way)" == "\(b.way)" }

    func encode(to encoder: any Encoder) throws {
        switch way {
        case .pair:
            var pair = encoder.unkeyedContainer()
            try pair.encode(1)
            try pair.encode(2)
        case .unkeyedNil:
            var list = encoder.unkeyedContainer()
            try list.encodeNil()
        case .optional(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        }
    }
}

private struct HandWrittenElementsRoute: URLRoute, Equatable {
    static let pattern = "grid://elements"
    var items: [HandWrittenElement] = []
    var item: HandWrittenElement?
}

/// The encoder writes what the decoder would refuse: `[[a, b], [c]]` as the three texts of `[a, b, c]`, and
/// `[1, nil, 2]` as `[1, 2]`. TypedRoutes.md: a field no text can hold is `.invalidParameter` for `perform`, and an
/// array of optionals "would come back as [1]".
@Suite("Typed values: the encoder refuses what the decoder refuses")
struct TypedEncoderRefusalTests {
    @Test func performRefusesANestedArrayInsteadOfFlatteningIt() {
        let mediator = Mediator()
        mediator.register(Target_NestedLists.self)
        let error = caught { _ = try mediator.perform(NestedListsRequest(grid: [["a", "b"], ["c"]])) }
        #expect(error?.code == .invalidParameter)
    }

    @Test func performRefusesAnArrayOfOptionalsInsteadOfDroppingTheNils() {
        let mediator = Mediator()
        mediator.register(Target_NestedLists.self)
        let error = caught { _ = try mediator.perform(NestedListsRequest(counts: [1, nil, 2])) }
        #expect(error?.code == .invalidParameter)
    }

    /// `[[1, 2], [3]]` written through nested containers used to come out as `grid=1&grid=2&grid=3`.
    @Test(arguments: [false, true])
    func urlForRefusesANestedArrayWrittenByHand(asRecord: Bool) {
        let route = HandWrittenGridRoute(grid: HandWrittenGrid(rows: [[1, 2], [3]], asRecord: asRecord))
        let error = caught { _ = try Router().url(for: route) }
        #expect(error?.code == .invalidParameter, "\(String(describing: error))")
        let expected =
            asRecord ? "HandWrittenGrid, a nested record" : "an array of arrays, which no query item can hold"
        #expect(error?.message.contains(#"field "grid" is \#(expected)"#) == true, "\(String(describing: error))")
    }

    /// Such a record's value used to come out as a query item of its own (`value=5`, `super=5`).
    @Test(arguments: SuperEncodedRecord.Way.allCases)
    func urlForRefusesARecordThatWritesThroughASuperEncoder(_ way: SuperEncodedRecord.Way) {
        let error = caught { _ = try Router().url(for: SuperEncodedRoute(record: SuperEncodedRecord(way: way))) }
        #expect(error?.message.hasSuffix(#"field "record" is SuperEncodedRecord, a nested record."#) == true)
    }

    /// The decoder reads no superclass, so a field written through a super encoder used to be written unreadable.
    @Test func urlForRefusesAFieldWrittenThroughASuperEncoder() {
        let error = caught { _ = try Router().url(for: SuperEncodedFieldRoute()) }
        #expect(error?.message.hasSuffix(#"field "id" is a superclass."#) == true, "\(String(describing: error))")
    }

    /// Each used to write what the decoder cannot read back: elements `(1, 2)` as `items=1&items=2`, one item each,
    /// which decodes no element, and a nil in an array as nothing, which drops it.
    @Test(arguments: [
        (HandWrittenElement.Way.pair, true, "an array of arrays, which no query item can hold"),
        (.optional(nil), true, "an array of optionals"), (.unkeyedNil, false, "an array of optionals"),
    ])
    func urlForRefusesAnElementThatWritesAnArrayOrANil(_ way: HandWrittenElement.Way, inArray: Bool, message: String)
        throws
    {
        let value = HandWrittenElement(way)
        let route = inArray ? HandWrittenElementsRoute(items: [value, value]) : HandWrittenElementsRoute(item: value)
        let error = caught { _ = try Router().url(for: route) }
        let field = inArray ? "items" : "item"
        #expect(error?.message.hasSuffix(#"field "\#(field)" is \#(message)."#) == true, "\(String(describing: error))")
        let router = Router()
        try router.register(HandWrittenElementsRoute.self) { _, _ in }
        let some = HandWrittenElementsRoute(items: [HandWrittenElement(.optional(3))])  // an optional's value reads
        #expect(router.match(try router.url(for: some), as: HandWrittenElementsRoute.self) == some)
    }

    @Test func urlForRefusesANestedArray() {
        let error = caught { _ = try Router().url(for: GridRoute(grid: [["a", "b"], ["c"]])) }
        #expect(error?.code == .invalidParameter)
    }
}
