import Testing
import URLRouter

/// A typed call whose array field reads every query item of its name.
private struct TagsRequest: MediatorRequest {
    typealias Response = String
    static let target = "Tags", action = "show"
    var tags: [String]
}

private struct TagsTarget: MediatorTarget {
    static var targetName: String { "Tags" }
    var actions: [String: MediatorAction] {
        [
            TagsRequest.action: TagsRequest.handler { $0.tags.joined(separator: ",") },
            "plain": { params in params["tags"] as? String },
            "path": { params in params["**"] as? String },
        ]
    }
}

/// An external open of a bridged route shows the remote policy each value of a name the query repeats: the typed
/// bridge hands the action all of them, so a refused value cannot hide behind a later allowed one.
@Suite struct BridgePolicyRepeatedNameTests {
    enum Bridge: String, CaseIterable, Sendable { case typed, untyped }

    static func router(_ bridge: Bridge) throws -> Router {
        let mediator = Mediator()
        mediator.register(TagsTarget.self)
        mediator.remotePolicy = RemotePolicy { !$0.parameters.values.contains("admin") }
        let router = Router()
        switch bridge {
        case .typed: try router.register("app://tags", request: TagsRequest.self, on: mediator)
        case .untyped: try router.register("app://tags", target: "Tags", action: "plain", on: mediator)
        }
        try router.register("app://tags/:tags", target: "Tags", action: "plain", on: mediator)
        try router.register("app://files/**", target: "Tags", action: "path", on: mediator)
        try router.register("app://stars", target: "Tags", action: "path", on: mediator)
        return router
    }

    @Test(
        arguments: [
            (Bridge.typed, "app://tags?tags=x", Outcome.value("x")),
            (.typed, "app://tags?tags=x&tags=y", .value("x,y")),
            (.typed, "app://tags?tags=admin", .failure(.refused)),
            (.typed, "app://tags?tags=admin&tags=x", .failure(.refused)),
            (.typed, "app://tags?tags=x&tags=admin&tags=y", .failure(.refused)),
            (.typed, "app://tags?tags=x&tags=a%64min", .failure(.refused)),
            (.untyped, "app://tags?tags=x&tags=y", .value("y")),
            (.untyped, "app://tags?tags=admin&tags=x", .failure(.refused)),
            // The path gives the name: the query's items of that name reach neither the action nor the policy.
            (.untyped, "app://tags/x?tags=admin&tags=y", .value("x")),
            (.untyped, "app://tags/x?tags=admin&tags=x", .value("x")),
            (.untyped, "app://tags/admin?tags=x", .failure(.refused)),
            // A `**` route's `**` is the path, whatever the query holds; elsewhere `**` is a query item like any.
            (.untyped, "app://files/x?**=admin&**=x", .value("x")),
            (.untyped, "app://files/admin?**=x", .failure(.refused)),
            (.untyped, "app://stars?**=admin&**=x", .failure(.refused)),
            (.untyped, "app://stars?**=x", .value("x")),
        ])
    func everyValueOfARepeatedNameIsChecked(bridge: Bridge, url: String, expected: Outcome) throws {
        let router = try Self.router(bridge)
        #expect(router.outcomes(url, source: .external) == [expected])
        #expect(router.canOpen(url, source: .external) == (expected != .failure(.refused)))
        #expect(router.outcomes(url) != [.failure(.refused)], "an internal open meets no policy")
    }
}
