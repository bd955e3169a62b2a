@testable import URLRouter

/// Fuzz target: the mediator's URL entry, `perform(url:completion:)`.
///
/// Invariants: nothing crashes; the completion runs exactly once, before `perform` returns,
/// with the result it returns; the outcome is the one a plain reading of
/// `scheme://target/action?query` predicts (not understood, refused, the action, the
/// target's `notFound` with the missing name, no target, no action); a `native…` action and
/// a direct `notFound` never run from a URL, however they are spelt or escaped; nor does a
/// decoded name that is empty or holds `/` or a control character; the app's policy refuses
/// what it names, its action rules read name by name (a plain check of the rules below
/// predicts each outcome); the action sees exactly the decoded query.
///
/// The first byte picks the mediator: `…01` strict, `…11` with action rules, else open.
@_cdecl("LLVMFuzzerTestOneInput")
public func mediatorURLFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size > 0, let data else { return 0 }
    let strict = data[0] & 3 == 1
    let ruled = data[0] & 3 == 3
    let url = fuzzText(data + 1, size - 1)
    let mediator = strict ? strictMediator : ruled ? ruledMediator : openMediator
    mediatorLog.withLock { $0 = [] }

    let completions = Locked<[String]>([])
    let result = mediator.perform(url: url) { result in completions.withLock { $0.append(describe(result)) } }
    let returned = describe(result)
    let log = mediatorLog.withLock { $0 }
    let shown = fuzzShow(url)
    fuzzCheck(
        completions.withLock { $0 } == [returned],
        "completion \(completions.withLock { $0 }) vs returned \(returned) for \(shown)")
    fuzzCheck(!log.contains { $0.hasPrefix("ran native") }, "a native action ran from \(shown)")

    guard let call = ReferenceMediatorURL(url) else {
        fuzzCheck(returned == "failure notFound", "\(shown) is no mediator URL but gave \(returned)")
        fuzzCheck(log.isEmpty, "\(shown) is no mediator URL but reached \(log)")
        return 0
    }
    let expected: String
    if !call.hasUsableNames || call.isNative || call.action == Mediator.notFoundAction {
        expected = "failure refused"
    } else if strict && (call.scheme != "app" || call.action == "secret") {
        expected = "failure refused"
    } else if ruled && !ActionRules.allow(target: call.target, action: call.action) {
        expected = "failure refused"
    } else {
        switch (call.target, call.action) {
        case ("Shop", "secret"):
            expected = "success secret"
        case ("Shop", "echo"), ("Found", "echo"):
            expected = "success \(call.parameters.sorted { $0.key < $1.key })"
        case ("Shop", _):
            expected = "success Shop.notFound(\(call.action))"
        case ("Account", "login"):
            expected = "success logged in"
        case ("Account", _):
            expected = "failure actionNotFound"
        case ("Found", _):
            expected = "success Found.notFound(\(call.action))"
        default:
            expected = "failure targetNotFound"
        }
    }
    fuzzCheck(returned == expected, "\(shown) gave \(returned), expected \(expected)")
    if expected == "failure targetNotFound" || expected == "failure actionNotFound" {
        fuzzCheck(log == ["no target \(call.target).\(call.action)"], "\(shown): noTargetHandler saw \(log)")
    }
    return 0
}

func describe(_ result: Result<Any?, RouteError>) -> String {
    switch result {
    case .success(let value as [String: Any]):
        return "success \(value.mapValues { "\($0)" }.sorted { $0.key < $1.key })"
    case .success(let value):
        return "success \(value.map { "\($0)" } ?? "nil")"
    case .failure(let error):
        return "failure \(error.code)"
    }
}

/// What the mediators' actions and handlers did during one input.
let mediatorLog = Locked<[String]>([])

/// Found by registration.
struct Target_Shop: MediatorTarget {
    var actions: [String: MediatorAction] {
        [
            "echo": { params in params },
            "nativeSecret": { _ in
                mediatorLog.withLock { $0.append("ran nativeSecret") }; return "leaked"
            },
            "secret": { _ in "secret" },
            Mediator.notFoundAction: { params in "Shop.notFound(\(params[Mediator.missingActionKey] ?? "?"))" },
        ]
    }
}

/// Found by registration; no `notFound` action.
struct Target_Account: MediatorTarget {
    var actions: [String: MediatorAction] {
        [
            "login": { _ in "logged in" },
            "nativeLogin": { _ in
                mediatorLog.withLock { $0.append("ran nativeLogin") }; return nil
            },
        ]
    }
}

/// Found by discovery in the searched module (this one), by URL.
public struct Target_Found: MediatorTarget {
    public init() {}
    public var actions: [String: MediatorAction] {
        [
            "echo": { params in params },
            "NATIVE_found": { _ in
                mediatorLog.withLock { $0.append("ran native found") }; return nil
            },
            Mediator.notFoundAction: { params in "Found.notFound(\(params[Mediator.missingActionKey] ?? "?"))" },
        ]
    }
}

func makeMediator(policy: RemotePolicy) -> Mediator {
    let mediator = Mediator(searchModules: ["MediatorPerformURLFuzz"])  // this target's module (Fuzz/run.sh)
    mediator.register(Target_Shop.self)
    mediator.register(Target_Account.self)
    mediator.noTargetHandler = { target, action, _ in
        mediatorLog.withLock { $0.append("no target \(target).\(action)") }
    }
    mediator.remotePolicy = policy
    return mediator
}

/// The rules of ``ruledMediator`` as plain pairs (target nil: every target), and the plain
/// check the fuzzer holds the mediator to. Some entries are the shape of the encoded-slash
/// bypass: text with a `/` that a decoded action name could equal.
enum ActionRules {
    static let targets = ["Shop", "Found", "Account", "Shop/echo"]
    static let allowed: [(target: String?, action: String)] = [
        ("Shop", "echo"), ("Found", "secret"), (nil, "login"), ("Found", "Shop/echo"), (nil, "Account/x"),
    ]
    static let denied: [(target: String?, action: String)] = [("Found", "echo"), (nil, "secret")]

    static func allow(target: String, action: String) -> Bool {
        func names(_ rule: (target: String?, action: String)) -> Bool {
            rule.action == action && (rule.target == nil || rule.target == target)
        }
        return targets.contains(target) && allowed.contains(where: names) && !denied.contains(where: names)
    }

    static var policy: RemotePolicy {
        func rule(_ pair: (target: String?, action: String)) -> RemotePolicy.ActionRule {
            RemotePolicy.ActionRule(action: pair.action, target: pair.target)
        }
        // Half of the rules as literals, to cover their reading too.
        return RemotePolicy(
            allowedTargets: Set(targets),
            allowedActions: Set(["Shop/echo", "Found/secret", "login"] + allowed.dropFirst(3).map(rule)),
            deniedActions: Set(["Found/echo"] + denied.dropFirst().map(rule)))
    }
}

let openMediator = makeMediator(policy: RemotePolicy())
let ruledMediator = makeMediator(policy: ActionRules.policy)
let strictMediator = makeMediator(
    policy: RemotePolicy(allowedSchemes: ["APP"], deniedActions: ["Shop/secret", "Found/secret", "secret"]))
