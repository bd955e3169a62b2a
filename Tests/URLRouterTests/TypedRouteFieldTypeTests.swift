import Testing

@testable import URLRouter

/// Fields of the widest integer types: a path placeholder and an optional query item.
private struct WideRoute: URLRoute, Equatable {
    static let pattern = "wide://n/:big"
    var big: Int128
    var small: UInt128?
}

/// An array of optionals keeps its nils out of the URL and cannot read them back, so it is refused.
private struct OptionalsRoute: URLRoute {
    static let pattern = "wide://o"
    var n: [Int?]
}

/// Field types beyond `Int`, `Double`, `Bool` and `String` read and print by the placeholder rules.
@Suite("Typed routes: field types")
struct TypedRouteFieldTypeTests {
    @Test func wideIntegersRoundTrip() throws {
        let router = Router()
        try router.register(WideRoute.self) { _, _ in }
        let value = WideRoute(big: Int128.min, small: UInt128.max)
        let url = try router.url(for: value)
        #expect(url == "wide://n/\(Int128.min)?small=\(UInt128.max)")
        #expect(router.match(url, as: WideRoute.self) == value)
        #expect(router.match("wide://n/1", as: WideRoute.self) == WideRoute(big: 1, small: nil))
        #expect(router.match("wide://n/1x", as: WideRoute.self) == nil)
    }

    @Test func aPlaceholderWithoutAFieldIsRefusedForWideIntegersToo() throws {
        struct Missing: URLRoute {
            static let pattern = "wide://m/:id<int>/:other"
            var id: Int128
        }
        let error = caught { try Router().register(Missing.self) { _, _ in } }
        #expect(error?.code == .invalidPattern)
        #expect(error?.message.contains("\":other\" has no field") == true, "\(String(describing: error))")
    }
}

extension TypedRouteFieldTypeTests {
    /// A URL has no text for a nil among an array's values: `[1, nil]` would come back as `[1]`.
    @Test func anArrayOfOptionalsIsRefusedAtRegistration() throws {
        let error = caught { try Router().register(OptionalsRoute.self) { _, _ in } }
        #expect(error?.code == .invalidPattern)
        #expect(
            error?.message
                == "Invalid pattern \"wide://o\": OptionalsRoute.n is an array of optionals, which neither a path "
                + "segment nor a query item can fill.")
    }
}

extension TypedRouteFieldTypeTests {
    /// A request with a field no text holds cannot be passed as parameters; the error says which and why.
    @Test func aRequestWithANestedRecordFailsNamingTheField() {
        struct Address: Codable, Sendable { var city = "Oslo" }
        struct Ship: MediatorRequest {
            typealias Response = Int
            static let target = "TypedShop"
            static let action = "count"
            var to = Address()
        }
        let error = caught { try Mediator().perform(Ship()) }
        #expect(error?.code == .invalidParameter)
        #expect(error?.message == #"Ship cannot be written as parameters: field "to" is a nested record."#)
    }
}
