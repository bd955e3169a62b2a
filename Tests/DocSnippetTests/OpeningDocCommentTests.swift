// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Testing
import URLRouter

/// A router with the routes the examples open: an item, and its view as an object.
private func itemRouter() throws -> Router {
    let router = Router()
    try router.register("shop://item/:id") { request in request.complete(request.parameters["id"]) }
    try router.registerObject("shop://item/:id/view") { request in ItemView(id: request.parameters["id"]!) }
    return router
}

/// The request a handler of `pattern` gets when `url` is opened, kept after the handler returns.
private func request(_ url: String, pattern: String, userInfo: [String: any Sendable] = [:]) throws -> RouteRequest {
    let router = Router()
    let kept = Recorded<RouteRequest?>(nil)
    try router.register(pattern) { request in kept.value = request }
    router.open(url, userInfo: userInfo)
    let request = try #require(kept.value)
    // Emptied, or the request would keep its routes, whose handler keeps the box: a cycle.
    kept.value = nil
    return request
}

/// The doc comments of the router's ways to open, of RouteMatch, RouteParameters, RouteRequest
/// and RouteResponse.
@Suite("Doc comments: opening, matches and requests")
struct OpeningDocCommentTests {
    /// `open` returns whether a handler took the URL; the completion gets the value or the error.
    @Test(arguments: [
        (true, "done 42\n"),
        (false, "No route matches \"shop://item/42\".\n"),
    ])
    func open(registered: Bool, expected: String) async throws {
        let router = registered ? try itemRouter() : Router()
        var values: [Any] = []
        let printed = await capturingPrints {
            values = await evaluate {
                router.open("shop://item/42?ref=home")                         // true: a handler took it
                router.open("shop://item/42", userInfo: ["source": "push"]) { result in
                    switch result {
                    case .success(let value): print("done", value ?? "nil")
                    case .failure(let error): print(error)                     // not found, refused, ...
                    }
                }
            }
        }
        #expect(values.map { $0 as? Bool } == [registered, registered])
        #expect(printed == expected)
    }

    @Test func routeReportsTheMatch() async throws {
        let router = try itemRouter()
        let printed = await capturingPrints {
            router.route("shop://item/42") { response in
                print(response.match?.pattern ?? "-", response.result)
            }
        }
        #expect(printed == "shop://item/:id success(Optional(\"42\"))\n")
    }

    @Test func objectCanOpenAndMatch() async throws {
        let router = try itemRouter()
        let view = router.object(for: "shop://item/42/view") as? ItemView
        #expect(view == ItemView(id: 42))

        let values = await evaluate {
            router.canOpen("shop://item/42")          // true
            router.canOpen("shop://item/42/extra")    // false
            router.match("shop://item/42")?.parameters["id"]   // "42"
        }
        try #require(values.count == 3)
        #expect(values[0] as? Bool == true)
        #expect(values[1] as? Bool == false)
        #expect(values[2] as? String == "42")
    }

    @Test func aMatch() async throws {
        let router = try itemRouter()
        let values = await evaluate {
            if let match = router.match("shop://item/42?ref=home") {
                match.pattern              // "shop://item/:id"
                match.parameters["id"]     // "42"
            }
        }
        try #require(values.count == 2)
        #expect(values[0] as? String == "shop://item/:id")
        #expect(values[1] as? String == "42")
    }

    @Test func parameters() async throws {
        let request = try request("shop://item/42?ref=home&id=7", pattern: "shop://item/:id")
        let values = await evaluate {
            // pattern "shop://item/:id", URL "shop://item/42?ref=home&id=7"
            request.parameters["id"]     // "42": a path placeholder is never overwritten by the query
            request.parameters["ref"]    // "home"
            request.parameters.int("id") // 42
        }
        try #require(values.count == 3)
        #expect(values[0] as? String == "42")
        #expect(values[1] as? String == "home")
        #expect(values[2] as? Int == 42)
    }

    /// The handler reads the path and the caller's `userInfo`; a query item does not reach
    /// `userInfo`.
    @Test(arguments: [
        ("shop://item/42", "push", "item 42 from push"),
        ("shop://item/42?source=mail", nil, "item 42 from -"),
    ])
    func aHandlersRequest(url: String, source: String?, expected: String) async throws {
        let router = Router()
        try router.register("shop://item/:id") { request in
            let id = request.parameters["id"]!                          // "42"
            let source = request.userInfo["source"] as? String ?? "-"   // from open(_:userInfo:), never from the URL
            request.complete("item \(id) from \(source)")               // the opener gets .success("item 42 from push")
        }
        let userInfo: [String: any Sendable] = source.map { ["source": $0] } ?? [:]
        let printed = await capturingPrints {
            router.open(url, userInfo: userInfo) { result in print(result) }
        }
        #expect(printed == "success(Optional(\"\(expected)\"))\n")
    }

    @Test func mergedParameters() async throws {
        let request = try request("shop://item/42?id=7&ref=mail", pattern: "shop://item/:id", userInfo: ["ref": "push"])
        let values = await evaluate {
            // "shop://item/42?id=7&ref=mail", userInfo ["ref": "push"]
            request.mergedParameters   // ["id": "42", "ref": "push"]
        }
        let merged = try #require(values.first as? [String: any Sendable])
        #expect(merged.mapValues { "\($0)" } == ["id": "42", "ref": "push"])
    }

    @Test func completeAndFail() async throws {
        let router = Router()
        try router.register("shop://item/:id") { request in
            request.complete(ItemView(id: 42))   // the opener's completion gets .success(ItemView(id: 42))
        }
        try router.register("shop://cart/add/:id") { request in
            request.fail(RouteError(.refused, "Out of stock"))
        }
        let printed = await capturingPrints {
            router.open("shop://item/42") { result in print(result) }
            router.open("shop://cart/add/42") { result in
                if case .failure(let error) = result { print(error.code, error.message) }
            }
        }
        #expect(printed == "success(Optional(DocSnippetTests.ItemView(id: 42, referrer: nil)))\nrefused Out of stock\n")
    }

    /// A declined request goes to the next-best matching route.
    @Test(arguments: [
        (true, "the new item page"),
        (false, "the item page"),
    ])
    func decline(featureEnabled: Bool, expected: String) throws {
        let router = Router()
        try router.register("shop://item/:id<int>") { request in request.complete("the item page") }
        try router.register("shop://item/:id", priority: 1) { request in
            guard featureEnabled else { return request.decline() }
            request.complete("the new item page")
        }
        #expect(router.object(for: "shop://item/42") as? String == expected)
    }

    @Test func aResponse() async throws {
        let router = try itemRouter()
        let printed = await capturingPrints {
            router.route("shop://item/42?ref=home") { response in
                print(response.match?.pattern ?? "-")             // shop://item/:id
                print(response.match?.parameters["ref"] ?? "-")   // home
                print(response.result)                            // success(...)
            }
        }
        #expect(printed == "shop://item/:id\nhome\nsuccess(Optional(\"42\"))\n")
    }
}
