import Foundation
import Testing

@testable import URLRouter

private struct SearchRoute: URLRoute {
    static let pattern = "shop://search/:id<int>"
    var id: Int
    var page: Int?
}

private struct SearchRequest: MediatorRequest {
    typealias Response = String
    static let target = "Causes", action = "search"
    var id: Int
}

private struct Box<Value: Codable & Sendable>: Codable, Sendable { var value: Value }

private struct MapRoute: URLRoute {
    static let pattern = "shop://map"
    var map: [String: String]
}

private struct BoxRoute: URLRoute {
    static let pattern = "shop://box"
    var filter: Box<Int>
}

/// Each message names the cause the user can act on: the route whose field did not decode, the file a table came from,
/// the interceptor that refused, an empty module search.
@Suite struct ErrorMessageCauseTests {
    /// A typed route that matches but does not decode is named in the `.notFound` error, with its field, as `explain`
    /// names it; a URL no route matches keeps the plain message.
    @Test(arguments: [
        (
            "shop://search/1?page=abc",
            #"No route takes "shop://search/1?page=abc": "shop://search/:id<int>" matches, but field "page": "abc" is not a valid Int."#
        ),
        (
            "shop://bridged/abc",
            #"No route takes "shop://bridged/abc": "shop://bridged/:id" matches, but field "id": "abc" is not a valid Int."#
        ),
        ("shop://search/x", #"No route matches "shop://search/x"."#),
    ])
    func aTypedRouteThatMatchedButDidNotDecodeIsNamed(url: String, message: String) async {
        let router = Router()
        try! router.register(SearchRoute.self) { _, request in request.complete(nil) }
        try! router.register("shop://bridged/:id", request: SearchRequest.self, on: Mediator())
        let error = await caughtAsync { try await router.value(opening: url) }
        #expect(error == RouteError(.notFound, message))
        #expect(router.explain(url).description.contains("field") == message.contains("field"))
    }

    @Test func aRouteTableFileIsNamedInItsProblems() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("causes-\(UUID()).json")
        try Data(#"[{"pattern": "shop://a", "target": "T"}]"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = caught { try Router().loadRouteTable(from: file, on: Mediator()) }
        let expected = #"Route table "\#(file.path)" rejected: row 1, line 1: missing field "action""#
        #expect(error == RouteError(.invalidRouteTable, expected))
    }

    @Test(arguments: [
        ("", #"Refused "shop://x" by an interceptor."#), ("banned", #"Refused "shop://x" by an interceptor: banned"#),
    ])
    func anInterceptorsRefusalSaysSo(reason: String, message: String) async {
        let router = Router()
        try! router.register("shop://x") { request in request.complete(nil) }
        router.addInterceptor { _ in .refuse(reason) }
        #expect(await caughtAsync { try await router.value(opening: "shop://x") } == RouteError(.refused, message))
    }

    /// A web link from outside whose authority is no plain host name is refused with the reason, not as a host that
    /// is not listed.
    @Test(arguments: [
        (
            "https://user@shop.example.com/item/1",
            #"the host "user@shop.example.com" is not allowed from outside (plain ASCII only: no port, userinfo, trailing dot, %)."#
        ),
        (
            "https://shop.example.com:443/item/1",
            #"the host "shop.example.com:443" is not allowed from outside (plain ASCII only: no port, userinfo, trailing dot, %)."#
        ),
        ("https://other.example.com/item/1", #"the host "other.example.com" is not allowed from outside."#),
        (
            "https://sh%6Fp.example.com/item/1",
            #"the host "sh%6Fp.example.com" is not allowed from outside (plain ASCII only: no port, userinfo, trailing dot, %)."#
        ),
    ])
    func aWebLinksRefusalSaysWhatIsWrongWithItsHost(url: String, reason: String) async {
        let router = Router(options: .init(allowedExternalHosts: ["shop.example.com"]))
        try! router.register("item/:id", origins: [.web("shop.example.com")]) { request in request.complete(nil) }
        let error = await caughtAsync { try await router.value(opening: url, source: .external) }
        #expect(error == RouteError(.refused, "Refused \(RouteError.quoted(url)): \(reason)"))
    }

    @Test func anEmptyModuleSearchIsNamed() {
        let message = Mediator().performResult(target: "Shop", action: "x").routeError?.message
        #expect(
            message?.hasSuffix(
                #"no searched module has a public type "Target_Shop" (Mediator.searchModules is empty)."#) == true)
        let searched = Mediator(searchModules: ["Nowhere"]).performResult(target: "Shop", action: "x").routeError
        #expect(searched?.message.hasSuffix(#"no searched module has a public type "Target_Shop"."#) == true)
    }

    /// Type names carry no module, in generic arguments too.
    @Test func typeNamesCarryNoModule() {
        let map = caught { try Router().register(MapRoute.self) { _, _ in } }
        #expect(
            map?.message.contains("MapRoute.map is Dictionary<String, String>,") == true, "\(String(describing: map))")
        let box = caught { try Router().register(BoxRoute.self) { _, _ in } }
        #expect(box?.message.contains("BoxRoute.filter is Box<Int>,") == true, "\(String(describing: box))")
        #expect(RouteFields.name(of: SearchRequest.self) == "SearchRequest")
        #expect(RouteFields.name(of: [Int]?.self) == "Optional<Array<Int>>")
    }

    /// A long input is shortened in the message, and the size is said once, by the sentence that is about it.
    @Test func aLongInputsSizeIsSaidOnce() {
        let pattern = "shop://" + String(repeating: "x", count: 3000)
        let error = caught { try Router().register(pattern) { _ in } }
        #expect(error?.message.components(separatedBy: "3007").count == 2, "\(String(describing: error))")
        #expect(error?.message.contains("xxx…\" is 3007 bytes; the limit is 2048") == true)
    }

    /// With `replacing: true`, the limit counts the routes left once the replaced ones are gone.
    @Test func theRouteLimitCountsWhatReplacingFrees() throws {
        let router = Router(options: .init(limits: .init(maxRoutes: 2)))
        try router.register("shop://a") { _ in }
        try router.register("shop://b") { _ in }
        let error = caught { try router.register("shop://a(/x)(/y)", replacing: true) { _ in } }
        #expect(error?.message.contains("it would make 5 routes") == true, "\(String(describing: error))")
    }
}

private func caughtAsync<T>(_ body: () async throws -> T) async -> RouteError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? RouteError
    }
}
