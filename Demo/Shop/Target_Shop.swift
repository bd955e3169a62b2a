import URLRouter

/// The Shop's target-actions. Registered explicitly by ``ShopModule/register(on:mediator:)``.
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
