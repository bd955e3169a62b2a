// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Testing
import URLRouter

/// The app's item screen, made from a catalog item (stand-ins for the app's types).
private struct ShopItemView: Sendable, Equatable {
    var id: Int
    var referrer: String?

    init(item: CatalogItem, referrer: String?) {
        self.id = item.id
        self.referrer = referrer
    }
}

private struct CatalogItem {
    var id: Int
}

private enum Catalog {
    static func item(_ id: Int) -> CatalogItem { CatalogItem(id: id) }
}

extension ShopItemView {
    public struct Request: MediatorRequest {
        public typealias Response = ShopItemView
        public static let target = "Shop"
        public static let action = "itemView"
        public var id: Int
        public var ref: String?

        // Public, so that callers in other modules can make one: a memberwise init is internal.
        public init(id: Int, ref: String? = nil) {
            self.id = id
            self.ref = ref
        }
    }
}

/// The article's Shop module, here a namespace.
private enum ShopModule {
    struct Target_Shop: MediatorTarget {
        public var actions: [String: MediatorAction] {
            [ShopItemView.Request.action: ShopItemView.Request.handler { request in
                ShopItemView(item: Catalog.item(request.id), referrer: request.ref)
            }]
        }
    }
}

/// TypedRoutes.md: a typed route, and a typed Target-Action call.
@Suite("Articles: Typed routes")
struct TypedRoutesArticleTests {
    @Test func aTypedRoute() async throws {
        let router = Router()
        struct ItemRoute: URLRoute {
            static let pattern = "shop://item/:id<int>"
            var id: Int                 // the placeholder :id
            var ref: String?            // the query item ref, when there is one
            var tags: [String] = []     // every query item named tags, in order
        }

        try router.register(ItemRoute.self) { item, request in
            request.complete("item \(item.id) from \(item.ref ?? "-")")
        }

        let values = try await evaluate {
            router.match("shop://item/42?ref=mail", as: ItemRoute.self)   // an ItemRoute: id 42, ref "mail"
            try router.url(for: ItemRoute(id: 42, ref: "mail"))            // "shop://item/42?ref=mail"
        }
        try #require(values.count == 2)
        let item = try #require(values[0] as? ItemRoute)
        #expect(item.id == 42 && item.ref == "mail" && item.tags == [])
        #expect(values[1] as? String == "shop://item/42?ref=mail")

        #expect(router.object(for: "shop://item/42?ref=mail") as? String == "item 42 from mail")
        #expect(router.match("shop://item/7?tags=a&tags=b", as: ItemRoute.self)?.tags == ["a", "b"])
    }

    @Test func aTypedAction() throws {
        let mediator = Mediator()
        mediator.register(ShopModule.Target_Shop.self)

        let view = try mediator.perform(ShopItemView.Request(id: 42))   // a ShopItemView
        #expect(view == ShopItemView(item: Catalog.item(42), referrer: nil))
    }

    /// The typed bridge decodes the request from the URL, and passes over a URL whose values
    /// do not convert.
    @Test func theTypedBridge() throws {
        let mediator = Mediator()
        mediator.register(ShopModule.Target_Shop.self)
        let router = Router()

        try router.register("shop://item/:id<int>/view", request: ShopItemView.Request.self, on: mediator)
        #expect(router.object(for: "shop://item/42/view?ref=mail") as? ShopItemView
            == ShopItemView(item: Catalog.item(42), referrer: "mail"))
        #expect(router.object(for: "shop://item/abc/view") == nil)
    }
}
