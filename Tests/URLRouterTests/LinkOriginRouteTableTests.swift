import Testing

@testable import URLRouter

@Suite("Link origins in route tables")
struct LinkOriginRouteTableTests {
    static func mediator() -> Mediator {
        let mediator = Mediator()
        mediator.register(BridgeShop.self)
        return mediator
    }

    @Test func aRowWithOriginsIsOneRoute() throws {
        let router = Router(options: .init(allowedExternalHosts: ["shop.example.com"]))
        let rows = try router.loadRouteTable(
            from: """
                [{ "pattern": "item/:id", "target": "Shop", "action": "itemView",
                   "origins": ["shop", "HTTPS://Shop.Example.com"] }]
                """, on: Self.mediator())
        #expect(rows.first?.origins == [.scheme("shop"), .web("Shop.Example.com")])
        #expect(router.routes.map(\.description) == ["item/:id [shop, https://shop.example.com]"])
        #expect(router.object(for: "shop://item/5") as? String == "id=5")
        #expect(
            router.object(for: "https://shop.example.com/item/6?ref=t", source: .external) as? String == "id=6&ref=t")
        #expect(router.object(for: "https://evil@shop.example.com/item/6", source: .external) == nil)
        #expect(router.deregister("item/:id", origins: [.web("shop.example.com"), .scheme("shop")]))
    }

    @Test(
        "bad origins are reported with their row",
        arguments: [
            (#""origins": []"#, "field \"origins\" must be a non-empty array"),
            (#""origins": "shop""#, "field \"origins\" must be a non-empty array"),
            (#""origins": ["shop", 3]"#, "field \"origins\" must be a non-empty array"),
            (#""origins": ["shop", ""]"#, "field \"origins\" must be a non-empty array"),
            (#""origins": ["http://shop.example.com"]"#, "has a web scheme; list its host as"),
            (#""origins": ["https://shop.example.com:443"]"#, "is not a host name"),
            (#""origins": ["shop", "SHOP"]"#, "is listed twice"),
        ])
    func badOrigins(field: String, message: String) throws {
        let router = Router()
        let error = caught {
            try router.loadRouteTable(
                from: """
                    [{ "pattern": "item/:id", "target": "Shop", "action": "itemView", \(field) }]
                    """, on: Self.mediator())
        }
        #expect(error?.code == .invalidRouteTable)
        #expect(error?.message.contains("row 1, line 1: ") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect(router.routes.isEmpty)
    }
}
