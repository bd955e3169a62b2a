// swift-format-ignore-file
// The documentation shows these examples as written: aligned comments, long lines.
import Testing
import URLRouter

/// Targets for the policies to let through or refuse: each action returns its own name.
private enum Modules {
    struct Target_Shop: MediatorTarget {
        var actions: [String: MediatorAction] { answering("itemView", "help") }
    }
    struct Target_Account: MediatorTarget {
        var actions: [String: MediatorAction] { answering("show", "delete", "help") }
    }
    struct Target_Admin: MediatorTarget {
        var actions: [String: MediatorAction] { answering("reset") }
    }

    static func answering(_ names: String...) -> [String: MediatorAction] {
        Dictionary(uniqueKeysWithValues: names.map { name in (name, { _ in name }) })
    }

    /// A mediator with the three targets and `policy`.
    static func mediator(_ policy: RemotePolicy) -> Mediator {
        let mediator = Mediator()
        mediator.register(Target_Shop.self)
        mediator.register(Target_Account.self)
        mediator.register(Target_Admin.self)
        mediator.remotePolicy = policy
        return mediator
    }
}

/// Whether `mediator` performs `url`: "performed", or the failure's code.
private func outcome(of url: String, on mediator: Mediator) -> String {
    switch mediator.perform(url: url) {
    case .success: "performed"
    case .failure(let error): "\(error.code)"
    }
}

/// The doc comments of RemotePolicy, RemoteCall and RemotePolicy.ActionRule.
@Suite("Doc comments: RemotePolicy")
struct RemotePolicyDocCommentTests {
    /// The predicate: only a call that brings the token reaches Admin.
    @Test(arguments: [
        ("app://Shop/itemView?id=42", "performed"),
        ("app://Admin/reset?token=s3cret", "performed"),
        ("app://Admin/reset?token=guess", "refused"),
        ("app://Admin/reset", "refused"),
    ])
    func aPolicyWithAPredicate(url: String, result: String) async throws {
        let expected = "s3cret"
        let values = await evaluate {
            RemotePolicy { call in call.target != "Admin" || call.parameters["token"] == expected }
        }
        let policy = try #require(values.first as? RemotePolicy)
        #expect(outcome(of: url, on: Modules.mediator(policy)) == result)

        // A call made by hand tries the predicate directly.
        let call = await evaluate {
            RemoteCall(url: "app://Shop/show", scheme: "app", target: "Shop", action: "show", parameters: [:])
        }
        #expect(try policy.predicate?(#require(call.first as? RemoteCall)) == true)
    }

    @Test(arguments: [
        ("myapp://Shop/itemView", "performed"),
        ("MyApp://Account/show", "performed"),
        ("other://Shop/itemView", "refused"),
        ("myapp://Admin/reset", "refused"),
        ("myapp://Account/delete", "refused"),
    ])
    func schemesTargetsAndDeniedActions(url: String, expected: String) {
        let mediator = Modules.mediator(RemotePolicy())
        mediator.remotePolicy = RemotePolicy(
            allowedSchemes: ["myapp"], allowedTargets: ["Shop", "Account"],
            deniedActions: ["Account/delete"])
        #expect(outcome(of: url, on: mediator) == expected)
    }

    @Test(arguments: [
        ("myapp://Shop/itemView", "performed"),
        ("myapp://Shop/help", "performed"),
        ("myapp://Account/help", "performed"),
        ("myapp://Account/show", "refused"),
        ("other://Shop/itemView", "refused"),
    ])
    func allowedActions(url: String, expected: String) async throws {
        let values = await evaluate {
            RemotePolicy(allowedSchemes: ["myapp"], allowedActions: ["Shop/itemView", "help"])
        }
        let policy = try #require(values.first as? RemotePolicy)
        #expect(outcome(of: url, on: Modules.mediator(policy)) == expected)
    }

    @Test func actionRules() async throws {
        let rules: Set<RemotePolicy.ActionRule> = [
            "Shop/itemView",                                  // itemView on Shop only
            "help",                                           // help on any target
            RemotePolicy.ActionRule(action: "show", target: "Account"),
        ]
        #expect(rules.map(\.description).sorted() == ["Account/show", "Shop/itemView", "help"])
        #expect(rules.contains { $0.target == "Shop" && $0.action == "itemView" })
        #expect(rules.contains { $0.target == nil && $0.action == "help" })

        let values = await evaluate {
            RemotePolicy.ActionRule(action: "itemView", target: "Shop")   // same as "Shop/itemView"
            RemotePolicy.ActionRule(action: "help")                       // same as "help"
            RemotePolicy.ActionRule(action: "itemView", target: "Shop").description   // "Shop/itemView"
        }
        try #require(values.count == 3)
        #expect(values[0] as? RemotePolicy.ActionRule == "Shop/itemView")
        #expect(values[1] as? RemotePolicy.ActionRule == "help")
        #expect(values[2] as? String == "Shop/itemView")

        let rule: RemotePolicy.ActionRule = "Shop/itemView"   // target "Shop", action "itemView"
        #expect(rule.target == "Shop" && rule.action == "itemView")
    }
}
