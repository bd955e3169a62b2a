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
        #expect(error?.message == #"Ship cannot be written as parameters: field "to" is Address, a nested record."#)
    }
}

/// A route whose first combination's field refuses a value the second combination's field takes.
private struct GroupsRoute: URLRoute {
    static let pattern = "grp://p(/:a<int>)(/:b)"
    var a: Int8?
    var b: String?
}

extension TypedRouteFieldTypeTests {
    /// `300` fits `<int>` but not an `Int8`: as for a placeholder that does not convert, the
    /// route's other combination (`p/:b`) takes the URL.
    @Test func aFieldThatRefusesItsValueLeavesTheRoutesOtherCombinations() throws {
        let router = Router()
        let taken = Recorder<String>()
        try router.register(GroupsRoute.self) { route, request in
            taken.record("a=\(route.a.map(String.init) ?? "nil") b=\(route.b ?? "nil")")
            request.complete(nil)
        }
        #expect(router.match("grp://p/300")?.pattern == GroupsRoute.pattern)
        #expect(router.match("grp://p/300", as: GroupsRoute.self)?.b == "300")
        #expect(router.canOpen("grp://p/300"))
        #expect(router.explain("grp://p/300").candidates.map(\.verdict) == [.won])
        #expect(router.open("grp://p/300") && router.open("grp://p/7"))
        #expect(taken.values == ["a=nil b=300", "a=7 b=nil"])
        #expect(router.match("grp://p/7/x", as: GroupsRoute.self)?.a == 7)
        #expect(router.match("grp://p/300/x") == nil)
        let verdicts = router.explain("grp://p/300/x").candidates.map(\.verdict)
        #expect(verdicts == [.fieldMismatch(#"field "a": "300" is not a valid Int8"#)])
    }

    /// A typed route that loses is judged by all its combinations too: it matches, and lost.
    @Test func explainJudgesALosingTypedRouteByEveryCombination() throws {
        let router = Router()
        try router.register(GroupsRoute.self) { _, _ in }
        try router.register("grp://**", priority: 1) { _ in }
        let verdicts = router.explain("grp://p/300").candidates.map { "\($0.pattern): \($0.verdict)" }
        #expect(verdicts.count == 2)
        #expect(verdicts.allSatisfy { !$0.contains("not a valid") }, "\(verdicts)")
    }
}
