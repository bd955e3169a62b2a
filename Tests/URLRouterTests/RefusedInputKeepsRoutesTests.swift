import Foundation
import Testing

@testable import URLRouter

private struct NumberedItem: URLRoute {
    static let pattern = "shop://item/:number<int>"
    var number: Int
}

private struct SomethingWrong: Error {}

/// A refused registration, batch, parameter type or route table leaves the router exactly as it was: its routes, what
/// each URL reaches, its trie, and what `explain` says.
@Suite struct RefusedInputKeepsRoutesTests {
    /// One input from outside that the router refuses, with the code it refuses it with.
    struct Refusal: Sendable, CustomStringConvertible {
        let description: String
        let code: RouteError.Code
        let change: @Sendable (Router) throws -> Void
    }

    static let urls = [
        "shop://item/1", "shop://page/faq", "https://shop.example.com/page/faq", "blog://post/abc/comments",
        "blog://post/abc", "blog://post/ABC", "shop://nothing", "shop://cart",
    ]

    static func router() throws -> Router {
        let router = Router()
        try router.register(RouteParameterType("slug") { !$0.isEmpty && $0.allSatisfy(\.isLowercase) })
        try router.registerObject("shop://item/:id<int>", priority: 5) { _ in "item" }
        try router.registerObject("page/:name", origins: [.scheme("shop"), .web("shop.example.com")]) { _ in "page" }
        try router.registerObject("blog://post/:slug<slug>(/comments)") { _ in "post" }
        try router.registerObject("shop://**", priority: -1) { _ in "fallback" }
        return router
    }

    /// Everything a caller can see of the router's routes.
    static func state(of router: Router) -> [String] {
        router.routes.map(\.description) + [router.description]
            + urls.map { url in
                "\(url) → \(router.object(for: url) ?? "nil") \(router.canOpen(url)) \(router.explain(url))"
            }
    }

    static func register(_ pattern: String, origins: [LinkOrigin]? = nil, priority: Int = 0) -> Refusal.Change {
        { router in try router.register(pattern, origins: origins, priority: priority) { _ in } }
    }

    static func table(_ rows: String) -> Refusal.Change {
        { router in try router.loadRouteTable(from: "[\(rows)]", on: Mediator()) }
    }

    static let row = #"{"pattern": "shop://new", "target": "T", "action": "a"}"#

    static let refusals: [Refusal] = [
        Refusal(description: "same shape", code: .conflict, change: register("shop://item/:n<int>", priority: 99)),
        Refusal(description: "bad pattern", code: .invalidPattern, change: register("shop://item/:id(")),
        Refusal(
            description: "one origin taken", code: .conflict, change: register("page/:x", origins: [.scheme("shop")])),
        Refusal(
            description: "a new origin, then a taken one", code: .conflict,
            change: register("page/:x", origins: [.scheme("news"), .web("shop.example.com")])),
        Refusal(
            description: "one combination taken", code: .conflict, change: register("blog://post/:s<slug>/comments")),
        Refusal(description: "ambiguous groups", code: .invalidPattern, change: register("blog://new(/:a)(/:b)")),
        Refusal(description: "no origins", code: .invalidPattern, change: register("new", origins: [])),
        Refusal(
            description: "an origin twice", code: .invalidPattern,
            change: register("new", origins: [.scheme("a"), .scheme("A")])),
        Refusal(
            description: "a long pattern", code: .limitExceeded, change: register(String(repeating: "a/", count: 2_000))
        ),
        Refusal(description: "a typed conflict", code: .conflict) { router in
            try router.register(NumberedItem.self) { _, _ in }
        },
        Refusal(description: "a bridged conflict", code: .conflict) { router in
            try router.register("shop://page/:p", target: "T", action: "a", on: Mediator())
        },
        Refusal(description: "a type taken", code: .conflict) { router in
            try router.register(RouteParameterType("slug") { _ in true })
        },
        Refusal(description: "a type no pattern can name", code: .invalidPattern) { router in
            try router.register(RouteParameterType("a/b") { _ in true })
        },
        Refusal(description: "a batch that fails late", code: .conflict) { router in
            try router.update { routes throws(RouteError) in
                routes.deregister("shop://item/:id")
                try routes.register("shop://cart") { _ in }
                routes.removeAll()
                try routes.register("shop://cart") { _ in }
                try routes.register("shop://cart") { _ in }
            }
        },
        Refusal(
            description: "a table with a conflicting row", code: .invalidRouteTable,
            change: table(row + #", {"pattern": "shop://item/:x<int>", "target": "T", "action": "a"}"#)),
        Refusal(
            description: "a table with a bad field", code: .invalidRouteTable,
            change: table(row + #", {"pattern": "shop://x", "target": "T", "action": "a", "acess": "internal"}"#)),
        Refusal(description: "a table that is no JSON", code: .invalidRouteTable, change: table(row + ",")),
        Refusal(description: "a table swap that fails", code: .invalidRouteTable) { router in
            try router.update { routes throws(RouteError) in
                routes.deregister("shop://item/:id<int>")
                _ = try routes.loadRouteTable(from: Data("[\(row), \(row)]".utf8), on: Mediator())
            }
        },
    ]

    @Test(arguments: refusals)
    func aRefusedChangeLeavesTheRouterAsItWas(refusal: Refusal) throws {
        let router = try Self.router()
        let before = Self.state(of: router)
        let error = try #require(caught { try refusal.change(router) })
        #expect(error.code == refusal.code, "\(error.message)")
        #expect(error.message.utf8.count < 1_000, "\(error.message.prefix(300))")
        let after = Self.state(of: router)
        #expect(after == before, "\(zip(before, after).filter { $0 != $1 })")
    }

    @Test func aBatchThatThrowsAnErrorOfItsOwnKeepsNothing() throws {
        let router = try Self.router()
        let before = Self.state(of: router)
        #expect(throws: SomethingWrong.self) {
            try router.update { routes in
                routes.removeAll()
                try routes.register("shop://cart") { _ in }
                throw SomethingWrong()
            }
        }
        #expect(Self.state(of: router) == before)
    }
}

extension RefusedInputKeepsRoutesTests {
    /// A batch may catch a refusal and go on: the refused table's good rows are not registered, nor a refused route.
    @Test func aBatchThatGoesOnAfterARefusalKeepsNoneOfIt() throws {
        let router = try Self.router()
        let before = Self.state(of: router)
        let errors = try router.update { routes throws(RouteError) in
            let table = Data("[\(Self.row), \(Self.row)]".utf8)
            let refusals = [
                caught { try routes.loadRouteTable(from: table, on: Mediator()) },
                caught { try routes.register("page/:x", origins: [.scheme("news"), .scheme("shop")]) { _ in } },
                caught { try routes.register("blog://post/:s<slug>/comments") { _ in } },
            ]
            return refusals.map { $0?.code }
        }
        #expect(errors == [.invalidRouteTable, .conflict, .conflict])
        #expect(Self.state(of: router) == before)
        #expect(router.object(for: "shop://new") as? String == "fallback")
        #expect(!router.canOpen("news://page/a"))
    }
}

extension RefusedInputKeepsRoutesTests.Refusal {
    typealias Change = @Sendable (Router) throws -> Void
}
