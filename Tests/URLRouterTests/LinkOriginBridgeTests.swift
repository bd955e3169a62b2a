import Testing
import URLRouter

@Suite("Link origins on target-action routes")
struct LinkOriginBridgeTests {
    static func mediator(allowing schemes: Set<String>? = nil) -> Mediator {
        let mediator = Mediator()
        mediator.register(BridgeShop.self)
        if let schemes { mediator.remotePolicy = RemotePolicy(allowedSchemes: schemes) }
        return mediator
    }

    @Test func oneBridgedRouteServesEveryOrigin() throws {
        let router = Router(options: .init(allowedExternalHosts: ["shop.example.com"]))
        try router.register(
            "item/:id", origins: [.scheme("shop"), .web("Shop.Example.com")], target: "Shop", action: "itemView",
            on: Self.mediator())
        #expect(router.routes.map(\.description) == ["item/:id [shop, https://shop.example.com]"])
        #expect(router.object(for: "shop://item/5?ref=t") as? String == "id=5&ref=t")
        #expect(router.object(for: "https://shop.example.com/item/6", source: .external) as? String == "id=6")
        #expect(router.object(for: "shop://other/5") == nil)
        #expect(router.deregister("item/:id", origins: [.web("shop.example.com"), .scheme("shop")]))
        #expect(router.routes.isEmpty)
    }

    @Test func theRemotePolicySeesTheSchemeOfTheLinkOpened() throws {
        let router = Router(options: .init(allowedExternalHosts: ["shop.example.com"]))
        try router.register(
            "item/:id", origins: [.scheme("shop"), .web("shop.example.com")], target: "Shop", action: "itemView",
            on: Self.mediator(allowing: ["shop"]))
        #expect(router.object(for: "shop://item/5", source: .external) as? String == "id=5")
        #expect(router.object(for: "https://shop.example.com/item/5", source: .external) == nil)
        #expect(router.object(for: "https://shop.example.com/item/5") as? String == "id=5")  // internal: no policy
    }

    @Test func theBatchFormRegistersTheSameRoute() throws {
        let router = Router()
        let mediator = Self.mediator()
        try router.update { routes in
            try routes.register(
                "item/:id", origins: [.scheme("shop")], target: "Shop", action: "itemView", on: mediator)
        }
        #expect(router.object(for: "shop://item/7") as? String == "id=7")
    }

    @Test(
        "a path with a scheme or a bad origin is refused, and nothing is registered",
        arguments: [
            ("shop://item/:id", [LinkOrigin.scheme("shop")], "without a scheme"),
            ("item/:id", [.scheme("shop"), .scheme("SHOP")], "is listed twice"),
            ("item/:id", [.web("shop.example.com:443")], "is not a host name"),
        ])
    func refusals(path: String, origins: [LinkOrigin], message: String) {
        let router = Router()
        let error = caught {
            try router.register(path, origins: origins, target: "Shop", action: "itemView", on: Self.mediator())
        }
        #expect(error?.code == .invalidPattern)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect(router.routes.isEmpty)
    }

    @Test func aTypedRequestServesEveryOrigin() throws {
        let router = Router(options: .init(allowedExternalHosts: ["shop.example.com"]))
        let mediator = Mediator(searchModules: ["URLRouterTests"])
        try router.update { routes in
            try routes.register(
                "basket/:coupon", origins: [.scheme("shop")], request: BasketRequest.self, on: mediator)
        }
        try router.register(
            "cart/:coupon", origins: [.web("shop.example.com")], request: BasketRequest.self, on: mediator)
        let basket = router.object(for: "shop://basket/SUMMER?items=1&items=2") as? Basket
        #expect(basket?.items == [1, 2] && basket?.coupon == "SUMMER")
        let web = router.object(for: "https://shop.example.com/cart/WINTER?items=3", source: .external) as? Basket
        #expect(web?.items == [3] && web?.coupon == "WINTER")
        #expect(
            router.routes.map(\.description) == ["basket/:coupon [shop]", "cart/:coupon [https://shop.example.com]"])
    }

    /// Without `origins` the pattern names its scheme; an empty list, which would make the path a scheme-less
    /// pattern, is refused as it is for a handler.
    @Test func withoutOriginsThePatternNamesItsScheme() throws {
        let router = Router()
        try router.register("shop://item/:id", target: "Shop", action: "itemView", on: Self.mediator())
        #expect(router.object(for: "shop://item/8") as? String == "id=8")
        let empty = caught { try router.register("item/:id", origins: [], target: "Shop", action: "itemView") }
        #expect(empty?.message.hasSuffix("a registration with link origins lists at least one origin.") == true)
        let typed = caught { try router.register("item/:id", origins: [], request: BasketRequest.self) }
        #expect(typed?.code == .invalidPattern)
        #expect(router.routes.map(\.pattern) == ["shop://item/:id"])
    }

    /// A batch judges a typed request's registration in the router's order: the origins before the request's fields.
    @Test func aBatchReportsTheEmptyOriginsBeforeTheFields() {
        let router = Router()
        let alone = caught { try router.register("item/:id", origins: [], request: NestedListsRequest.self) }
        let inBatch = caught {
            try router.update { try $0.register("item/:id", origins: [], request: NestedListsRequest.self) }
        }
        #expect(alone?.message.hasSuffix("lists at least one origin.") == true, "\(String(describing: alone))")
        #expect(inBatch == alone)
    }
}
