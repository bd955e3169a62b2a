/// Fuzz target: the mediator's URL entry, `perform(url:completion:)`.
///
/// Invariants: nothing crashes; the completion runs exactly once, before `perform` returns,
/// with the result it returns; the outcome is the one a plain reading of
/// `scheme://target/action?query` predicts (not understood, refused, the action, the
/// target's `notFound` with the missing name, no target, no action); a `native…` action and
/// a direct `notFound` never run from a URL, however they are spelt or escaped; the app's
/// policy refuses what it names; the action sees exactly the decoded query.
@_cdecl("LLVMFuzzerTestOneInput")
public func mediatorURLFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size > 0, let data else { return 0 }
    let strict = data[0] & 1 != 0
    let url = fuzzText(data + 1, size - 1)
    let mediator = strict ? strictMediator : openMediator
    mediatorLog.withLock { $0 = [] }

    let completions = Locked<[String]>([])
    let result = mediator.perform(url: url) { result in completions.withLock { $0.append(describe(result)) } }
    let returned = describe(result)
    let log = mediatorLog.withLock { $0 }
    let shown = fuzzShow(url)
    fuzzCheck(completions.withLock { $0 } == [returned], "completion \(completions.withLock { $0 }) vs returned \(returned) for \(shown)")
    fuzzCheck(!log.contains { $0.hasPrefix("ran native") }, "a native action ran from \(shown)")

    guard let call = ReferenceMediatorURL(url) else {
        fuzzCheck(returned == "failure notFound", "\(shown) is no mediator URL but gave \(returned)")
        fuzzCheck(log.isEmpty, "\(shown) is no mediator URL but reached \(log)")
        return 0
    }
    let expected: String
    if call.isNative || call.action == Mediator.notFoundAction {
        expected = "failure refused"
    } else if strict && (call.scheme != "app" || call.action == "secret") {
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
            "nativeSecret": { _ in mediatorLog.withLock { $0.append("ran nativeSecret") }; return "leaked" },
            "secret": { _ in "secret" },
            Mediator.notFoundAction: { params in "Shop.notFound(\(params[Mediator.missingActionKey] ?? "?"))" },
        ]
    }
}

/// Found by registration; no `notFound` action.
struct Target_Account: MediatorTarget {
    var actions: [String: MediatorAction] {
        ["login": { _ in "logged in" }, "nativeLogin": { _ in mediatorLog.withLock { $0.append("ran nativeLogin") }; return nil }]
    }
}

/// Found by discovery in the searched module (this one), by URL.
public struct Target_Found: MediatorTarget {
    public init() {}
    public var actions: [String: MediatorAction] {
        [
            "echo": { params in params },
            "NATIVE_found": { _ in mediatorLog.withLock { $0.append("ran native found") }; return nil },
            Mediator.notFoundAction: { params in "Found.notFound(\(params[Mediator.missingActionKey] ?? "?"))" },
        ]
    }
}

func makeMediator(policy: RemotePolicy) -> Mediator {
    let mediator = Mediator(searchModules: ["URLRouter"])
    mediator.register(Target_Shop.self)
    mediator.register(Target_Account.self)
    mediator.noTargetHandler = { target, action, _ in mediatorLog.withLock { $0.append("no target \(target).\(action)") } }
    mediator.remotePolicy = policy
    return mediator
}

let openMediator = makeMediator(policy: RemotePolicy())
let strictMediator = makeMediator(policy: RemotePolicy(allowedSchemes: ["APP"], deniedActions: ["Shop/secret", "Found/secret", "secret"]))
