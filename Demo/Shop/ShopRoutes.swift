import URLRouter

/// `shop://item/:id<int>`: an item's summary. `ref` says where the link came from.
///
/// ```swift
/// try router.url(for: ShopItemRoute(id: 42, ref: "home"))   // "shop://item/42?ref=home"
/// ```
public struct ShopItemRoute: URLRoute, Equatable {
    public static let pattern = "shop://item/:id<int>"
    public var id: Int
    public var ref: String?

    public init(id: Int, ref: String? = nil) {
        self.id = id
        self.ref = ref
    }
}

/// `shop://item/:id<int>/view`: the item screen, a ``ShopItemView``.
///
/// ```swift
/// router.object(for: try router.url(for: ShopItemViewRoute(id: 42))) as? ShopItemView
/// ```
public struct ShopItemViewRoute: URLRoute, Equatable {
    public static let pattern = "shop://item/:id<int>/view"
    public var id: Int
    public var ref: String?

    public init(id: Int, ref: String? = nil) {
        self.id = id
        self.ref = ref
    }
}

extension ShopItemView {
    /// The typed call of the Shop's `itemView` action: other modules write
    /// `try mediator.perform(ShopItemView.Request(id: 42))` and get a ``ShopItemView`` back,
    /// without the target and action strings or a parameter dictionary.
    ///
    /// The same action serves `app://Shop/itemView?id=42&ref=mail`, decoded from its query.
    public struct Request: MediatorRequest, Equatable {
        public typealias Response = ShopItemView
        public static let target = "Shop"
        public static let action = "itemView"
        public var id: Int
        public var ref: String?

        public init(id: Int, ref: String? = nil) {
            self.id = id
            self.ref = ref
        }
    }
}
