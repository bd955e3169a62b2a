import Foundation

/// Fuzz target: a random route set over a small alphabet, every kind of segment, priorities,
/// replacements and deregistrations, and random URLs, against the reference matcher in
/// `Fuzz/Support/ReferenceMatcher.swift`.
///
/// Invariants: registration and deregistration succeed or fail as the reference predicts
/// (conflicts by shape, ambiguous optional groups); the router's winner for each URL is the
/// reference's, with the same combination: priority, every path value (read back through the
/// subscript too) and the wildcard; `canOpen` agrees with `match`. Where the rules leave the
/// choice open (typed placeholders of different types at one place), any branch that matches
/// to the end is right: `ReferenceVerdict.sameKindBranchFirst`.
@_cdecl("LLVMFuzzerTestOneInput")
public func referenceMatchingFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size > 0, let data else { return 0 }
    var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
    let scenario = ReferenceScenario(&input)
    let router = Router(options: .init(caseInsensitivePaths: scenario.caseInsensitivePaths))
    for (name, accepts) in ReferenceRouter.customTypes {
        try! router.register(RouteParameterType(name, accepts: accepts))
    }
    var reference = ReferenceRouter(caseInsensitivePaths: scenario.caseInsensitivePaths)
    var log: [String] = []
    let shown = {
        "\nsteps (caseInsensitivePaths \(scenario.caseInsensitivePaths)):\n" + log.joined(separator: "\n")
            + "\nroutes:\n"
            + reference.routes.map { "\($0.pattern.text) priority \($0.priority)" }.joined(separator: "\n")
    }

    for step in scenario.steps {
        log.append(step.description)
        switch step {
        case .register(let pattern, let priority, let replacing):
            let expected = reference.register(pattern, priority: priority, replacing: replacing)
            var outcome = ReferenceRouter.Registration.added
            do {
                try router.register(pattern.text, priority: priority, replacing: replacing) { $0.complete(nil) }
            } catch {
                outcome = error.code == .conflict ? .conflict : error.code == .invalidPattern ? .invalid : .added
                fuzzCheck(outcome != .added, "registering \(pattern.text) threw \(error)\(shown())")
            }
            fuzzCheck(outcome == expected, "registering \(pattern.text): \(outcome), expected \(expected)\(shown())")
        case .deregister(let pattern):
            let expected = reference.deregister(pattern)
            let removed = router.deregister(pattern.text)
            fuzzCheck(removed == expected, "deregistering \(pattern.text): \(removed), expected \(expected)\(shown())")
        }
    }

    for url in scenario.urls {
        let match = router.match(url)
        let path = match?.parameters.path ?? [:]
        let verdict = reference.check(
            url, pattern: match?.pattern, priority: match?.priority ?? 0, parameters: path,
            wildcard: match?.wildcard ?? [])
        if case .differs(let problem) = verdict {
            fuzzCheck(false, "\(fuzzShow(url)): \(problem)\(shown())")
        }
        for (name, value) in path {
            fuzzCheck(match?.parameters[name] == value, "\(name) does not read back in \(fuzzShow(url))\(shown())")
        }
        fuzzCheck(router.canOpen(url) == (match != nil), "canOpen and match disagree on \(fuzzShow(url))\(shown())")
    }
    return 0
}

extension FuzzInput: ReferenceChoices {}
