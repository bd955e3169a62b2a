import URLRouter

/// The Shop's target-actions, registered explicitly by ``ShopModule/register(on:mediator:)``.
/// Below it, the calls that hide its name and action strings.
public struct Target_Shop: MediatorTarget {
    public init() {}

    public var actions: [String: MediatorAction] {
        [
            // Typed: in-process callers hand it the request, URLs and untyped callers strings.
            ShopItemView.Request.action: ShopItemView.Request.handler { request in
                ShopItemView(item: Catalog.item(request.id), referrer: request.ref)
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
        try? perform(ShopItemView.Request(id: id, ref: referrer))
    }

    /// How many items are in the cart; 0 without a Shop.
    public func shopCartCount() -> Int {
        perform(target: "Shop", action: "cartCount") as? Int ?? 0
    }
}
