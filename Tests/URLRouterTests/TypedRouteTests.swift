import Foundation
import Testing

@testable import URLRouter

struct ItemRoute: URLRoute, Equatable {
    static let pattern = "shop://item/:id<int>"
    var id: Int
    var ref: String?
}

enum Sort: String, Codable, Sendable { case price, name }
enum Level: Int, Codable, Sendable {
    case low = 1
    case high = 2
}

/// One field of every supported type.
struct EveryType: URLRoute, Equatable {
    static let pattern = "types://all/:text/:number"
    var text: String
    var number: Int
    var ratio: Double?
    var flag: Bool?
    var token: UUID?
    var sort: Sort?
    var level: Level?
    var tags: [String]
    var counts: [Int]?
    var small: UInt8?
}

/// A field whose type is not a scalar of the decoder's own but decodes itself (through a `Double`).
struct ZoomRoute: URLRoute {
    static let pattern = "x://zoom/:level"
    var level: CGFloat
    var scale: Float16?
}

@Suite("Typed routes")
struct TypedRouteTests {
    @Test func aFloatingPointTypeThatDecodesItselfDecodes() throws {
        let router = Router()
        try router.registerObject(ZoomRoute.self) { route, _ in route.level }
        #expect(router.match("x://zoom/1.5?scale=2", as: ZoomRoute.self)?.level == 1.5)
        #expect(router.match("x://zoom/1.5?scale=2", as: ZoomRoute.self)?.scale == 2)
        #expect(router.object(for: "x://zoom/1.5") as? CGFloat == 1.5)
        #expect(router.match("x://zoom/1e999", as: ZoomRoute.self) == nil)
    }

    @Test func registersMatchesAndPrints() throws {
        let router = Router()
        let seen = Recorder<String>()
        try router.register(ItemRoute.self) { item, request in
            seen.record("\(item.id) \(item.ref ?? "-")")
            request.complete(item.id)
        }
        #expect(router.outcomes("shop://item/42?ref=mail") == [.value("42")])
        #expect(seen.values == ["42 mail"])
        #expect(router.match("shop://item/42?ref=mail", as: ItemRoute.self) == ItemRoute(id: 42, ref: "mail"))
        #expect(try router.url(for: ItemRoute(id: 42, ref: "mail")) == "shop://item/42?ref=mail")
        #expect(try router.url(for: ItemRoute(id: 7, ref: nil)) == "shop://item/7")
    }

    @Test func objectForm() throws {
        let router = Router()
        try router.registerObject(ItemRoute.self) { item, _ in "item \(item.id)" }
        #expect(router.object(for: "shop://item/5") as? String == "item 5")
        #expect(router.routes.map(\.returnsObject) == [true])
    }

    @Test(
        "field types read from text",
        arguments: [
            ("types://all/a%20b/1", "text a b; number 1"),
            (
                "types://all/x/-3?ratio=2.5&flag=1&sort=name&level=2&small=255",
                "text x; number -3; ratio 2.5; flag true; sort name; level high; small 255"
            ),
            ("types://all/x/0?flag=false&tags=a&tags=&tags=b", "text x; number 0; flag false; tags a,,b"),
            (
                "types://all/x/0?counts=1&counts=2&token=6ba7b810-9dad-11d1-80b4-00c04fd430c8",
                "text x; number 0; token 6BA7B810-9DAD-11D1-80B4-00C04FD430C8; counts 1,2"
            ),
            ("types://all/x/1?number=2&text=y", "text x; number 1"),
            ("types://all/x/1?ratio=1e3&ratio=-0.5", "text x; number 1; ratio -0.5"),
        ])
    func fieldTypes(url: String, expected: String) throws {
        let router = Router()
        try router.register(EveryType.self) { _, _ in }
        let value = try #require(router.match(url, as: EveryType.self))
        #expect(Self.show(value) == expected)
    }

    @Test(
        "values that do not convert are no match",
        arguments: [
            ("types://all/x/1.5", "field \"number\": \"1.5\" is not a valid Int"),
            ("types://all/x/1?ratio=abc", "field \"ratio\": \"abc\" is not a valid Double"),
            ("types://all/x/1?ratio=inf", "field \"ratio\": \"inf\" is not a valid Double"),
            ("types://all/x/1?ratio=1e999", "field \"ratio\": \"1e999\" is not a valid Double"),
            ("types://all/x/1?flag=yes", "field \"flag\": \"yes\" is not a valid Bool"),
            ("types://all/x/1?token=42", "field \"token\": \"42\" is not a valid UUID"),
            ("types://all/x/1?sort=size", "field \"sort\": \"size\" is not a valid Sort"),
            ("types://all/x/1?level=3", "field \"level\": \"3\" is not a valid Level"),
            ("types://all/x/1?counts=1&counts=x", "field \"counts\": \"x\" is not a valid Int"),
            ("types://all/x/1?small=256", "field \"small\": \"256\" is not a valid UInt8"),
            ("types://all/x/99999999999999999999", "field \"number\": \"99999999999999999999\" is not a valid Int"),
        ])
    func decodeFailures(url: String, reason: String) throws {
        let router = Router()
        try router.register(EveryType.self) { _, _ in }
        #expect(router.match(url, as: EveryType.self) == nil)
        #expect(router.match(url) == nil)
        #expect(router.canOpen(url) == false)
        #expect(router.outcomes(url) == [.failure(.notFound)])
        let explanation = router.explain(url)
        #expect(explanation.winner == nil)
        #expect(explanation.candidates.map(\.verdict) == [.fieldMismatch(reason)])
    }

    @Test func aFailedDecodeFallsThroughToTheNextRoute() throws {
        struct PageRoute: URLRoute { static let pattern = "news://list/:page"; var page: Int }
        let router = Router()
        try router.register(PageRoute.self, priority: 1) { page, request in request.complete("page \(page.page)") }
        try router.register("news://:section/:slug") { request in
            request.complete("slug \(request.parameters["slug"]!)")
        }
        #expect(router.outcomes("news://list/3") == [.value("page 3")])
        #expect(router.outcomes("news://list/latest") == [.value("slug latest")])
        #expect(router.canOpen("news://list/latest"))
        #expect(router.match("news://list/latest")?.pattern == "news://:section/:slug")
        #expect(router.match("news://list/3")?.pattern == "news://list/:page")
        #expect(router.match("news://list/latest", as: PageRoute.self) == nil)
        let explanation = router.explain("news://list/latest")
        #expect(explanation.winner == "news://:section/:slug")
        #expect(
            explanation.description == """
                URL       news://list/latest
                scheme    news
                host      list
                segments  list · latest
                winner    news://:section/:slug
                  ✓ news://:section/:slug  won
                  ✗ news://list/:page      matches, but field "page": "latest" is not a valid Int
                """)
    }

    @Test func matchAsReadsTheTypesOwnRouteWhenAnotherWins() throws {
        let router = Router()
        try router.register("shop://item/:id<int>/view") { _ in }
        try router.register(ItemRoute.self, priority: -1) { _, _ in }
        try router.register("shop://item/:any", priority: 5) { _ in }
        #expect(router.match("shop://item/9")?.pattern == "shop://item/:any")
        #expect(router.match("shop://item/9", as: ItemRoute.self) == ItemRoute(id: 9, ref: nil))
        #expect(router.match("shop://cart", as: ItemRoute.self) == nil)
    }

    @Test func deregisteredTypedRoutesLeaveNoCheckBehind() throws {
        struct QueryRoute: URLRoute { static let pattern = "shop://q/:id"; var id: String; var q: Int }
        let router = Router()
        let bad = "shop://q/1?q=x"
        try router.register(QueryRoute.self) { _, request in request.complete("typed") }
        #expect(router.outcomes(bad) == [.failure(.notFound)])
        #expect(router.deregister(QueryRoute.pattern))
        try router.register(QueryRoute.pattern) { request in request.complete("plain") }
        #expect(router.outcomes(bad) == [.value("plain")])

        try router.register(QueryRoute.self, replacing: true) { _, request in request.complete("typed") }
        #expect(router.outcomes("shop://q/1?q=2") == [.value("typed")])
        #expect(router.outcomes(bad) == [.failure(.notFound)])
        try router.register(QueryRoute.pattern, replacing: true) { request in request.complete("plain again") }
        #expect(router.outcomes(bad) == [.value("plain again")])
        #expect(router.explain(bad).winner == QueryRoute.pattern)

        try router.register(QueryRoute.self, replacing: true) { _, _ in }
        router.removeAll()
        try router.register(QueryRoute.pattern) { request in request.complete("after removeAll") }
        #expect(router.outcomes(bad) == [.value("after removeAll")])
    }

    @Test func urlForWritesArraysAsRepeatedItemsAndLeavesNilOut() throws {
        let router = Router()
        try router.register(EveryType.self) { _, _ in }
        let value = EveryType(text: "a/b c", number: 3, flag: true, sort: .price, tags: ["x", "y&z"], counts: [])
        let url = try router.url(for: value)
        #expect(url == "types://all/a%2Fb%20c/3?flag=true&sort=price&tags=x&tags=y%26z")
        #expect(
            router.match(url, as: EveryType.self)
                == EveryType(
                    text: "a/b c", number: 3, flag: true, sort: .price, tags: ["x", "y&z"], counts: nil))
        let error = caught { try router.url(for: EveryType(text: "a", number: 1, ratio: .nan, tags: [])) }
        #expect(error?.code == .invalidParameter)
    }

    @Test func urlForWritesQueryFieldsInTheOrderTheTypeDeclares() throws {
        struct Search: URLRoute {
            static let pattern = "shop://search"; var q: String; var category: String?; var after: Int?
        }
        let router = Router()
        try router.register(Search.self) { _, _ in }
        let url = try router.url(for: Search(q: "tea", category: "green", after: 3))
        #expect(url == "shop://search?q=tea&category=green&after=3")
    }

    /// A `Double` field takes `1e39`; a `Float` field does not, as no finite `Float` is that large.
    @Test func aFloatFieldRefusesWhatItsRangeCannotHold() throws {
        struct Gauge: URLRoute { static let pattern = "gauge://level"; var value: Float }
        let router = Router()
        try router.register(Gauge.self) { _, _ in }
        #expect(router.match("gauge://level?value=2.5", as: Gauge.self)?.value == 2.5)
        #expect(router.match("gauge://level?value=1e39", as: Gauge.self) == nil)
        #expect(!router.canOpen("gauge://level?value=1e39"))
    }

    /// A path value wins over query items of the same name, for an array field too.
    @Test func anArrayFieldNamedLikeAPlaceholderReadsThePathValueAlone() throws {
        struct TagRoute: URLRoute { static let pattern = "shop://tag/:tags"; var tags: [String] }
        let router = Router()
        try router.register(TagRoute.self) { _, _ in }
        #expect(router.match("shop://tag/red?tags=blue&tags=green", as: TagRoute.self)?.tags == ["red"])
    }

    @Test(
        "registration refuses declarations that do not fit the pattern",
        arguments: [
            (
                Self.register(NoFieldForPlaceholder.self),
                #"Invalid pattern "shop://item/:id/:slug": the placeholder ":slug" has no field in TypedRouteTests.NoFieldForPlaceholder."#
            ),
            (
                Self.register(NestedField.self),
                #"Invalid pattern "shop://nested/:id": TypedRouteTests.NestedField.filter is TypedRouteTests.Filter, a nested record, which neither a path segment nor a query item can fill."#
            ),
            (
                Self.register(ArrayOfRecords.self),
                #"Invalid pattern "shop://records": TypedRouteTests.ArrayOfRecords.rows is TypedRouteTests.Filter, a nested record, which neither a path segment nor a query item can fill."#
            ),
            (
                Self.register(NestedArray.self),
                #"Invalid pattern "shop://grid": TypedRouteTests.NestedArray.rows is a nested array, which neither a path segment nor a query item can fill."#
            ),
            (
                Self.register(OptionalGroupWithoutField.self),
                #"Invalid pattern "shop://list(/:page)": the placeholder ":page" has no field in TypedRouteTests.OptionalGroupWithoutField."#
            ),
        ])
    func registrationErrors(register: @Sendable (Router) throws -> Void, message: String) {
        let router = Router()
        let error = caught { try register(router) }
        #expect(error?.code == .invalidPattern)
        #expect(error?.message == message)
        #expect(router.routes.isEmpty)
    }

    @Test func requiredQueryFieldsAndOptionalGroupsRegister() throws {
        struct Search: URLRoute {
            static let pattern = "shop://search(/:page<int>)"; var page: Int?; var q: String; var tag: [String]
        }
        let router = Router()
        try router.register(Search.self) { _, _ in }
        #expect(router.match("shop://search/2?q=tea", as: Search.self)?.page == 2)
        #expect(router.match("shop://search?q=tea&tag=a", as: Search.self)?.tag == ["a"])
        #expect(router.match("shop://search/2", as: Search.self) == nil)
        let verdicts = router.explain("shop://search/2").candidates.map(\.verdict)
        #expect(verdicts == [.fieldMismatch(#"field "q" (String) is missing"#)])
    }

    struct NoFieldForPlaceholder: URLRoute { static let pattern = "shop://item/:id/:slug"; var id: Int }
    struct Filter: Codable, Sendable { var min: Int }
    struct NestedField: URLRoute { static let pattern = "shop://nested/:id"; var id: String; var filter: Filter? }
    struct ArrayOfRecords: URLRoute { static let pattern = "shop://records"; var rows: [Filter] = [] }
    struct NestedArray: URLRoute { static let pattern = "shop://grid"; var rows: [[String]] }
    struct OptionalGroupWithoutField: URLRoute { static let pattern = "shop://list(/:page)"; var q: String? }

    static func register<Route: URLRoute>(_ type: Route.Type) -> @Sendable (Router) throws -> Void {
        { router in try router.register(type) { _, _ in } }
    }

    static func show(_ value: EveryType) -> String {
        var parts = ["text \(value.text)", "number \(value.number)"]
        if let ratio = value.ratio { parts.append("ratio \(ratio)") }
        if let flag = value.flag { parts.append("flag \(flag)") }
        if let token = value.token { parts.append("token \(token)") }
        if let sort = value.sort { parts.append("sort \(sort)") }
        if let level = value.level { parts.append("level \(level)") }
        if !value.tags.isEmpty { parts.append("tags \(value.tags.joined(separator: ","))") }
        if let counts = value.counts { parts.append("counts \(counts.map(String.init).joined(separator: ","))") }
        if let small = value.small { parts.append("small \(small)") }
        return parts.joined(separator: "; ")
    }
}
