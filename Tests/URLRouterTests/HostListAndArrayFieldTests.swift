import Foundation
import Testing

@testable import URLRouter

@Suite("Host lists and typed array fields") struct HostListAndArrayFieldTests {
    /// The error code an open of `url` completes with, or nil when it succeeded.
    static func failure(_ router: Router, _ url: String, source: RouteSource = .internal) -> RouteError.Code? {
        let code = Locked<RouteError.Code?>(nil)
        router.open(url, source: source) { result in
            if case .failure(let error) = result { code.withLock { $0 = error.code } }
        }
        return code.withLock { $0 }
    }

    @Test(
        "A web link from outside with a port, userinfo or a trailing dot is refused even when the host list names it",
        arguments: [
            ("shop.example.com:8443", "https://shop.example.com:8443/item/42"),
            ("shop.example.com.", "https://shop.example.com./item/42"),
            ("me@shop.example.com", "https://me@shop.example.com/item/42"),
        ])
    func hostListAcceptsHostNamesOnly(listed: String, url: String) throws {
        let router = Router(options: .init(allowedExternalHosts: [listed]))
        try router.register("https://\(listed)/item/:id") { $0.complete($0.parameters["id"]) }
        #expect(router.canOpen(url))
        #expect(!router.canOpen(url, source: .external))
        #expect(Self.failure(router, url, source: .external) == .refused)
    }
}

private struct TagList: URLRoute {
    static let pattern = "shop://list(/:tag)"
    var tag: [String]
}

extension HostListAndArrayFieldTests {
    @Test(
        "A query item never fills an array field named like a placeholder of a group the URL leaves out",
        arguments: [
            ("shop://list?tag=a&tag=b", [String]()), ("shop://list/x?tag=a", ["x"]), ("shop://list", []),
        ])
    func queryFillsNoPlaceholderArrayField(url: String, expected: [String]) throws {
        let typed = Router()
        let seen = Locked<[String]?>(nil)
        try typed.register(TagList.self) { route, _ in seen.withLock { $0 = route.tag } }
        #expect(typed.open(url))
        #expect(seen.withLock { $0 } == expected)
        let untyped = Router()
        try untyped.register(TagList.pattern) { _ in }
        #expect(untyped.match(url, as: TagList.self)?.tag == expected)
    }
}
