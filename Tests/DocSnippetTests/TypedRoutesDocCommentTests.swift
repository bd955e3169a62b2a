// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Testing
import URLRouter

/// The app's item screen (a stand-in).
private struct ShopItemView: Sendable, Equatable {
    var id: Int
}

extension ShopItemView {
    public struct Request: MediatorRequest {
        public typealias Response = ShopItemView
        public static let target = "Shop"
        public static let action = "itemView"
        public var id: Int
        public var ref: String?
        public init(id: Int, ref: String? = nil) { (self.id, self.ref) = (id, ref) }
    }
}

/// The Shop module of the doc comments, here a namespace.
private enum ShopModule {
    struct Target_Shop: MediatorTarget {
        var actions: [String: MediatorAction] {   // the target's side
            [ShopItemView.Request.action: ShopItemView.Request.handler { request in ShopItemView(id: request.id) }]
        }
    }

    static func mediator() -> Mediator {
        let mediator = Mediator()
        mediator.register(Target_Shop.self)
        return mediator
    }

    /// Another request for the same action, declared with the least: internal, no init of its own.
    struct ItemRequest: MediatorRequest {
        typealias Response = ShopItemView
        static let target = "Shop"
        static let action = "itemView"
        var id: Int
    }

    /// A route with link origins: the pattern is the path alone.
    struct WebItemRoute: URLRoute {
        static let pattern = "item/:id<int>"
        static let origins: [LinkOrigin] = [.scheme("shop"), .web("shop.example.com")]
        var id: Int
    }

    /// A route with a field of a raw-value enum and an array field.
    struct ListRoute: URLRoute {
        static let pattern = "shop://list"
        var sort: Sort
        // "?sort=price&tag=a&tag=b"
        enum Sort: String, Codable { case price, name }   // reads "price" through FieldDecoder
        var tag: [String]                                  // reads ["a", "b"]
    }
}

/// The doc comments of URLRoute and the router's typed routes, and of MediatorRequest and the
/// mediator's typed actions.
@Suite("Doc comments: typed routes and typed actions")
struct TypedRoutesDocCommentTests {
    @Test func aRouteAsAType() throws {
        let router = Router()
        struct ItemRoute: URLRoute {
            static let pattern = "shop://item/:id<int>"
            var id: Int              // the placeholder :id
            var ref: String?         // the query item ref, if any
            var tag: [String] = []   // every query item tag, in order
        }
        try router.register(ItemRoute.self) { item, request in request.complete(item.id) }
        let item = router.match("shop://item/42?ref=mail", as: ItemRoute.self)   // an ItemRoute: id 42, ref "mail"
        let link = try router.url(for: ItemRoute(id: 42, ref: "mail"))            // "shop://item/42?ref=mail"

        #expect(item?.id == 42 && item?.ref == "mail" && item?.tag == [])
        #expect(link == "shop://item/42?ref=mail")
        #expect(router.object(for: "shop://item/42") as? Int == 42)
        #expect(router.match("shop://item/42?tag=a&tag=b", as: ItemRoute.self)?.tag == ["a", "b"])
    }

    @Test func aRouteWithLinkOrigins() throws {
        let router = Router()
        try router.register(ShopModule.WebItemRoute.self) { item, request in request.complete(item.id) }
        #expect(router.object(for: "https://shop.example.com/item/42") as? Int == 42)
        #expect(try router.url(for: ShopModule.WebItemRoute(id: 42)) == "shop://item/42")
    }

    @Test func fieldsOfOtherTypes() throws {
        let router = Router()
        try router.register(ShopModule.ListRoute.self) { _, _ in }
        let list = try #require(router.match("shop://list?sort=price&tag=a&tag=b", as: ShopModule.ListRoute.self))
        #expect(list.sort == .price && list.tag == ["a", "b"])
        #expect(router.match("shop://list?sort=size", as: ShopModule.ListRoute.self) == nil)
    }

    @Test func registerMatchAndPrint() async throws {
        let router = Router()
        struct ItemRoute: URLRoute { static let pattern = "shop://item/:id<int>"; var id: Int; var ref: String? }
        try router.register(ItemRoute.self) { item, request in
            request.complete("item \(item.id) from \(item.ref ?? "-")")
        }
        #expect(router.object(for: "shop://item/42?ref=mail") as? String == "item 42 from mail")

        let values = try await evaluate {
            router.match("shop://item/42?ref=mail", as: ItemRoute.self)   // an ItemRoute: id 42, ref "mail"
            router.match("shop://item/abc", as: ItemRoute.self)            // nil
            try router.url(for: ItemRoute(id: 42, ref: "mail"))   // "shop://item/42?ref=mail"
        }
        try #require(values.count == 3)
        let item = try #require(values[0] as? ItemRoute)
        #expect(item.id == 42 && item.ref == "mail")
        #expect(values[1] as? ItemRoute == nil && "\(values[1])" == "nil")
        #expect(values[2] as? String == "shop://item/42?ref=mail")

        struct ItemViewRoute: URLRoute { static let pattern = "shop://item/:id<int>/view"; var id: Int }
        try router.registerObject(ItemViewRoute.self) { item, _ in ItemView(id: item.id) }
        let view = router.object(for: "shop://item/42/view") as? ItemView
        #expect(view == ItemView(id: 42))
    }

    @Test func typedRoutesInABatch() throws {
        let router = Router()
        struct ItemRoute: URLRoute { static let pattern = "shop://item/:id<int>"; var id: Int }
        struct ItemViewRoute: URLRoute { static let pattern = "shop://item/:id<int>/view"; var id: Int }
        try router.update { routes in
            try routes.register(ItemRoute.self) { item, request in request.complete(item.id) }
        }
        try router.update { routes in
            try routes.registerObject(ItemViewRoute.self) { item, _ in ItemView(id: item.id) }
        }
        #expect(router.object(for: "shop://item/42") as? Int == 42)
        #expect(router.object(for: "shop://item/42/view") as? ItemView == ItemView(id: 42))
    }

    @Test func aTypedAction() throws {
        let mediator = ShopModule.mediator()

        let view = try mediator.perform(ShopItemView.Request(id: 42))   // a caller's side: a ShopItemView
        #expect(view == ShopItemView(id: 42))
        #expect(ShopModule.Target_Shop.targetName == ShopItemView.Request.target)
    }

    /// The same action serves a request of another type, a URL call and the typed bridge.
    @Test func performingATypedAction() async throws {
        let mediator = ShopModule.mediator()
        do {
            let view = try mediator.perform(ShopItemView.Request(id: 42))   // ShopItemView
            #expect(view == ShopItemView(id: 42))
        }
        #expect(try mediator.perform(ShopModule.ItemRequest(id: 7)) == ShopItemView(id: 7))
        #expect(try mediator.perform(url: "app://Shop/itemView?id=8").get() as? ShopItemView == ShopItemView(id: 8))

        let router = Router()
        let values = try await evaluate {
            try router.register("shop://item/:id<int>/view", request: ShopItemView.Request.self, on: mediator)
            router.object(for: "shop://item/42/view?ref=home") as? ShopItemView
        }
        #expect(values.first as? ShopItemView == ShopItemView(id: 42))
    }

    /// The typed bridge in a batch: all or nothing with the module's other routes.
    @Test func bridgingATypedRequestInABatch() throws {
        let mediator = ShopModule.mediator()
        let router = Router()
        try router.update { routes in
            try routes.register("shop://item/:id<int>/view", request: ShopItemView.Request.self, on: mediator)
        }
        #expect(router.object(for: "shop://item/42/view?ref=home") as? ShopItemView == ShopItemView(id: 42))
        #expect(throws: RouteError.self) {
            try router.update { routes in
                try routes.register("shop://new/:id<int>", request: ShopItemView.Request.self, on: mediator)
                try routes.register("shop://item/:id<int>/view", request: ShopItemView.Request.self, on: mediator)
            }
        }
        #expect(router.match("shop://new/1") == nil, "the rejected batch applied nothing")
    }
}
