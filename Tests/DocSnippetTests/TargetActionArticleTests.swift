// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Foundation
import Testing
import URLRouter

/// The article's Shop module, here a namespace.
private enum ShopModule {
    // In module Shop
    public struct Target_Shop: MediatorTarget {          // target name "Shop"
        public init() {}
        public var actions: [String: MediatorAction] {
            [
                "itemView": { params in
                    // Local callers pass an Int, URLs a String.
                    guard let id = params["id"] as? Int ?? (params["id"] as? String).flatMap({ Int($0) }) else { return nil }
                    return ItemView(id: id, referrer: params["ref"] as? String)
                },
                "notFound": { params in "Shop has no \(params[Mediator.missingActionKey] ?? "?")" },
            ]
        }
    }
}

extension Mediator {
    /// The Shop's item screen, or nil when the Shop is not linked in.
    public func shopItemView(id: Int, referrer: String? = nil) -> ItemView? {
        var params: [String: Any] = ["id": id]
        params["ref"] = referrer
        return perform(target: "Shop", action: "itemView", params: params) as? ItemView
    }
}

/// TargetActionAndTheBridge.md: a module's target, the typed wrapper, remote URLs, the bridge
/// and route tables.
@Suite("Articles: Target-Action and the bridge")
struct TargetActionArticleTests {
    @Test func theTargetIsNamedAfterItsType() {
        let mediator = Mediator()
        mediator.register(ShopModule.Target_Shop.self)
        #expect(ShopModule.Target_Shop.targetName == "Shop")
        #expect(mediator.perform(target: "Shop", action: "itemView", params: ["id": 42]) as? ItemView
            == ItemView(id: 42))
        #expect(mediator.perform(target: "Shop", action: "itemView", params: ["id": "7", "ref": "mail"]) as? ItemView
            == ItemView(id: 7, referrer: "mail"))
        #expect(mediator.perform(target: "Shop", action: "checkout") as? String == "Shop has no checkout")
    }

    /// The shared mediator gets the Shop target: the wrapper's example calls it.
    @Test func theTypedWrapper() {
        Mediator.shared.register(ShopModule.Target_Shop.self)

        let view = Mediator.shared.shopItemView(id: 42)            // a local call
        #expect(view == ItemView(id: 42))
        #expect(Mediator().shopItemView(id: 42) == nil)            // the Shop not linked in
    }

    @Test func remoteURLs() async throws {
        let mediator = Mediator()
        mediator.register(ShopModule.Target_Shop.self)
        let values = await evaluate {
            mediator.remotePolicy = RemotePolicy(allowedSchemes: ["myapp"], allowedTargets: ["Shop"])
            mediator.perform(url: "myapp://Shop/itemView?id=7&ref=mail") { result in
                // .success(ItemView(id: 7, referrer: "mail"))
            }
        }
        let result = try #require(values.first as? Result<Any?, RouteError>)
        #expect(try result.get() as? ItemView == ItemView(id: 7, referrer: "mail"))
        #expect(throws: RouteError.self) { try mediator.perform(url: "other://Shop/itemView?id=7").get() }
    }

    /// The action gets the request's merged parameters.
    @Test func theBridgeFromURLs() throws {
        let mediator = Mediator()
        mediator.register(ShopModule.Target_Shop.self)
        let router = Router()

        try router.register("shop://item/:id", target: "Shop", action: "itemView", on: mediator)
        let view = router.object(for: "shop://item/42?ref=home")   // Shop.itemView(["id": "42", "ref": "home"])
        #expect(view as? ItemView == ItemView(id: 42, referrer: "home"))
    }

    /// A bridged route under several link origins.
    @Test func theBridgeUnderLinkOrigins() throws {
        let mediator = Mediator()
        mediator.register(ShopModule.Target_Shop.self)
        let router = Router()

        try router.register("item/:id", origins: [.scheme("shop"), .web("shop.example.com")],
                            target: "Shop", action: "itemView", on: mediator)
        let link = router.object(for: "https://shop.example.com/item/42")   // Shop.itemView(["id": "42"])
        #expect(link as? ItemView == ItemView(id: 42, referrer: nil))
        #expect(router.object(for: "shop://item/43") as? ItemView == ItemView(id: 43, referrer: nil))
    }

    /// Swapping tables in one batch: the old rows go, the new rows come, and `rows` is the
    /// new table's for the next swap.
    @Test func changingRouteTables() throws {
        let mediator = Mediator()
        mediator.register(ShopModule.Target_Shop.self)
        let router = Router()
        let oldTableJSON = #"[{"pattern": "shop://item/:id", "target": "Shop", "action": "itemView"}]"#
        let newTableJSON = #"[{"pattern": "product/:id", "target": "Shop", "action": "itemView", "origins": ["shop"]}]"#

        var rows = try router.loadRouteTable(from: oldTableJSON, on: mediator)
        // later, when the deployment ships another table:
        rows = try router.update { routes in
            for row in rows { routes.deregister(row.pattern, origins: row.origins) }
            return try routes.loadRouteTable(from: Data(newTableJSON.utf8), on: mediator)
        }
        #expect(rows.map(\.pattern) == ["product/:id"])
        #expect(router.routes.map(\.pattern) == ["product/:id"])
        #expect(router.object(for: "shop://product/7") as? ItemView == ItemView(id: 7))
    }
}
