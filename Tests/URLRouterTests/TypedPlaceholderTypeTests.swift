import Foundation
import Testing
import URLRouter

/// A typed placeholder's field must hold the values the placeholder takes: `:id<uuid>` on an `Int` field would
/// register and then never take a URL, so registration refuses it, naming the field and its type.
@Suite struct TypedPlaceholderTypeTests {
    struct UUIDOnInt: URLRoute {
        static let pattern = "pt://a/:id<uuid>"
        var id: Int
    }
    struct IntOnUUID: URLRoute {
        static let pattern = "pt://b/:id<int>"
        var id: UUID
    }
    struct BoolOnInt: URLRoute {
        static let pattern = "pt://c/:on<bool>"
        var on: Int?
    }
    struct DoubleOnInt: URLRoute {
        static let pattern = "pt://d(/:price<double>)"
        var price: Int?
    }
    /// `Int128` has an entry point of its own in a keyed container, which used to read the placeholder unrecorded.
    struct UUIDOnInt128: URLRoute {
        static let pattern = "pt://e/:id<uuid>"
        var id: Int128
    }

    @Test(arguments: [
        (UUIDOnInt.self as any URLRoute.Type, "TypedPlaceholderTypeTests.UUIDOnInt.id is Int", "<uuid>"),
        (IntOnUUID.self, "TypedPlaceholderTypeTests.IntOnUUID.id is UUID", "<int>"),
        (BoolOnInt.self, "TypedPlaceholderTypeTests.BoolOnInt.on is Int", "<bool>"),
        (DoubleOnInt.self, "TypedPlaceholderTypeTests.DoubleOnInt.price is Int", "<double>"),
        (UUIDOnInt128.self, "TypedPlaceholderTypeTests.UUIDOnInt128.id is Int128", "<uuid>"),
    ])
    func aFieldThatCannotHoldItsPlaceholdersValuesIsRefused(route: any URLRoute.Type, field: String, type: String) {
        let error = caught { try Router().register(route) { _, _ in } }
        #expect(error?.code == .invalidPattern)
        #expect(
            error?.message == "Invalid pattern \"\(route.pattern)\": \(field), which cannot hold a \(type) value.",
            "\(error?.message ?? "registered")")
    }

    struct Fitting: URLRoute, Equatable {
        static let pattern = "pt://fit/:small<int>/:wide<int>/:ratio<double>/:text<uuid>/:on<bool>/:count<int>"
        var small: Int8
        var wide: Double
        var ratio: Float
        var text: String
        var on: Bool?
        var count: EvenID
    }

    /// A type of its own that refuses some values (here odd ones) is not judged by a sample it may refuse: its basic
    /// type is (`Int` holds `<int>` values, not `<uuid>` ones).
    struct EvenID: Codable, Equatable, Sendable {
        var value: Int
        init(_ value: Int) { self.value = value }
        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(Int.self)
            let odd = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "odd"))
            guard value % 2 == 0 else { throw odd }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
    struct EvenRoute: URLRoute {
        static let pattern = "pt://even/:id<int>"
        var id: EvenID
    }
    struct EvenOnUUID: URLRoute {
        static let pattern = "pt://even/:id<uuid>"
        var id: EvenID
    }

    @Test func aValidatingTypeIsJudgedByTheTypeItReads() throws {
        let router = Router()
        try router.register(EvenRoute.self) { _, _ in }
        #expect(router.match("pt://even/4", as: EvenRoute.self)?.id.value == 4)
        #expect(router.match("pt://even/3", as: EvenRoute.self) == nil)
        let error = caught { try Router().register(EvenOnUUID.self) { _, _ in } }
        #expect(error?.message.hasSuffix("EvenOnUUID.id is Int, which cannot hold a <uuid> value.") == true)
    }

    /// Fields that hold their placeholders' values register and match: narrower or wider numbers, text, optionals,
    /// and a type that decodes itself from one (`EvenID`, below).
    @Test func fieldsThatHoldTheirPlaceholdersValuesRegister() throws {
        let router = Router()
        try router.register(Fitting.self) { _, _ in }
        let id = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let route = router.match("pt://fit/7/8/0.5/\(id)/true/8", as: Fitting.self)
        let expected = Fitting(small: 7, wide: 8, ratio: 0.5, text: id, on: true, count: EvenID(8))
        #expect(route == expected, "\(String(describing: route))")
    }
}
