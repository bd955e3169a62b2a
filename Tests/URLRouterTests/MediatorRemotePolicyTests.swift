import Testing

@testable import URLRouter

struct PolicyCase: Sendable, CustomTestStringConvertible {
    var name: String
    var policy: RemotePolicy
    var allowed: [String]
    var refused: [String]
    var testDescription: String { name }
}

private let tokenPolicy = RemotePolicy { call in call.parameters["token"] == "t0k" }

@Suite struct MediatorRemotePolicyTests {
    static let cases: [PolicyCase] = [
        PolicyCase(
            name: "default", policy: RemotePolicy(),
            allowed: ["app://Remote/show", "other://Remote/show"],
            refused: ["app://Remote/nativeSecret"]),
        PolicyCase(
            name: "schemes", policy: RemotePolicy(allowedSchemes: ["MyApp"]),
            allowed: ["myapp://Remote/show", "MYAPP://Remote/show"],
            refused: ["app://Remote/show", "myapp2://Remote/show"]),
        PolicyCase(
            name: "targets", policy: RemotePolicy(allowedTargets: ["Remote"]),
            allowed: ["app://Remote/show"],
            refused: ["app://Other/show", "app://remote/show"]),
        PolicyCase(
            name: "actions by name", policy: RemotePolicy(allowedActions: ["show"]),
            allowed: ["app://Remote/show", "app://Other/show"],
            refused: ["app://Remote/types", "app://Remote/missing"]),
        PolicyCase(
            name: "actions by target/action", policy: RemotePolicy(allowedActions: ["Remote/show"]),
            allowed: ["app://Remote/show"],
            refused: ["app://Other/show", "app://Remote/types"]),
        PolicyCase(
            name: "denied", policy: RemotePolicy(deniedActions: ["Remote/types", "show"]),
            allowed: ["app://Remote/missing"],
            refused: ["app://Remote/types", "app://Remote/show", "app://Other/show", "app://Remote/sh%6Fw"]),
        PolicyCase(
            name: "predicate", policy: tokenPolicy,
            allowed: ["app://Remote/show?token=t0k", "app://Remote/show?token=t%30k"],
            refused: ["app://Remote/show", "app://Remote/show?token=x"]),
        PolicyCase(
            name: "native stays refused", policy: RemotePolicy(allowedActions: ["nativeSecret"]),
            allowed: [],
            refused: ["app://Remote/nativeSecret"]),
    ]

    @Test(arguments: cases)
    func policyAllowsAndRefuses(_ testCase: PolicyCase) {
        let mediator = Mediator()
        mediator.register(RemoteTarget.self)
        mediator.remotePolicy = testCase.policy
        for url in testCase.allowed {
            #expect(mediator.perform(url: url).routeError?.code != .refused, "\(url)")
        }
        for url in testCase.refused {
            let error = mediator.perform(url: url).routeError
            #expect(error?.code == .refused, "\(url)")
            #expect(error?.message.contains("\"\(url)\"") == true, "\(url)")
        }
    }

    @Test func thePredicateSeesTheDecodedCall() {
        let seen = Locked<[RemoteCall]>([])
        let mediator = Mediator()
        mediator.register(RemoteTarget.self)
        mediator.remotePolicy = RemotePolicy { call in
            seen.withLock { $0.append(call) }
            return false
        }
        let url = "App://Rem%6Fte/sh%6Fw?a=%31&b=x+y#top"
        #expect(mediator.perform(url: url).routeError?.code == .refused)
        let expected = RemoteCall(
            url: url, scheme: "app", target: "Remote", action: "show",
            parameters: ["a": "1", "b": "x+y"])
        #expect(seen.withLock { $0 } == [expected])
    }

    @Test func refusalsNameWhatWasRefused() throws {
        let mediator = Mediator()
        mediator.register(RemoteTarget.self)
        mediator.remotePolicy = RemotePolicy(allowedSchemes: ["myapp"])
        let scheme = try #require(mediator.perform(url: "web://Remote/show").routeError)
        #expect(scheme.message.contains("scheme \"web\""))
        mediator.remotePolicy = RemotePolicy(deniedActions: ["Remote/show"])
        let denied = try #require(mediator.perform(url: "app://Remote/show").routeError)
        #expect(denied.message.contains("action \"show\" of target \"Remote\" is denied"))
    }

    @Test func thePolicyDoesNotLimitLocalCalls() {
        struct Local: MediatorTarget {
            var actions: [String: MediatorAction] {
                ["show": { _ in "shown" }, "nativeSecret": { _ in "secret" }]
            }
        }
        let mediator = Mediator()
        mediator.register(Local.self)
        mediator.remotePolicy = RemotePolicy(allowedTargets: [], deniedActions: ["show"])
        #expect(mediator.perform(url: "app://Local/show").routeError?.code == .refused)
        #expect(mediator.perform(target: "Local", action: "show") as? String == "shown")
        #expect(mediator.perform(target: "Local", action: "nativeSecret") as? String == "secret")
    }
}
