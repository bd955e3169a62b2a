import Testing

@testable import URLRouter

/// Two placeholders in one optional group, and a query field.
struct PairRoute: URLRoute, Equatable {
    static let pattern = "rv://list(/:a/:b)"
    var a: String?
    var b: String?
    var ref: String?
}

/// A placeholder in an optional group, registered untyped in one test.
struct PageRoute: URLRoute, Equatable {
    static let pattern = "rv://page(/:page<int>)"
    var page: Int?
}

extension TypedRoundTripTests {
    /// A value its optional group cannot print (the group's other placeholder is nil) is
    /// refused with a message naming it, instead of landing in the query, where a match never
    /// reads it; with the whole group given, or none of it, the URL matches back.
    @Test(arguments: [
        (PairRoute(a: "1", b: nil, ref: "x"), nil),
        (PairRoute(a: nil, b: "2", ref: nil), nil),
        (PairRoute(a: "1", b: "2", ref: "x"), "rv://list/1/2?ref=x"),
        (PairRoute(a: nil, b: nil, ref: "x"), "rv://list?ref=x"),
    ])
    func aPlaceholderItsGroupCannotPrintIsRefused(route: PairRoute, expected: String?) throws {
        let router = Router()
        try router.register(PairRoute.self) { _, _ in }
        do {
            let url = try router.url(for: route)
            #expect(url == expected)
            #expect(router.match(url, as: PairRoute.self) == route)
        } catch {
            #expect(expected == nil && error.code == .invalidParameter, "\(error)")
            #expect(
                error.message
                    == "PairRoute.\(route.a == nil ? "b" : "a") is set, but not the rest of its optional group.")
        }
    }

    /// A query item never fills a placeholder field, whether the pattern was registered typed
    /// or not: `match(_:as:)` reads the type's placeholders either way.
    @Test(arguments: [true, false])
    func aQueryItemFillsNoPlaceholderFieldOfAnUntypedRoute(typed: Bool) throws {
        let router = Router()
        if typed {
            try router.register(PageRoute.self) { _, _ in }
        } else {
            try router.register(PageRoute.pattern) { _ in }
        }
        #expect(router.match("rv://page?page=5", as: PageRoute.self) == PageRoute(page: nil))
        #expect(router.match("rv://page?page=x", as: PageRoute.self) == PageRoute(page: nil))
        #expect(router.match("rv://page/5", as: PageRoute.self) == PageRoute(page: 5))
    }
}
