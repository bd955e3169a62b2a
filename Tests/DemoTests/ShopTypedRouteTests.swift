import DemoShop
import Foundation
import Testing
import URLRouter

/// The Shop's typed routes and typed action, as another module uses them, and the links they
/// print opened by the real binary.
@Suite("The Shop's typed routes and typed action")
struct ShopTypedRouteTests {
    static func shop() throws -> (Router, Mediator) {
        let router = Router()
        let mediator = Mediator()
        try ShopModule.register(on: router, mediator: mediator)
        return (router, mediator)
    }

    @Test func printedLinksOpenInTheBinary() throws {
        let (router, _) = try Self.shop()
        let link = try router.url(for: ShopItemRoute(id: 42, ref: "home"))
        #expect(link == "shop://item/42?ref=home")
        #expect(router.match(link, as: ShopItemRoute.self) == ShopItemRoute(id: 42, ref: "home"))
        let run = try DeepLinkBinary.run(["open", "--json", link])
        #expect(run.status == 0)
        #expect(run.stdout.contains(#""referrer":"home""#), "\(run.stdout)")
        let view = try router.url(for: ShopItemViewRoute(id: 7))
        #expect(view == "shop://item/7/view")
        #expect((router.object(for: view) as? ShopItemView)?.title == "Teapot")
    }

    @Test func theTypedActionServesCallsAndURLs() throws {
        let (_, mediator) = try Self.shop()
        let view = try mediator.perform(ShopItemView.Request(id: 42, ref: "mail"))
        #expect(view.title == "Espresso cup" && view.referrer == "mail")
        #expect(mediator.shopItemView(id: 1)?.title == "Mug")
        let byURL = try mediator.perform(url: "app://Shop/itemView?id=7&ref=push").get() as? ShopItemView
        #expect(byURL?.title == "Teapot" && byURL?.referrer == "push")
        #expect(mediator.perform(url: "app://Shop/itemView?id=seven").failureCode == .invalidParameter)
    }
}

extension Result where Failure == RouteError {
    var failureCode: RouteError.Code? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}
