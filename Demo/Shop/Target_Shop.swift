import URLRouter

/// The Shop's target-actions, registered explicitly by ``ShopModule/register(on:mediator:)``.
/// Below it, the typed calls that hide its name and action strings.
public struct Target_Shop: MediatorTarget {
    public init() {}

    public var actions: [String: MediatorAction] {
        [
            "itemView": { params in
                // In-process callers pass an Int, URLs a String.
                guard let id = params["id"] as? Int ?? (params["id"] as? String).flatMap({ Int($0) }) else { return nil }
                return ShopItemView(item: Catalog.item(id), referrer: params["ref"] as? String)
            },
            "cartCount": { _ in Cart.shared.items.count },
            "checkout": { _ in
                let ids = Cart.shared.items
                guard !ids.isEmpty else { return ["status": "empty cart"] }
                return ["status": "ordered", "items": ids.count]
            },
            "nativeClearCart": { _ in ["removed": Cart.shared.clear()] },
        ]
    }
}


/// The Shop's typed calls: what a caller writes instead of target and action strings.
extension Mediator {
    /// The item screen for `id`, or nil when no Shop is linked in.
    public func shopItemView(id: Int, referrer: String? = nil) -> ShopItemView? {
        var params: [String: Any] = ["id": id]
        params["ref"] = referrer
        return perform(target: "Shop", action: "itemView", params: params) as? ShopItemView
    }

    /// How many items are in the cart; 0 without a Shop.
    public func shopCartCount() -> Int {
        perform(target: "Shop", action: "cartCount") as? Int ?? 0
    }
}
