import Testing
import URLRouter

/// Random URLs against random policies: what `perform(url:)` runs is exactly what a plain
/// reading of the URL and of the policy, written here without the library's code, predicts.
/// The generator is seeded, so every run checks the same cases.
@Suite struct MediatorRemotePolicyPropertyTests {
    @Test(arguments: 0..<8)
    func onlyWhatThePolicyAllowsRuns(batch: UInt64) {
        var random = SeededRandom(seed: 0x5AFE_0000 + batch)
        var tally: [String: Int] = [:]
        var mismatches = 0
        for index in 0..<600 where mismatches < 5 {
            let policy = ReferencePolicy(&random)
            let mediator = probeMediator(policy.remotePolicy)
            for _ in 0..<4 {
                let url = Self.randomURL(&random)
                let expected = policy.expectation(for: url)
                let actual = ProbeRecord.perform(url, on: mediator)
                tally[expected.kind, default: 0] += 1
                guard actual.outcome != expected.outcome || actual.ran != expected.ran else { continue }
                Issue.record(
                    """
                    seed \(batch), case \(index): \(url.debugDescription) with \(policy)
                    gave \(actual.outcome) running \(actual.ran); expected \(expected.outcome) running \(expected.ran)
                    """)
                mismatches += 1
            }
        }
        // Every kind of outcome is reached often, so the check above is not vacuous.
        for kind in ["not a mediator URL", "unusable name", "always refused", "policy refused", "ran"] {
            #expect(tally[kind, default: 0] >= 100, "seed \(batch): only \(tally[kind, default: 0]) cases of \(kind)")
        }
    }

    static let schemes = ["app", "APP", "App", "web"]
    static let badSchemes = ["ap%70", "1app", ""]
    static let targetPieces = [
        "Probe", "Probe", "probe", "PROBE", "Bare", "Bare", "bare", "Nobody", "Pro%62e", "%50robe", "Ba", "re",
        "Bare%2Fping", "%2F", "%2f", "%00", "%0A", "%7F", "%C2%85", "\t", "%E9", "e\u{301}", "%", "Probe/",
    ]
    static let actionPieces = [
        "ping", "ping", "Ping", "pong", "pi%6Eg", "%70ing", "x", "native", "Native", "na%74ive", "NATIVEx",
        "notFound", "notfound", "Bare", "/", "%2F", "%2f", "Probe%2Fping", "Bare%2Fping", "%00", "%0A", "%7F",
        "%C2%85", "\t", "", "%", "%E9", "e\u{301}", "%C3%A9",
    ]
    static let tails = ["", "", "", "?a=1", "?x=%2F&y", "#top", "?q#f", "?a/b", "#/", "/extra", "/"]

    /// A URL of random pieces: good names, case variants, escapes of `/`, NUL and other
    /// control characters, empty segments, missing separators.
    static func randomURL(_ random: inout SeededRandom) -> String {
        func segment(_ pieces: [String]) -> String {
            (0..<(random.chance(3) ? 2 : 1)).map { _ in random.pick(pieces) }.joined()
        }
        let separator = random.chance(12) ? "" : "/"
        let scheme = random.chance(10) ? random.pick(badSchemes) : random.pick(schemes)
        return scheme + (random.chance(15) ? ":/" : "://") + segment(targetPieces)
            + separator + segment(actionPieces) + random.pick(tails)
    }
}

/// A policy as plain data, with its own reading of URLs and of its rules.
struct ReferencePolicy: CustomStringConvertible {
    var schemes: [String]?
    var targets: [String]?
    /// Rules as (target, action), target nil for every target; each also says whether it is
    /// given to the library as literal text or built from its names.
    var allowed: [(target: String?, action: String, literal: Bool)]?
    var denied: [(target: String?, action: String, literal: Bool)]

    static let ruleTexts = [
        "ping", "pong", "x", "Ping", "Bare/ping", "Probe/ping", "Probe/pong", "Probe/x", "Nobody/ping",
        "Probe/Bare/ping", "/ping", "Probe/", "native", "notFound", "Probe/notFound", "e\u{301}", "Probe/é",
    ]

    init(_ random: inout SeededRandom) {
        func subset(_ choices: [String]) -> [String] { choices.filter { _ in random.chance(2) } }
        func rules() -> [(target: String?, action: String, literal: Bool)] {
            subset(Self.ruleTexts).map { text in
                // The reference's reading of a rule: split at the first "/", if there is one.
                let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
                let literal = random.chance(2)
                if parts.count == 2 { return (String(parts[0]), String(parts[1]), literal) }
                return (nil, text, literal)
            }
        }
        // Each rule is often unset, so that some calls get through all of them.
        schemes = random.chance(3) ? subset(["app", "APP", "web"]) : nil
        targets = random.chance(3) ? subset(["Probe", "Bare", "Nobody", "probe", "Bare/ping"]) : nil
        allowed = random.chance(3) ? rules() : nil
        denied = random.chance(3) ? rules() : []
    }

    var remotePolicy: RemotePolicy {
        func rule(_ entry: (target: String?, action: String, literal: Bool)) -> RemotePolicy.ActionRule {
            guard entry.literal else { return RemotePolicy.ActionRule(action: entry.action, target: entry.target) }
            return RemotePolicy.ActionRule(stringLiteral: entry.target.map { "\($0)/\(entry.action)" } ?? entry.action)
        }
        return RemotePolicy(
            allowedSchemes: schemes.map(Set.init), allowedTargets: targets.map(Set.init),
            allowedActions: allowed.map { Set($0.map(rule)) }, deniedActions: Set(denied.map(rule)))
    }

    var description: String {
        func show(_ rules: [(target: String?, action: String, literal: Bool)]) -> String {
            rules.map { "\($0.target ?? "*")|\($0.action)".debugDescription }.joined(separator: ",")
        }
        return "schemes \(schemes.map { "\($0)" } ?? "any"), targets \(targets.map { "\($0)" } ?? "any"), "
            + "allowed \(allowed.map(show) ?? "any"), denied [\(show(denied))]"
    }
}
