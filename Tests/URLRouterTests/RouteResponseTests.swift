import Testing

@testable import URLRouter

@Suite("route(_:response:) reports the match that handled the URL")
struct RouteResponseTests {
    @Test func afterADecline() throws {
        let router = Router()
        try router.register("shop://item/new") { $0.decline() }
        try router.register("shop://item/:id") { $0.complete("plain") }
        let responses = Recorder<String>()
        #expect(
            router.route("shop://item/new?ref=x") { response in
                responses.record(
                    "\(response.match?.pattern ?? "-") \(response.match?.parameters["id"] ?? "-") \(Outcome(response.result))"
                )
            })
        #expect(responses.values == ["shop://item/:id new value(Optional(\"plain\"))"])
    }

    @Test func afterARedirect() throws {
        let router = Router()
        try router.registerObject("shop://login") { _ in "login" }
        try router.registerObject("shop://orders") { _ in "orders" }
        router.addInterceptor { $0.url == "shop://orders" ? .redirect("shop://login") : .proceed }
        let responses = Recorder<String>()
        router.route("shop://orders") { response in
            responses.record("\(response.url) \(response.match?.pattern ?? "-")")
        }
        #expect(responses.values == ["shop://login shop://login"])
    }

    @Test(
        "failures carry the match when there was one",
        arguments: [
            ("shop://admin", "shop://admin"),
            ("shop://nothing", "-"),
        ])
    func failures(url: String, pattern: String) throws {
        let router = Router()
        try router.register("shop://admin", access: .internal) { _ in }
        let responses = Recorder<String>()
        #expect(!router.route(url, source: .external) { responses.record($0.match?.pattern ?? "-") })
        #expect(responses.values == [pattern])
    }
}
