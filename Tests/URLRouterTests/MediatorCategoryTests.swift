import Testing
import URLRouter

// What a Shop module ships: its target, found by name, and a category that hides the strings.

public final class ItemView: Sendable {
    public let id: Int
    public let referrer: String?
    init(id: Int, referrer: String?) {
        self.id = id
        self.referrer = referrer
    }
}

public struct Target_CategoryShop: MediatorTarget {
    public init() {}
    public var actions: [String: MediatorAction] {
        [
            "itemView": { params in
                // Local callers pass an Int, URLs a String.
                guard let id = params["id"] as? Int ?? (params["id"] as? String).flatMap({ Int($0) })
                else { return nil }
                return ItemView(id: id, referrer: params["ref"] as? String)
            },
            "cartCount": { _ in 3 },
        ]
    }
}

extension Mediator {
    /// The Shop's item screen, or nil when the Shop is not linked in.
    func shopItemView(id: Int, referrer: String? = nil) -> ItemView? {
        var params: [String: Any] = ["id": id]
        params["ref"] = referrer
        return perform(target: "CategoryShop", action: "itemView", params: params) as? ItemView
    }

    /// How many items are in the cart; 0 without a Shop.
    func shopCartCount() -> Int {
        perform(target: "CategoryShop", action: "cartCount", cacheTarget: true) as? Int ?? 0
    }
}

@Suite struct MediatorCategoryTests {
    @Test func typedMethodsHideTheStrings() throws {
        let mediator = Mediator(searchModules: ["URLRouterTests"])
        let view = try #require(mediator.shopItemView(id: 42, referrer: "home"))
        #expect(view.id == 42 && view.referrer == "home")
        #expect(mediator.shopCartCount() == 3)
    }

    @Test func typedMethodsDegradeWhenTheModuleIsMissing() {
        let mediator = Mediator()
        #expect(mediator.shopItemView(id: 42) == nil)
        #expect(mediator.shopCartCount() == 0)
    }

    @Test func theSameActionServesURLs() throws {
        let mediator = Mediator(searchModules: ["URLRouterTests"])
        let value = try mediator.perform(url: "app://CategoryShop/itemView?id=7&ref=mail").get()
        let view = try #require(value as? ItemView)
        #expect(view.id == 7 && view.referrer == "mail")
    }
}
