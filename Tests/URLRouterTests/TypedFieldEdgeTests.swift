import Foundation
import Testing
import URLRouter

private struct FilesRoute: URLRoute, Equatable {
    static let pattern = "edge://files/**"
    var path: String
    enum CodingKeys: String, CodingKey { case path = "**" }
}

/// Internal, not private: a private type has no name with its parents to print.
enum EdgeReviewScreen {
    enum Sort: String, Codable { case newest, oldest }
    struct Route: URLRoute {
        static let pattern = "edge://reviews"
        var sort: Sort
    }
}

/// A field type that reads itself from a `String`, as a money or ID type of an app does.
private struct Cents: Codable, Equatable {
    var value: Int
    init(value: Int) { self.value = value }
    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Int(text) else {
            throw DecodingError.valueNotFound(Int.self, .init(codingPath: [], debugDescription: text))
        }
        self.value = value
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(value))
    }
}

private struct PriceRoute: URLRoute, Equatable {
    static let pattern = "edge://price"
    var price: Cents
    var at: Date
}

private struct LinkFieldRoute: URLRoute {
    static let pattern = "edge://link"
    var target: URL
}

/// No record of fields: nothing a URL holds could fill it.
private enum EnumPageRoute: String, URLRoute {
    case home
    static let pattern = "edge://page/:name"
}

/// Keyed by its case, as the compiler's `Codable` decodes an enum without raw values.
private enum PlainEnumPageRoute: URLRoute {
    case home, about
    static let pattern = "edge://plain/:name"
}

private enum PayloadEnumPageRoute: URLRoute {
    case page(name: String)
    static let pattern = "edge://payload/:name"
}

private struct EchoRequest: MediatorRequest {
    typealias Response = String
    static let target = "Echo", action = "echo"
    var id: Int
    var ref: String?
}

private struct EchoTarget: MediatorTarget {
    static var targetName: String { "Echo" }
    var actions: [String: MediatorAction] {
        [EchoRequest.action: EchoRequest.handler { "\($0.id) \($0.ref ?? "nil")" }]
    }
}

@Suite struct TypedFieldEdgeTests {
    /// A required `**` field whose value prints no segment would give a link that reads the field back absent, which
    /// its own route then refuses: `url(for:)` throws instead.
    @Test(arguments: ["", "/", "//"])
    func aCatchAllValueThatPrintsNoSegmentIsRefused(path: String) throws {
        let router = Router()
        try router.register(FilesRoute.self) { _, _ in }
        let error = try #require(caught { try router.url(for: FilesRoute(path: path)) })
        #expect(error.code == .invalidParameter)
        #expect(error.message.hasPrefix("FilesRoute.** is \(path.debugDescription), which prints no segment"))
        let link = try router.url(for: FilesRoute(path: "a/b"))
        #expect(link == "edge://files/a/b")
        #expect(router.match(link, as: FilesRoute.self) == FilesRoute(path: "a/b"))
    }

    /// An enum never matches (no URL holds its case's key), so it is refused, with raw values or without.
    @Test(arguments: [
        (EnumPageRoute.self as any URLRoute.Type, #""edge://page/:name": EnumPageRoute is"#),
        (PlainEnumPageRoute.self, #""edge://plain/:name": PlainEnumPageRoute is"#),
        (PayloadEnumPageRoute.self, #""edge://payload/:name": PayloadEnumPageRoute is"#),
    ])
    func aTypeThatIsNoRecordOfFieldsIsRefused(type: any URLRoute.Type, message: String) throws {
        let router = Router()
        let error = try #require(caught { try router.register(type) { _, _ in } })
        #expect(error.message.hasSuffix(message + " not a struct of named fields."), "\(error)")
        #expect(router.routes.isEmpty)
    }

    /// A field's type is named with the types it is nested in, as registration errors name them.
    @Test func aNestedTypeIsNamedWithItsParents() throws {
        let router = Router()
        try router.register(EdgeReviewScreen.Route.self) { _, _ in }
        #expect(
            router.explain("edge://reviews?sort=best").candidates.map(\.verdict.description) == [
                #"matches, but field "sort": "best" is not a valid EdgeReviewScreen.Sort"#
            ])
        #expect(
            router.explain("edge://reviews").candidates.map(\.verdict.description) == [
                #"matches, but field "sort" (EdgeReviewScreen.Sort) is missing"#
            ])
    }

    /// A missing field of a type that reads itself is named with its own type, not what it reads.
    @Test(arguments: [
        ("edge://price?at=0", #"field "price" (Cents) is missing"#),
        ("edge://price?price=5", #"field "at" (Date) is missing"#),
        ("edge://price?price=x&at=0", #"field "price": "x" is not a valid Cents"#),
    ])
    func aMissingSelfDecodingFieldIsNamedWithItsType(url: String, verdict: String) throws {
        let router = Router()
        try router.register(PriceRoute.self) { _, _ in }
        #expect(router.explain(url).candidates.map(\.verdict.description) == ["matches, but " + verdict])
        #expect(router.match("edge://price?price=5&at=0", as: PriceRoute.self)?.price == Cents(value: 5))
    }

    /// A field whose type decodes as a record is refused naming that type: `URL` is one.
    @Test func aRecordFieldNamesItsType() throws {
        let error = try #require(caught { try Router().register(LinkFieldRoute.self) { _, _ in } })
        #expect(error.message.contains("LinkFieldRoute.target is URL, a nested record, which neither"), "\(error)")
        let link = LinkFieldRoute(target: URL(string: "https://example.com")!)
        let written = try #require(caught { try Router().url(for: link) })
        #expect(written.message.hasSuffix(#"field "target" is URL, a nested record."#), "\(written)")
    }

    @Test func aFoundationURLMatchesAsATypeToo() throws {
        let router = Router()
        try router.register(FilesRoute.self) { _, _ in }
        #expect(router.match(URL(string: "edge://files/x/y")!, as: FilesRoute.self) == FilesRoute(path: "x/y"))
        #expect(router.match(URL(string: "edge://other/x")!, as: FilesRoute.self) == nil)
    }

    /// JSON's `null`, as `JSONSerialization` gives it, and a nil optional in the dictionary are no value: an optional
    /// field reads nil, and a required one is missing, named with its type.
    @Test(arguments: [
        (#"{"id": 42, "ref": null}"#, "42 nil"),
        (#"{"id": 42, "ref": "mail"}"#, "42 mail"),
        (#"{"id": null, "ref": "mail"}"#, #"field "id" (Int) is missing"#),
    ])
    func nullIsNoValue(json: String, expected: String) throws {
        let mediator = Mediator()
        mediator.register(EchoTarget.self)
        let params = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        switch mediator.performResult(target: "Echo", action: "echo", params: params) {
        case .success(let value): #expect(value as? String == expected)
        case .failure(let error): #expect(error.code == .invalidParameter && error.message.hasSuffix(expected + "."))
        }
        let none: String? = nil
        let native = mediator.performResult(target: "Echo", action: "echo", params: ["id": 7, "ref": none as Any])
        #expect((try? native.get()) as? String == "7 nil")
    }
}
