import Foundation
import Testing

@testable import URLRouter

/// Two typed routes that share a path under different origins.
struct ShopItem: URLRoute, Equatable {
    static let pattern = "item/:id<int>"
    static let origins: [LinkOrigin] = [.scheme("Shop")]
    var id: Int
    var page: Int?
}

struct AuctionItem: URLRoute, Equatable {
    static let pattern = "item/:id<int>"
    static let origins: [LinkOrigin] = [.scheme("auction")]
    var id: Int
    var sort: Sort
}

/// An optional group whose placeholder is typed.
struct ProductRoute: URLRoute, Equatable {
    static let pattern = "shop://product(/:code<uuid>)(/page/:page<int>)"
    var code: String?
    var page: Int?
}

@Suite("Typed routes: where fields come from")
struct TypedRouteFieldSourceTests {
    @Test func routesSharingAPathKeepTheirOwnFields() throws {
        let router = Router()
        try router.register(ShopItem.self) { item, request in request.complete("shop \(item.page ?? 0)") }
        try router.register(AuctionItem.self) { item, request in request.complete("auction \(item.sort)") }
        #expect(router.outcomes("shop://item/1?page=2") == [.value("shop 2")])
        #expect(router.outcomes("auction://item/1?sort=name") == [.value("auction name")])
        #expect(router.outcomes("auction://item/1?sort=size") == [.failure(.notFound)])
        #expect(router.match("shop://item/1?page=2", as: ShopItem.self) == ShopItem(id: 1, page: 2))
        #expect(router.match("auction://item/1?sort=name", as: ShopItem.self) == nil)
        #expect(router.match("shop://item/1", as: AuctionItem.self) == nil)

        #expect(router.deregister(AuctionItem.pattern, origins: AuctionItem.origins))
        #expect(!router.canOpen("shop://item/1?page=x"))
        #expect(router.outcomes("shop://item/1?page=x") == [.failure(.notFound)])
    }

    @Test func typedRoutesSharingAPathComeAndGoWhileOthersOpen() async throws {
        let router = Router()
        try router.register(ShopItem.self) { item, request in request.complete("shop \(item.page ?? 0)") }
        let changes = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for _ in 0..<200 {
                    if (try? router.register(AuctionItem.self) { _, request in request.complete("auction") }) != nil,
                        router.deregister(AuctionItem.pattern, origins: AuctionItem.origins)
                    {
                        changes.withLock { $0 += 1 }
                    }
                }
            }
            for _ in 0..<2 {
                group.addTask {
                    for _ in 0..<300 {
                        #expect(router.outcomes("shop://item/1?page=2") == [.value("shop 2")])
                        #expect(!router.canOpen("shop://item/1?page=x"))
                        #expect(router.match("shop://item/1?page=2", as: ShopItem.self) == ShopItem(id: 1, page: 2))
                    }
                }
            }
        }
        #expect(changes.withLock { $0 } == 200, "every registration and removal of AuctionItem took")
    }

    @Test func typedRoutesKeepTheirChecksWhenTheTableIsCompacted() throws {
        let router = Router()
        try router.register(ShopItem.self) { _, request in request.complete("shop") }
        for index in 0..<200 {
            try router.register("filler://\(index)") { _ in }
            router.deregister("filler://\(index)")
        }
        #expect(!router.canOpen("shop://item/1?page=x"))
        #expect(router.outcomes("shop://item/1?page=2") == [.value("shop")])
    }

    /// A query item never fills a placeholder's field: the placeholder's type is not passed by.
    @Test(
        "a placeholder's field reads the path alone",
        arguments: [
            "shop://product?code=../../etc",
            "shop://product?code=6ba7b810-9dad-11d1-80b4-00c04fd430c8",
            "shop://product?page=2",
        ])
    func placeholderFieldsIgnoreTheQuery(url: String) throws {
        let router = Router()
        try router.register(ProductRoute.self) { _, _ in }
        #expect(router.match(url, as: ProductRoute.self) == ProductRoute(code: nil, page: nil))
        let seen = Recorder<String>()
        try router.register("other://x") { _ in }
        try router.register(ProductRoute.self, replacing: true) { route, request in
            seen.record("\(route.code ?? "-") \(route.page ?? 0)")
            request.complete(nil)
        }
        #expect(router.outcomes(url) == [.value(nil)])
        #expect(seen.values == ["- 0"])
    }
}
