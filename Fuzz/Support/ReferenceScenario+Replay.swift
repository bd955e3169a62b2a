#if !FUZZING  // the fuzz targets are built into the library's own module
import URLRouter
#endif

extension ReferenceScenario {
    /// Replays the scenario on a new router and on the reference, and reports each
    /// disagreement, with the steps that led to it: a registration or deregistration whose
    /// outcome the reference does not predict, a URL whose match is not the reference's winner
    /// (where the rules leave the choice open, typed placeholders of different types at one
    /// place, the first branch that matches to the end is right), a path value that does not
    /// read back through the subscript, `canOpen` or `explain` disagreeing with `match`, `explain`
    /// judging a route to match the URL that the reference does not, or the other way round.
    ///
    /// - Returns: how many of its URLs matched a route, so a caller can tell a run that
    ///   compared matches from one where nothing matched.
    @discardableResult
    func replay(report: (String) -> Void) throws -> Int {
        let router = Router(options: .init(caseInsensitivePaths: caseInsensitivePaths))
        for (name, accepts) in ReferenceRouter.customTypes {
            try router.register(RouteParameterType(name, accepts: accepts))
        }
        var reference = ReferenceRouter(caseInsensitivePaths: caseInsensitivePaths)
        var log: [String] = []
        let shown = {
            "\nsteps (caseInsensitivePaths \(caseInsensitivePaths)):\n" + log.joined(separator: "\n") + "\nroutes:\n"
                + reference.routes.map { "\($0.pattern.text) priority \($0.priority)" }.joined(separator: "\n")
        }
        for step in steps {
            log.append(step.description)
            switch step {
            case .register(let pattern, let priority, let replacing):
                let expected = reference.register(pattern, priority: priority, replacing: replacing)
                var outcome = ReferenceRouter.Registration.added
                do {
                    try router.register(pattern.text, priority: priority, replacing: replacing) { $0.complete(nil) }
                } catch {
                    outcome = error.code == .conflict ? .conflict : error.code == .invalidPattern ? .invalid : .added
                    if outcome == .added { report("registering \(pattern.text) threw \(error)\(shown())") }
                }
                if outcome != expected {
                    report("registering \(pattern.text): \(outcome), expected \(expected)\(shown())")
                }
            case .deregister(let pattern):
                let expected = reference.deregister(pattern)
                let removed = router.deregister(pattern.text)
                if removed != expected {
                    report("deregistering \(pattern.text): \(removed), expected \(expected)\(shown())")
                }
            }
        }
        var matched = 0
        for url in urls {
            let match = router.match(url)
            if match != nil { matched += 1 }
            let path = match?.parameters.path ?? [:]
            let verdict = reference.check(
                url, pattern: match?.pattern, priority: match?.priority ?? 0, parameters: path,
                wildcard: match?.wildcard ?? [])
            if case .differs(let problem) = verdict { report("\(url): \(problem)\(shown())") }
            for (name, value) in path where match?.parameters[name] != value {
                report("\(name) does not read back in \(url)\(shown())")
            }
            if router.canOpen(url) != (match != nil) { report("canOpen and match disagree on \(url)\(shown())") }
            let explanation = router.explain(url)
            if explanation.winner != match?.pattern {
                report("explain names \(explanation.winner ?? "none") for \(url)\(shown())")
            }
            // Every route the reference finds matching is judged a match, that won or lost; no other.
            let judged = Set(explanation.candidates.filter(\.verdict.saysItMatches).map(\.pattern))
            let matching = Set(reference.matches(url).map(\.pattern))
            if explanation.error == nil, judged != matching {
                report("explain judges \(judged.sorted()) to match \(url), not \(matching.sorted())\(shown())")
            }
        }
        return matched
    }
}

extension RouteExplanation.Verdict {
    /// Whether the candidate matches the URL, whether it won or lost to another.
    var saysItMatches: Bool {
        switch self {
        case .won, .fieldMismatch, .lowerPriority, .laterTier, .lessSpecific, .typeTriedLater: true
        case .wrongLiteral, .wrongSuffix, .typeMismatch, .dotSegment, .tooFewSegments, .tooManySegments: false
        }
    }
}
