import Testing

@testable import URLRouter

@Suite("Sources and access")
struct AccessTests {
    static func makeRouter(allowed: Set<String>? = nil) throws -> Router {
        let router = Router(options: .init(allowedExternalSchemes: allowed))
        try router.registerObject("shop://item/:id") { $0.parameters["id"] }
        try router.registerObject("shop://admin/reset", access: .internal) { _ in "reset" }
        try router.registerObject("mail://inbox") { _ in "inbox" }
        return router
    }

    @Test(
        "internal-only routes refuse external opens, with a clear error",
        arguments: [
            ("shop://admin/reset", RouteSource.internal, Outcome.value("reset")),
            ("shop://admin/reset", .external, .failure(.refused)),
            ("shop://item/7", .external, .value("7")),
            ("shop://item/7", .internal, .value("7")),
        ])
    func access(url: String, source: RouteSource, expected: Outcome) throws {
        let router = try Self.makeRouter()
        #expect(router.outcomes(url, source: source) == [expected])
        #expect(router.canOpen(url, source: source) == (expected != .failure(.refused)))
    }

    @Test func refusalMessageNamesThePattern() throws {
        let router = try Self.makeRouter()
        let recorder = Recorder<String>()
        router.open("shop://admin/reset", source: .external) { result in
            if case .failure(let error) = result { recorder.record(error.message) }
        }
        #expect(recorder.values.count == 1)
        #expect(recorder.values.first?.contains("shop://admin/reset") == true)
        #expect(recorder.values.first?.contains("internal only") == true)
    }

    @Test(
        "the external scheme allow-list",
        arguments: [
            ("shop://item/1", RouteSource.external, Outcome.value("1")),
            ("SHOP://item/1", .external, .value("1")),
            ("mail://inbox", .external, .failure(.refused)),
            ("mail://inbox", .internal, .value("inbox")),
            ("item/1", .external, .failure(.refused)),
        ])
    func allowList(url: String, source: RouteSource, expected: Outcome) throws {
        let router = try Self.makeRouter(allowed: ["Shop"])
        #expect(router.outcomes(url, source: source) == [expected])
    }

    @Test func defaultSourceIsInternal() throws {
        let router = try Self.makeRouter(allowed: [])
        #expect(router.object(for: "shop://admin/reset") as? String == "reset")
        #expect(router.object(for: "shop://admin/reset", source: .external) == nil)
    }
}
