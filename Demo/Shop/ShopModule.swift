import Foundation
import URLRouter

/// The Shop demo module: items, categories, a cart and a checkout, under `shop://`.
///
/// It imports nothing but the router. Other modules reach it through its URLs, or through the
/// mediator by the target name `"Shop"` (see the typed calls in `Target_Shop.swift`).
public enum ShopModule {
    /// The web host whose `https` links reach the item pages, as `shop://` links do.
    public static let webHost = "shop.example.com"
    /// Where item links come from: `shop://item/42` and `https://shop.example.com/item/42`.
    static let itemOrigins: [LinkOrigin] = [.scheme("shop"), .web(webHost)]

    /// What each pattern is and reaches, for `deeplink routes`.
    public static let routeGuide: [String: (kind: String, reaches: String)] = [
        "shop://item/:id<int>": ("handler", "item summary; typed placeholder, completes with the item"),
        "https://shop.example.com/item/:id<int>": ("handler", "the same route as shop://item/:id<int>, for web links"),
        "shop://item/:id<int>/view": ("object", "ShopItemView, the item screen"),
        "https://shop.example.com/item/:id<int>/view": (
            "object", "the same route as shop://item/:id<int>/view, for web links"
        ),
        "shop://category/**": ("object", "category page for any depth of path"),
        "shop://cart": ("handler", "cart contents"),
        "shop://cart/add/:id<int>": ("handler", "adds an item to the cart"),
        "shop://cart/clear": ("target-action", "Target_Shop.nativeClearCart (native: in-app callers only)"),
        "shop://checkout": ("target-action", "Target_Shop.checkout"),
        "shop://": ("fallback", "shop home, for any shop:// link nothing else takes"),
    ]

    /// Registers the Shop's routes on `router` and its target on `mediator`.
    public static func register(on router: Router, mediator: Mediator) throws(RouteError) {
        mediator.register(Target_Shop.self)
        // One batch: the module's routes appear together, or none of them does.
        try router.update { (routes: inout RouteBatch) throws(RouteError) in
            // A typed route (`ShopRoutes.swift`) for `shop://` and `https://shop.example.com`
            // links alike: `shop://item/abc` does not match at all, and the handler reads the
            // fields, not strings. Its result is key-value pairs rather than a
            // dictionary: nothing to hash, and the app's JSON keeps their order.
            try routes.register(ShopItemRoute.self) { route, request in
                let item = Catalog.item(route.id)
                request.complete(
                    [
                        "id": item.id, "name": item.name, "price": item.price,
                        "referrer": route.ref ?? "-",
                    ] as KeyValuePairs<String, Any>)
            }

            // A typed object route: `router.object(for:)` returns the view itself.
            try routes.registerObject(ShopItemViewRoute.self) { route, _ in
                ShopItemView(item: Catalog.item(route.id), referrer: route.ref)
            }

            // `**` takes the rest of the path, zero or more segments.
            try routes.registerObject("shop://category/**") { request in
                let path = request.wildcard
                return ["path": path, "title": path.isEmpty ? "All categories" : path.joined(separator: " › ")]
            }

            try routes.register("shop://cart") { request in
                let ids = Cart.shared.items
                request.complete(["count": ids.count, "items": ids.map { Catalog.item($0).name }] as [String: Any])
            }

            try routes.register(ShopCartAddRoute.self) { route, request in
                guard let count = Cart.shared.add(route.id) else {
                    return request.fail(
                        RouteError(.refused, "The cart is full: it holds at most \(Cart.capacity) items."))
                }
                request.complete(["added": Catalog.item(route.id).name, "count": count] as [String: Any])
            }

            // Bridged to target-actions. `nativeClearCart` is refused to every external open by the
            // mediator's rule, so a link from outside cannot name it; the app itself can (as
            // `account://logout` does, which empties the cart on purpose).
            try routes.register("shop://cart/clear", target: "Shop", action: "nativeClearCart", on: mediator)
            try routes.register("shop://checkout", target: "Shop", action: "checkout", on: mediator)

            // The scheme's fallback: every shop:// link that nothing more specific takes.
            try routes.register("shop://") { request in
                request.complete("shop home (no page for \(request.url))")
            }
        }
    }
}

/// The cart, shared by every caller in the process (the daemon keeps it between requests).
///
/// `@unchecked Sendable`: `ids` is only read and written under `lock`. An `NSLock`, not a
/// `Synchronization.Mutex`, whose Linux futexes ThreadSanitizer does not model.
final class Cart: @unchecked Sendable {
    static let shared = Cart()

    private let lock = NSLock()
    private var ids: [Int] = []

    var items: [Int] { lock.withLock { ids } }

    /// The most items a cart holds: links from outside may add, and a reply lists every item.
    static let capacity = 100

    /// Adds `id`; returns the new count, or nil when the cart is full.
    func add(_ id: Int) -> Int? {
        lock.withLock {
            guard ids.count < Self.capacity else { return nil }
            ids.append(id)
            return ids.count
        }
    }

    /// Empties the cart; returns how many items it held.
    func clear() -> Int {
        lock.withLock {
            defer { ids.removeAll() }
            return ids.count
        }
    }
}
