// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Testing
import URLRouter

/// The app's cart (a stand-in).
private final class Cart: Sendable {
    static let shared = Cart()
}

/// The doc comments of LinkOrigin and the router's link-origin calls, and of batches
/// (RouteBatch), with link origins too.
@Suite("Doc comments: link origins and batches")
struct LinkOriginsAndBatchesDocCommentTests {
    @Test func oneRouteForEveryOrigin() async throws {
        let router = Router()
        let values = try await evaluate {
            try router.register("item/:id", origins: [.scheme("shop"), .web("shop.example.com")]) { request in
                request.complete(request.parameters["id"])
            }
            router.open("shop://item/42")                       // true
            router.open("https://SHOP.example.com/item/42")     // true: hosts compare ASCII case-insensitively
            router.open("https://shop.example.com:443/item/42") // false: no port, no userinfo
        }
        #expect(values.map { $0 as? Bool } == [true, true, false])
        #expect(router.open("https://me@shop.example.com/item/42") == false)
    }

    @Test func severalSchemesAndHosts() async throws {
        let router = Router()
        let values = try await evaluate {
            try router.register("item/:id", origins: [.scheme("shop"), .scheme("shopapp"),
                                                      .web("shop.example.com"), .web("www.shop.example.com")]) { request in
                request.complete(request.parameters["id"])
            }
            router.open("shopapp://item/42")                      // true
            router.open("https://www.shop.example.com/item/42")   // true
        }
        #expect(values.map { $0 as? Bool } == [true, true])
        #expect(router.routes.count == 1)
    }

    @Test func objectsLinksAndDeregistering() async throws {
        let router = Router()
        try router.register("item/:id", origins: [.scheme("shop"), .web("shop.example.com")]) { _ in }
        try router.registerObject("item/:id/view", origins: [.scheme("shop"), .web("shop.example.com")]) { request in
            ItemView(id: request.parameters["id"]!)
        }
        #expect(router.object(for: "https://shop.example.com/item/42/view") as? ItemView == ItemView(id: 42))

        let links = try await evaluate {
            try router.url(for: "item/:id", parameters: ["id": "42"], origin: .web("shop.example.com"))
            // "https://shop.example.com/item/42"
            try router.url(for: "item/:id", parameters: ["id": "42"], origin: .scheme("shop"))
            // "shop://item/42"
        }
        #expect(links.map { $0 as? String } == ["https://shop.example.com/item/42", "shop://item/42"])

        let values = await evaluate {
            router.deregister("item/:id", origins: [.scheme("shop"), .web("shop.example.com")])   // true
            for route in router.routes { router.deregister(route.pattern, origins: route.origins) }
        }
        #expect(values.first as? Bool == true)
        #expect(router.routes.isEmpty)
    }

    /// A batch registers with link origins as the router does.
    @Test func aBatchWithOrigins() throws {
        let router = Router()
        try router.update { routes in
            try routes.register("shop://item/:id") { request in request.complete(request.parameters["id"]) }
            try routes.register("page/:name", origins: [.scheme("shop"), .web("shop.example.com")]) { _ in }
        }
        #expect(router.routes.map(\.description) == ["shop://item/:id", "page/:name [shop, https://shop.example.com]"])
    }

    /// Every change or none: the cart and the item come, the legacy route goes.
    @Test func aBatch() throws {
        let router = Router()
        try router.register("shop://legacy/:id") { _ in }
        try router.update { routes in
            try routes.register("shop://item/:id") { request in request.complete(request.parameters["id"]) }
            try routes.registerObject("shop://cart") { _ in Cart.shared }
            routes.deregister("shop://legacy/:id")
        }
        #expect(router.routes.map(\.pattern) == ["shop://item/:id", "shop://cart"])
        #expect(router.object(for: "shop://cart") as? Cart === Cart.shared)
        #expect(router.object(for: "shop://item/42") as? String == "42")
    }

    @Test func aBatchInALoop() async throws {
        let router = Router()
        let pages = ["shop://help": "Help", "shop://about": "About"]
        try router.update { routes in
            for (pattern, page) in pages { try routes.register(pattern) { _ in show(page) } }
        }
        let printed = await capturingPrints { router.open("shop://help") }
        #expect(printed == "show Help\n")
    }

    /// When the closure throws, nothing of the batch is applied.
    @Test func aBatchThatThrowsChangesNothing() throws {
        let router = Router()
        try router.register("shop://legacy/:id") { _ in }
        #expect(throws: RouteError.self) {
            try router.update { routes in
                try routes.registerObject("shop://item/:id/view") { request in ItemView(id: request.parameters["id"]!) }
                routes.deregister("shop://legacy/:id")
                try routes.register("shop://item/:name/view") { _ in }   // the shape of the route above: a conflict
            }
        }
        #expect(router.routes.map(\.pattern) == ["shop://legacy/:id"])

        try router.update { routes in
            try routes.registerObject("shop://item/:id/view") { request in ItemView(id: request.parameters["id"]!) }
            routes.deregister("shop://legacy/:id")
        }
        #expect(router.routes.map(\.pattern) == ["shop://item/:id/view"])
    }

    @Test func aBatchThatStartsAfresh() throws {
        let router = Router()
        try router.register("shop://cart") { _ in }
        try router.update { routes in
            routes.removeAll()
            try routes.register("shop://item/:id") { _ in }
        }
        #expect(router.routes.map(\.pattern) == ["shop://item/:id"])
    }

    @Test func aBatchWithLinkOrigins() throws {
        let router = Router()
        try router.update { routes in
            try routes.register("item/:id", origins: [.scheme("shop"), .web("shop.example.com")]) { request in
                request.complete(request.parameters["id"])
            }
        }
        try router.update { routes in
            try routes.registerObject("item/:id/view", origins: [.scheme("shop"), .web("shop.example.com")]) { request in
                ItemView(id: request.parameters["id"]!)
            }
        }
        #expect(router.object(for: "shop://item/42") as? String == "42")
        #expect(router.object(for: "https://shop.example.com/item/42/view") as? ItemView == ItemView(id: 42))

        let removed = router.update { routes in
            routes.deregister("item/:id", origins: [.scheme("shop"), .web("shop.example.com")])
        }
        #expect(removed)
        #expect(router.routes.map(\.pattern) == ["item/:id/view"])
    }
}
