import Testing

@testable import URLRouter

extension CompactionTests {
    /// Patterns whose shapes overlap: optional groups over plain routes, one path under several
    /// sets of link origins, and full patterns that one origin of those also makes.
    static let churnShapes: [(pattern: String, origins: [LinkOrigin])] = [
        ("t://a", []), ("t://a/b", []), ("t://a(/b)", []), ("t://a/:x", []), ("t://a(/:x)", []),
        ("t://c(/d)(/e)", []), ("t://c/d", []), ("t://c", []), ("t://c/e", []),
        ("i/:id", [.scheme("shop")]), ("i/:id", [.scheme("shop"), .web("h.com")]), ("i/:id", [.web("h.com")]),
        ("i/:id(/r)", [.scheme("shop")]), ("shop://i/:q", []), ("https://h.com/i/:z/r", []),
    ]

    /// Random registrations (with priorities, and `replacing:` or not) and removals of those
    /// shapes among fillers that come and go, so the table is rebuilt again and again: after
    /// every step, each live route owns every leaf of its patterns and the live count is right.
    @Test(arguments: 0..<8)
    func randomChurnKeepsEveryRouteOwningItsLeaves(seed: UInt64) throws {
        var random = SeededRandom(seed: 0xC4_0A11 &+ seed)
        let router = Router()
        var fillers = Set<Int>()
        for step in 0..<1_200 {
            let shape = random.pick(Self.churnShapes)
            let action: String
            switch random.next(20) {
            case 0..<9:
                let filler = random.next(200)
                if fillers.remove(filler) != nil {
                    #expect(router.deregister("t://f/\(filler)"))
                } else {
                    try router.register("t://f/\(filler)") { _ in }
                    fillers.insert(filler)
                }
                action = "filler \(filler)"
            case 9..<17:
                let (priority, replacing) = (random.next(3) - 1, random.chance(2))
                if shape.origins.isEmpty {
                    _ = try? router.register(shape.pattern, priority: priority, replacing: replacing) { _ in }
                } else {
                    _ = try? router.register(
                        shape.pattern, origins: shape.origins, priority: priority, replacing: replacing
                    ) { _ in }
                }
                action = "register \(shape), replacing: \(replacing)"
            default:
                _ =
                    shape.origins.isEmpty
                    ? router.deregister(shape.pattern) : router.deregister(shape.pattern, origins: shape.origins)
                action = "deregister \(shape)"
            }
            if let problem = router.state.withLock({ Self.problem(in: $0, options: router.options) }) {
                Issue.record("seed \(seed), step \(step), \(action): \(problem)")
                return
            }
        }
    }

    /// What is wrong with `state`, or nil: a live route whose patterns do not parse, a leaf of a
    /// live route owned by another, a wrong leaf count, or a wrong count of live leaves.
    static func problem(in state: RouterState, options: Router.Options) -> String? {
        var state = state
        var live = 0  // leaves of live routes
        for id in 0..<state.routes.count {
            guard let route = state.routes[id] else { continue }
            guard let (patterns, _) = try? state.parse(route.pattern, origins: route.origins, options: options) else {
                return "route \(id), \(route.displayName), does not parse"
            }
            var leaves = 0
            for pattern in patterns {
                for segments in pattern.expansions {
                    leaves += 1
                    let owner = state.owner(of: pattern, segments, options: options)
                    if owner != Int32(id) { return "a leaf of route \(id), \(route.displayName), is route \(owner)'s" }
                }
            }
            if leaves != Int(route.leafCount) { return "route \(id) has \(leaves) leaves, not \(route.leafCount)" }
            live += leaves
        }
        return live == state.liveLeaves ? nil : "\(live) leaves of live routes, counted as \(state.liveLeaves)"
    }
}
