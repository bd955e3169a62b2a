import Testing
import URLRouter

/// Echoes what the bridge passed in, so tests can see the merged parameters.
struct BridgeShop: MediatorTarget {
    static var targetName: String { "Shop" }
    var actions: [String: MediatorAction] {
        [
            "itemView": { params in
                params.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "&")
            },
            "count": { params in params["count"] as? Int },
            "nothing": { _ in nil },
            "nativeWallet": { _ in "wallet" },
            Mediator.notFoundAction: { params in "nf:\(params[Mediator.missingActionKey] ?? "")" },
        ]
    }
}

private func bridged(
    _ pattern: String = "shop://item/:id", action: String = "itemView",
    access: RouteAccess = .public
) throws -> (Router, Mediator, NoTargetLog) {
    let mediator = Mediator()
    mediator.register(BridgeShop.self)
    let log = NoTargetLog()
    log.install(on: mediator)
    let router = Router()
    try router.register(pattern, target: "Shop", action: action, on: mediator, access: access)
    return (router, mediator, log)
}

@Suite struct MediatorBridgeTests {
    @Test func objectForReachesTheActionWithMergedParameters() throws {
        let (router, _, _) = try bridged()
        #expect(router.object(for: "shop://item/42?ref=home") as? String == "id=42&ref=home")
        #expect(
            router.object(for: "shop://item/42?id=7&ref=mail", userInfo: ["ref": "push"]) as? String
                == "id=42&ref=push")
        #expect(router.object(for: "shop://other/42") == nil)
    }

    /// The path a `**` took reaches the action as `**`, joined with `/`, as `url(for:)` takes it.
    /// A query item named `**` never stands in for it, not even when `**` took nothing; on a
    /// route without `**` it is a query item like any other.
    @Test func aWildcardPathReachesTheAction() throws {
        let (router, _, _) = try bridged("files://open/**")
        #expect(router.object(for: "files://open/docs/a%20b.txt?**=evil&v=1") as? String == "**=docs/a b.txt&v=1")
        #expect(router.object(for: "files://open") as? String == "")
        #expect(router.object(for: "files://open?**=../../etc/passwd&v=1") as? String == "v=1")
        #expect(router.object(for: "files://open/x", userInfo: ["**": "mine"]) as? String == "**=mine")
        let (plain, _, _) = try bridged()
        #expect(plain.object(for: "shop://item/1?**=q") as? String == "**=q&id=1")
    }

    /// The remote policy of an external open sees the path `**` took, as the action does, and
    /// not a query item named `**`.
    @Test func thePolicySeesTheWildcardPathTheActionGets() throws {
        let (router, mediator, _) = try bridged("files://open/**")
        mediator.remotePolicy = RemotePolicy { call in call.parameters["**"]?.hasPrefix("public/") == true }
        #expect(router.outcomes("files://open/public/a.txt", source: .external) == [.value("**=public/a.txt")])
        #expect(router.outcomes("files://open/private/key?**=public/x", source: .external) == [.failure(.refused)])
        #expect(router.outcomes("files://open?**=public/x", source: .external) == [.failure(.refused)])
    }

    @Test func userInfoValuesKeepTheirTypes() throws {
        let (router, _, _) = try bridged("shop://count", action: "count")
        #expect(router.object(for: "shop://count", userInfo: ["count": 3]) as? Int == 3)
    }

    @Test func openHandsTheValueToItsCompletion() async throws {
        let (router, _, _) = try bridged()
        #expect(router.outcomes("shop://item/9?x=%20y") == [.value("id=9&x= y")])
        #expect(router.open("shop://item/9"))
        #expect(try await router.value(opening: "shop://item/10") as? String == "id=10")
    }

    @Test(arguments: [
        ("Shop", "nothing", Outcome.value(nil), [String]()),
        ("Shop", "gone", .value("nf:gone"), []),
        ("Ghost", "itemView", .failure(.targetNotFound), ["Ghost.itemView(id=1)"]),
    ])
    func fallbacksAndFailuresReachTheOpener(target: String, action: String, expected: Outcome, told: [String]) throws {
        let mediator = Mediator()
        mediator.register(BridgeShop.self)
        let log = NoTargetLog()
        log.install(on: mediator)
        let router = Router()
        try router.register("shop://item/:id", target: target, action: action, on: mediator)
        #expect(router.outcomes("shop://item/1") == [expected])
        #expect(log.entries == told)
    }

    @Test func targetsAreDiscoveredThroughTheBridge() throws {
        let router = Router()
        try router.register(
            "app://kind", target: "DiscoStruct", action: "kind", on: Mediator(searchModules: ["URLRouterTests"]))
        #expect(router.object(for: "app://kind") as? String == "struct")
    }

    @Test func externalOpensAreRemoteCalls() throws {
        let (router, mediator, _) = try bridged("shop://wallet", action: "nativeWallet")
        try router.register("shop://item/:id", target: "Shop", action: "itemView", on: mediator)
        #expect(router.object(for: "shop://wallet") as? String == "wallet")

        #expect(router.outcomes("shop://wallet", source: .external) == [.failure(.refused)])

        mediator.remotePolicy = RemotePolicy { call in call.parameters["id"] != "13" }
        #expect(router.object(for: "shop://item/12", source: .external) as? String == "id=12")
        #expect(router.object(for: "shop://item/13", source: .external) == nil)
        #expect(router.object(for: "shop://item/13") as? String == "id=13")
    }

    @Test func accessAndPriorityReachTheRouter() throws {
        let (router, mediator, _) = try bridged(access: .internal)
        try router.register("shop://item/new", target: "Shop", action: "itemView", on: mediator, priority: 7)
        #expect(router.object(for: "shop://item/1", source: .external) == nil)
        #expect(router.object(for: "shop://item/1") as? String == "id=1")
        let routes = router.routes.map { "\($0.pattern) \($0.priority) \($0.access) \($0.returnsObject)" }
        #expect(routes == ["shop://item/:id 0 internal true", "shop://item/new 7 public true"])
    }

    @Test func badPatternsAndConflictsThrow() throws {
        let (router, mediator, _) = try bridged()
        let bad = caught {
            try router.register("shop://item/:id<money>", target: "Shop", action: "itemView", on: mediator)
        }
        #expect(
            bad?.code == .invalidPattern && bad?.message.contains("unknown type \"money\"") == true,
            "\(String(describing: bad))")
        let same = caught { try router.register("shop://item/:name", target: "Shop", action: "itemView", on: mediator) }
        #expect(same?.code == .conflict, "a second pattern of the same shape registered: \(String(describing: same))")
    }
}

@Suite struct MediatorBridgeExternalChecks {
    @Test(
        "canOpen and explain apply the remote rules of bridged routes",
        arguments: [
            ("nativeWallet", RouteSource.external, false),
            ("nativeWallet", .internal, true),
            ("itemView", .external, true),
        ])
    func remoteRulesBeforeRunning(action: String, source: RouteSource, opens: Bool) throws {
        let (router, _, _) = try bridged("shop://wallet", action: action)
        #expect(router.canOpen("shop://wallet", source: source) == opens)
        #expect((router.explain("shop://wallet", source: source).refusal == nil) == opens)
        #expect((router.outcomes("shop://wallet", source: source).first == .failure(.refused)) == !opens)
    }

    @Test func theRemotePolicySeesTheURLsParameters() throws {
        let (router, mediator, _) = try bridged()
        mediator.remotePolicy = RemotePolicy { call in call.parameters["id"] != "13" }
        #expect(router.canOpen("shop://item/12", source: .external))
        #expect(!router.canOpen("shop://item/13", source: .external))
        #expect(router.canOpen("shop://item/13", source: .internal))
    }
}
