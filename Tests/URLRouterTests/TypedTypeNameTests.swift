import Testing
import URLRouter

/// The Typed routes article nests each request in its screen (`ItemView.Request`): errors name the
/// type with the types it is nested in, so every module's request is not just `Request`.
struct ReviewItemView {
    struct Request: MediatorRequest {
        typealias Response = String
        static let target = "Shop", action = "itemView"
        var id: Int
    }

    struct Route: URLRoute {
        static let pattern = "item/:id"
        static let origins: [LinkOrigin] = [.scheme("news")]
        var id: Int
    }
}

@Suite("Typed routes: a nested type's name in errors")
struct TypedTypeNameTests {
    @Test func registrationNamesTheNestedRequest() {
        #expect {
            try Router().register("shop://item/:id/:slug", request: ReviewItemView.Request.self, on: Mediator())
        } throws: { error in
            (error as? RouteError)?.message.contains("has no field in ReviewItemView.Request.") == true
        }
    }

    @Test func urlForNamesTheNestedRoute() {
        #expect {
            try Router().url(for: ReviewItemView.Route(id: 1), origin: .scheme("shop"))
        } throws: { error in
            (error as? RouteError)?.message.hasPrefix("ReviewItemView.Route has no origin") == true
        }
    }
}
