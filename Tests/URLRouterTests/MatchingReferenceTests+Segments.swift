import Testing

@testable import URLRouter

/// The reference comparison for every kind of segment: typed placeholders (custom type too),
/// suffixes, `*`, `**`, optional groups, scheme-less patterns, fallbacks, `scheme:` without
/// `//`, priorities, replacements, deregistrations, `caseInsensitivePaths` and percent-encoded
/// URLs, against the reference matcher of `ReferenceMatcher.swift`, which the
/// `ReferenceMatching` fuzz target runs too.
extension MatchingReferenceTests {
    @Test(arguments: 0..<250)
    func everySegmentKindAgreesWithTheReference(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &* 7919 &+ 11)
        let scenario = ReferenceScenario(&random)
        let router = Router(options: .init(caseInsensitivePaths: scenario.caseInsensitivePaths))
        for (name, accepts) in ReferenceRouter.customTypes {
            try router.register(RouteParameterType(name, accepts: accepts))
        }
        var reference = ReferenceRouter(caseInsensitivePaths: scenario.caseInsensitivePaths)
        var log: [String] = []
        let steps = { "\(log.joined(separator: "; ")) (caseInsensitivePaths \(scenario.caseInsensitivePaths))" }

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
                    #expect(outcome != .added, "\(error) after \(steps())")
                }
                #expect(outcome == expected, "\(steps())")
            case .deregister(let pattern):
                #expect(router.deregister(pattern.text) == reference.deregister(pattern), "\(steps())")
            }
        }

        for url in scenario.urls {
            let match = router.match(url)
            let path = match?.parameters.path ?? [:]
            let verdict = reference.check(
                url, pattern: match?.pattern, priority: match?.priority ?? 0, parameters: path,
                wildcard: match?.wildcard ?? [])
            switch verdict {
            case .agrees:
                break
            case .sameKindBranchFirst(let problem):
                // Reported: the article orders segment kinds from the left, so two placeholders
                // of one kind (types or suffixes differing) tie and a later segment decides; the
                // trie takes the first such branch that matches to its end.
                withKnownIssue("a placeholder branch of the same kind is tried to its end first") {
                    Issue.record("\(url): \(problem) after \(steps())")
                }
            case .differs(let problem):
                Issue.record("\(url): \(problem) after \(steps())")
            }
            for (name, value) in path {
                #expect(match?.parameters[name] == value, "\(name) in \(url)")
            }
            #expect(router.canOpen(url) == (match != nil), "\(url) after \(steps())")
        }
    }

    /// The known disagreement, pinned down so that a fix shows: `a/1/b` against
    /// `a/:x<int>/:z` and `a/:y<bool>/b`. By the article the literal `b` decides at the third
    /// segment (both second segments are typed placeholders); the router takes the branch of the
    /// type registered first.
    @Test func samePlaceholderKindDoesNotDecideBetweenBranches() throws {
        let router = try patternEchoRouter(["a/:x<int>/:z", "a/:y<bool>/b"])
        withKnownIssue("a placeholder branch of the same kind is tried to its end first") {
            #expect(router.match("x://a/1/b")?.pattern == "a/:y<bool>/b")
        }
        let swapped = try patternEchoRouter(["a/:y<bool>/b", "a/:x<int>/:z"])
        #expect(swapped.match("x://a/1/b")?.pattern == "a/:y<bool>/b")
    }

    /// The other known disagreement, left out of the generator: the host compares
    /// case-insensitively, so `app://A` and `app://a` have one shape (registering one after the
    /// other conflicts), and a pattern whose optional groups make both is ambiguous.
    @Test func combinationsDifferingOnlyInTheHostsCaseAreAmbiguous() throws {
        let router = Router()
        try router.register("app://a") { _ in }
        #expect(caught { try router.register("app://A") { _ in } }?.code == .conflict)
        withKnownIssue("the ambiguity check compares combinations without folding case") {
            #expect(caught { try Router().register("app://(/A)(/a)") { _ in } }?.code == .invalidPattern)
        }
    }
}

extension SeededRandom: ReferenceChoices {
    mutating func below(_ bound: Int) -> Int { next(bound) }
}
