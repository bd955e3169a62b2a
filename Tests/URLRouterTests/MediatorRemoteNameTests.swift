import Testing
import URLRouter

/// A URL never reaches a target through a decoded name with `/`, a control character or no
/// text, and policy rules are compared name by name, never as `Target/action` text.
@Suite struct MediatorRemoteNameTests {
    @Test func anEncodedSlashDoesNotMakeATargetActionRuleMatchAnotherTarget() {
        let mediator = probeMediator(RemotePolicy(allowedActions: ["Bare/ping"]))
        // Decoded, the action is "Bare/ping" on Probe; Probe's notFound would accept it.
        let probe = ProbeRecord.perform("app://Probe/Bare%2Fping", on: mediator)
        #expect(probe.outcome == .failure(.refused))
        #expect(probe.ran == [])
        // Nor does it reach the no-target handler through a target that does not exist.
        let nobody = ProbeRecord.perform("app://Nobody/Bare%2Fping", on: mediator)
        #expect(nobody.outcome == .failure(.refused))
        #expect(nobody.ran == [])
        // The rule still allows what it names.
        #expect(ProbeRecord.perform("app://Bare/ping", on: mediator) == (.value("Bare.ping"), ["Bare.ping"]))
        #expect(ProbeRecord.perform("app://Probe/ping", on: mediator).outcome == .failure(.refused))
    }

    /// A URL over a router's default length limit is refused before it is split, so that hostile input costs little.
    @Test func aURLOverSixteenKiBIsRefusedUnread() throws {
        let mediator = probeMediator(RemotePolicy(allowedActions: ["Bare/ping"]))
        let fits = "app://Bare/ping?pad=" + String(repeating: "a", count: 16 * 1024 - 20)
        #expect(ProbeRecord.perform(fits, on: mediator) == (.value("Bare.ping"), ["Bare.ping"]))
        let over = ProbeRecord.perform(fits + "a", on: mediator)
        #expect(over.outcome == .failure(.limitExceeded) && over.ran == [])
        let error = try #require(mediator.perform(url: fits + "a").routeError)
        #expect(error.message.hasSuffix("the URL is 16385 bytes; the limit is 16384."), "\(error.message)")
    }

    @Test(
        "A decoded name with a slash, a control character or no text is refused",
        arguments: [
            ("app://Probe/Bare%2Fping", "action", "contains \"/\""),
            ("app://Probe/%2f", "action", "contains \"/\""),
            ("app://Pro%2Fbe/ping", "target", "contains \"/\""),
            ("app://Probe/ping%00", "action", "contains a control character"),
            ("app://Probe/%0Aping", "action", "contains a control character"),
            ("app://Probe/pi\tng", "action", "contains a control character"),
            ("app://Probe/ping%7F", "action", "contains a control character"),
            ("app://Probe/ping%C2%85", "action", "contains a control character"),
            ("app://Pr%09obe/ping", "target", "contains a control character"),
            ("app://Nobody/%00", "action", "contains a control character"),
        ])
    func unusableNamesAreRefused(url: String, kind: String, problem: String) throws {
        let seen = Recorder<RemoteCall>()
        let mediator = probeMediator(
            RemotePolicy { call in
                seen.record(call); return true
            })
        let result = ProbeRecord.$current.withValue(Recorder()) { mediator.perform(url: url) }
        let error = try #require(result.routeError)
        #expect(error.code == .refused)
        #expect(error.message.contains("the \(kind) name "), "\(error.message)")
        #expect(error.message.contains(problem), "\(error.message)")
        #expect(!error.message.contains("\0") && !error.message.contains("\n"), "the name is shown escaped")
        #expect(ProbeRecord.perform(url, on: mediator).ran == [])
        #expect(seen.values.isEmpty, "the policy's predicate never sees such a call")
    }

    /// The target is the whole host: a user or a port is no part of a name, so such a URL is no mediator URL.
    @Test(arguments: ["app://Probe:80/ping", "app://u@Probe/ping", "app://Probe:/ping"])
    func aUserOrAPortIsRefusedWithItsReason(url: String) throws {
        let error = try #require(probeMediator(RemotePolicy()).perform(url: url).routeError)
        #expect(error.code == .notFound)
        #expect(error.message.contains("the target has a user or a port"), "\(error.message)")
        #expect(ProbeRecord.perform(url, on: probeMediator(RemotePolicy())).ran == [])
    }

    @Test func aRuleNamesATargetOrEveryTarget() {
        let mediator = probeMediator(
            RemotePolicy(
                allowedActions: ["Probe/ping", RemotePolicy.ActionRule(action: "pong")],
                deniedActions: [RemotePolicy.ActionRule(action: "pong", target: "Bare")]))
        #expect(ProbeRecord.perform("app://Probe/ping", on: mediator).ran == ["Probe.ping"])
        #expect(ProbeRecord.perform("app://Bare/ping", on: mediator).outcome == .failure(.refused))
        #expect(ProbeRecord.perform("app://Probe/pong", on: mediator).ran == ["Probe.pong"])
        #expect(ProbeRecord.perform("app://Nobody/pong", on: mediator).ran == ["told Nobody.pong"])
        #expect(ProbeRecord.perform("app://Bare/pong", on: mediator).outcome == .failure(.refused))
    }

    @Test(
        "An action rule reads \"Target/action\" or \"action\"",
        arguments: [
            ("Shop/itemView", "Shop", "itemView"),
            ("help", nil, "help"),
            ("Probe/Bare/ping", "Probe", "Bare/ping"),
            ("/ping", "", "ping"),
            ("Shop/", "Shop", ""),
        ] as [(String, String?, String)])
    func actionRuleLiterals(entry: String, target: String?, action: String) {
        let rule = RemotePolicy.ActionRule(stringLiteral: entry)
        #expect(rule == RemotePolicy.ActionRule(action: action, target: target))
        #expect(rule.description == entry)
    }

    @Test func rulesThatNameNoReachableActionMatchNothing() {
        let rules: Set<RemotePolicy.ActionRule> = [
            "Probe/Bare/ping", "/ping", "Probe/", RemotePolicy.ActionRule(action: "Bare/ping"),
        ]
        let mediator = probeMediator(RemotePolicy(allowedActions: rules))
        for url in ["app://Probe/Bare%2Fping", "app://Probe/ping", "app://Bare/ping", "app://Probe/x"] {
            let result = ProbeRecord.perform(url, on: mediator)
            #expect(result.outcome == .failure(.refused), "\(url)")
            #expect(result.ran == [], "\(url)")
        }
    }

    @Test func theBridgeRefusesUnusableNamesToExternalOpens() throws {
        let mediator = probeMediator(RemotePolicy(allowedActions: ["Bare/ping"]))
        let router = Router()
        try router.register("app://slash", target: "Probe", action: "Bare/ping", on: mediator)
        try router.register("app://empty", target: "", action: "ping", on: mediator)
        try router.register("app://control", target: "Probe", action: "ping\u{0}", on: mediator)
        for url in ["app://slash", "app://empty", "app://control"] {
            let external = ProbeRecord.open(url, on: router, source: .external)
            #expect(external.outcome == [.failure(.refused)], "\(url)")
            #expect(external.ran == [], "\(url)")
            #expect(!router.canOpen(url, source: .external), "\(url)")
        }
        // The app's own opens are local calls: its names are its business.
        #expect(ProbeRecord.open("app://slash", on: router, source: .internal).ran == ["Probe.notFound(Bare/ping)"])
    }

    /// The policy sees the scheme the router matched on: a URL whose "scheme" holds the Kelvin
    /// sign (U+212A) has none (its first segment is `\u{212A}iosk:`), so it cannot pass for
    /// `kiosk` through Unicode lowercasing and reach a scheme-less bridged route that the
    /// policy keeps to `kiosk:` links.
    @Test func aLookalikeSchemeDoesNotPassTheSchemeRule() throws {
        let mediator = probeMediator(RemotePolicy(allowedSchemes: ["kiosk"]))
        let router = Router()
        try router.register(":any/bare/ping", target: "Bare", action: "ping", on: mediator)
        #expect(ProbeRecord.open("kiosk://x/bare/ping", on: router, source: .external).ran == ["Bare.ping"])
        let lookalike = ProbeRecord.open("\u{212A}iosk:/bare/ping", on: router, source: .external)
        #expect(lookalike.outcome == [.failure(.refused)])
        #expect(lookalike.ran == [])
    }
}
