import Testing

@testable import URLRouter

/// Records what a no-target handler was told, as text (params are not Sendable).
final class NoTargetLog: Sendable {
    private let calls = Locked<[String]>([])
    var entries: [String] { calls.withLock { $0 } }

    func install(on mediator: Mediator) {
        mediator.noTargetHandler = { target, action, params in
            let pairs = params.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: ",")
            self.calls.withLock { $0.append("\(target).\(action)(\(pairs))") }
        }
    }
}

struct FullTarget: MediatorTarget {
    static var targetName: String { "Full" }
    var actions: [String: MediatorAction] {
        [
            "echo": { params in params["text"] },
            "nothing": { _ in nil },
            Mediator.notFoundAction: { params in
                let missing = params[Mediator.missingActionKey] as? String ?? "?"
                return "notFound(\(missing), text=\(params["text"] ?? "-"))"
            },
        ]
    }
}

struct Target_Bare: MediatorTarget {
    var actions: [String: MediatorAction] { ["echo": { params in params["text"] }] }
}

private func makeMediator() -> (Mediator, NoTargetLog) {
    let mediator = Mediator()
    mediator.register(FullTarget.self)
    mediator.register(Target_Bare.self)
    let log = NoTargetLog()
    log.install(on: mediator)
    return (mediator, log)
}

@Suite struct MediatorTests {
    @Test(arguments: [
        ("Full", "echo", Outcome.value("hi"), [String]()),
        ("Full", "nothing", .value(nil), []),
        ("Full", "missing", .value("notFound(missing, text=hi)"), []),
        ("Bare", "echo", .value("hi"), []),
        ("Bare", "missing", .failure(.actionNotFound), ["Bare.missing(text=hi)"]),
        ("Ghost", "echo", .failure(.targetNotFound), ["Ghost.echo(text=hi)"]),
    ])
    func fallbacksRunInOrder(target: String, action: String, expected: Outcome, told: [String]) {
        let (mediator, log) = makeMediator()
        let result = mediator.performResult(target: target, action: action, params: ["text": "hi"])
        #expect(Outcome(result) == expected)
        #expect(log.entries == told)
    }

    @Test func performReturnsTheValueOrNil() {
        let (mediator, _) = makeMediator()
        #expect(mediator.perform(target: "Full", action: "echo", params: ["text": "hi"]) as? String == "hi")
        #expect(mediator.perform(target: "Full", action: "nothing") == nil)
        #expect(mediator.perform(target: "Bare", action: "missing") == nil)
        #expect(mediator.perform(target: "Ghost", action: "echo") == nil)
    }

    @Test func failuresQuoteTargetAndAction() throws {
        let (mediator, _) = makeMediator()
        let noTarget = try #require(mediator.performResult(target: "Ghost", action: "open").routeError)
        #expect(noTarget.message.contains("\"Ghost\"") && noTarget.message.contains("\"open\""))
        #expect(noTarget.message.contains("Target_Ghost"))
        let noAction = try #require(mediator.performResult(target: "Bare", action: "open").routeError)
        #expect(noAction.message.contains("\"Bare\"") && noAction.message.contains("\"open\""))
    }

    @Test func notFoundKeyReplacesACallersParameterOfTheSameName() {
        let (mediator, _) = makeMediator()
        let value = mediator.perform(
            target: "Full", action: "gone", params: [Mediator.missingActionKey: "spoofed"])
        #expect(value as? String == "notFound(gone, text=-)")
    }

    @Test func notFoundCanBeCalledDirectlyByLocalCallers() {
        let (mediator, _) = makeMediator()
        #expect(mediator.perform(target: "Full", action: "notFound") as? String == "notFound(?, text=-)")
    }

    @Test func withoutAHandlerFailuresStillReport() {
        let mediator = Mediator()
        #expect(mediator.performResult(target: "Ghost", action: "x").routeError?.code == .targetNotFound)
    }

    @Test func defaultTargetNameDropsTheTargetPrefix() {
        #expect(Target_Bare.targetName == "Bare")
        #expect(FullTarget.targetName == "Full")
    }

    @Test func instancesAreIndependent() {
        let (mediator, _) = makeMediator()
        #expect(mediator.perform(target: "Bare", action: "echo", params: ["text": "a"]) as? String == "a")
        #expect(Mediator().perform(target: "Bare", action: "echo", params: ["text": "a"]) == nil)
    }

    @Test func registeringAgainReplacesTheType() {
        struct Other: MediatorTarget {
            static var targetName: String { "Full" }
            var actions: [String: MediatorAction] { ["echo": { _ in "other" }] }
        }
        let (mediator, _) = makeMediator()
        mediator.register(Other.self)
        #expect(mediator.perform(target: "Full", action: "echo", params: ["text": "hi"]) as? String == "other")
    }

    @Test func anActionMayCallTheMediatorAgain() {
        let mediator = Mediator()
        struct Reentrant: MediatorTarget {
            static var targetName: String { "Re" }
            var actions: [String: MediatorAction] {
                [
                    "outer": { params in
                        let inner = (params["mediator"] as? Mediator)?.perform(
                            target: "Re", action: "inner", cacheTarget: true)
                        return "outer(\(inner ?? "nil"))"
                    },
                    "inner": { _ in "inner" },
                ]
            }
        }
        mediator.register(Reentrant.self)
        let value = mediator.perform(
            target: "Re", action: "outer", params: ["mediator": mediator], cacheTarget: true)
        #expect(value as? String == "outer(inner)")
    }
}

extension Result where Failure == RouteError {
    /// The error of a failed call, or nil.
    var routeError: RouteError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
