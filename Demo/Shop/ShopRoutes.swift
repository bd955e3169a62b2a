import URLRouter

/// `shop://item/:id<int>`, and `https://shop.example.com/item/:id<int>` for web links: an
/// item's summary. `ref` says where the link came from.
///
/// ```swift
/// try router.url(for: ShopItemRoute(id: 42, ref: "home"))   // "shop://item/42?ref=home"
/// ```
public struct ShopItemRoute: URLRoute, Equatable {
    /// The placeholder `:id` fills ``id``; the query item `ref` fills ``ref``.
    public static let pattern = "item/:id<int>"
    /// One route for `shop://` links and `https://shop.example.com` web links alike.
    public static var origins: [LinkOrigin] { ShopModule.itemOrigins }
    /// The item's id.
    public var id: Int
    /// Where the link came from, when it says.
    public var ref: String?

    /// A link to item `id`, e.g. `ShopItemRoute(id: 42, ref: "home")`.
    public init(id: Int, ref: String? = nil) {
        self.id = id
        self.ref = ref
    }
}

/// `shop://item/:id<int>/view` (and its web link): the item screen, a ``ShopItemView``.
///
/// ```swift
/// router.object(for: try router.url(for: ShopItemViewRoute(id: 42))) as? ShopItemView
/// ```
public struct ShopItemViewRoute: URLRoute, Equatable {
    /// The placeholder `:id` fills ``id``; the query item `ref` fills ``ref``.
    public static let pattern = "item/:id<int>/view"
    /// The origins of ``ShopItemRoute``.
    public static var origins: [LinkOrigin] { ShopModule.itemOrigins }
    /// The item's id.
    public var id: Int
    /// Where the link came from, when it says.
    public var ref: String?

    /// A link to item `id`'s screen, e.g. `ShopItemViewRoute(id: 42)`.
    public init(id: Int, ref: String? = nil) {
        self.id = id
        self.ref = ref
    }
}

/// `shop://cart/add/:id<int>`: puts item `id` in the cart.
///
/// ```swift
/// try router.url(for: ShopCartAddRoute(id: 7))   // "shop://cart/add/7"
/// ```
public struct ShopCartAddRoute: URLRoute, Equatable {
    /// The placeholder `:id` fills ``id``.
    public static let pattern = "shop://cart/add/:id<int>"
    /// The item's id.
    public var id: Int

    /// A link that adds item `id`, e.g. `ShopCartAddRoute(id: 7)`.
    public init(id: Int) {
        self.id = id
    }
}

extension ShopItemView {
    /// The typed call of the Shop's `itemView` action: other modules write
    /// `try mediator.perform(ShopItemView.Request(id: 42))` and get a ``ShopItemView`` back,
    /// without the target and action strings or a parameter dictionary.
    ///
    /// The same action serves `app://Shop/itemView?id=42&ref=mail`, decoded from its query.
    public struct Request: MediatorRequest, Equatable {
        /// The call returns the item screen.
        public typealias Response = ShopItemView
        /// The Shop's target name.
        public static let target = "Shop"
        /// The action in ``Target_Shop/actions``.
        public static let action = "itemView"
        /// The item's id.
        public var id: Int
        /// Where the call came from, shown on the screen.
        public var ref: String?

        /// The call for item `id`, e.g. `ShopItemView.Request(id: 42, ref: "cart")`.
        public init(id: Int, ref: String? = nil) {
            self.id = id
            self.ref = ref
        }
    }
}
