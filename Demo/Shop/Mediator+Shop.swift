import URLRouter

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
