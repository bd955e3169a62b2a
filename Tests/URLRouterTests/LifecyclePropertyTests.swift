import Foundation
import Testing

@testable import URLRouter

/// Random register / deregister / replace / batch / removeAll sequences checked against a model: a list of live routes
/// (in registration order) with the shapes each one takes. After every step the router must agree with a router built
/// fresh from the model's routes, in order, on every probe URL (match, handler, canOpen, explain), its listing must be
/// the model's, and conflicts must be reported exactly when the model says a shape is taken.
@Suite struct LifecyclePropertyTests {
    struct Spec: CustomStringConvertible {
        var pattern: String
        var origins: [LinkOrigin]
        /// Every leaf shape, hand-written: scheme (`-` for none) and segments, placeholder names left out.
        var shapes: Set<String>
        var description: String { origins.isEmpty ? pattern : "\(pattern) \(origins)" }
    }

    static let specs: [Spec] = [
        .init(pattern: "t://a", origins: [], shapes: ["t/a"]),
        .init(pattern: "T://A", origins: [], shapes: ["t/a"]),
        .init(pattern: "t://a/b", origins: [], shapes: ["t/a/b"]),
        .init(pattern: "t://a/B", origins: [], shapes: ["t/a/B"]),
        .init(pattern: "t://a//%62/", origins: [], shapes: ["t/a/b"]),
        .init(pattern: "t://a(/b)", origins: [], shapes: ["t/a", "t/a/b"]),
        .init(pattern: "t://a/:x", origins: [], shapes: ["t/a/:"]),
        .init(pattern: "t://a/:y", origins: [], shapes: ["t/a/:"]),
        .init(pattern: "t://a(/:x)", origins: [], shapes: ["t/a", "t/a/:"]),
        .init(pattern: "t://a/:x(.json)", origins: [], shapes: ["t/a/:", "t/a/:.json"]),
        .init(pattern: "t://a/:x<int>", origins: [], shapes: ["t/a/:<int>"]),
        .init(pattern: "t://a/:n<int>.json", origins: [], shapes: ["t/a/:<int>.json"]),
        .init(pattern: "t://a/:n.json", origins: [], shapes: ["t/a/:.json"]),
        .init(pattern: "t://a/*", origins: [], shapes: ["t/a/*"]),
        .init(pattern: "t://a/**", origins: [], shapes: ["t/a/**"]),
        .init(pattern: "t://a/:x/**", origins: [], shapes: ["t/a/:/**"]),
        .init(pattern: "t://", origins: [], shapes: ["t/(fallback)"]),
        .init(pattern: "t://**", origins: [], shapes: ["t/**"]),
        .init(pattern: "t://c(/d)(/e)", origins: [], shapes: ["t/c", "t/c/d", "t/c/e", "t/c/d/e"]),
        .init(pattern: "t://c/d", origins: [], shapes: ["t/c/d"]),
        .init(pattern: "t://c/:q<bool>", origins: [], shapes: ["t/c/:<bool>"]),
        .init(pattern: "a/:x", origins: [], shapes: ["-/a/:"]),
        .init(pattern: "/A/:z", origins: [], shapes: ["-/a/:"]),
        .init(pattern: "**", origins: [], shapes: ["-/**"]),
        .init(pattern: "a(/b)(/:c)", origins: [], shapes: ["-/a", "-/a/b", "-/a/:", "-/a/b/:"]),
        .init(pattern: "i/:id", origins: [.scheme("shop")], shapes: ["shop/i/:"]),
        .init(pattern: "i/:id", origins: [.scheme("shop"), .web("h.com")], shapes: ["shop/i/:", "https/h.com/i/:"]),
        .init(pattern: "i/:k", origins: [.web("H.com"), .scheme("SHOP")], shapes: ["shop/i/:", "https/h.com/i/:"]),
        .init(pattern: "i/:id", origins: [.web("h.com")], shapes: ["https/h.com/i/:"]),
        .init(pattern: "i/:id(/r)", origins: [.scheme("shop")], shapes: ["shop/i/:", "shop/i/:/r"]),
        .init(pattern: "shop://i/:q", origins: [], shapes: ["shop/i/:"]),
        .init(pattern: "https://h.com/i/:z/r", origins: [], shapes: ["https/h.com/i/:/r"]),
        .init(pattern: "https://H.com/i/:z", origins: [], shapes: ["https/h.com/i/:"]),
        .init(pattern: "u:", origins: [], shapes: ["u/"]),
        .init(pattern: "u://", origins: [], shapes: ["u/(fallback)"]),
        .init(pattern: "u:x/:y", origins: [], shapes: ["u/x/:"]),
        .init(pattern: "u://x/:z", origins: [], shapes: ["u/x/:"]),
    ]

    static let probes = [
        "t://a", "T://A", "t://a/b", "t://a/B", "t://a/5", "t://a/q", "t://a/5.json", "t://a/q.json", "t://a/true",
        "t://a/x/y", "t://a/5/y/z", "t://zzz", "t://", "t://c", "t://c/d", "t://c/e", "t://c/d/e", "t://c/true",
        "t://c/1", "x://a/5", "x://a/b/7", "x://a", "x://a/b", "x://q", "shop://i/7", "shop://i/7/r",
        "https://h.com/i/7", "https://h.com/i/7/r", "http://h.com/i/7", "https://H.COM/i/7", "u:", "u://", "u:x/3",
        "u://x/3", "u:x", "shop://a/1", "t://f/3", "t://f/77",
    ]

    enum Abort: Error { case abort }

    @Test(arguments: 0..<4)
    func randomLifecycleAgreesWithModel(seed: UInt64) throws {
        var random = SeededRandom(seed: 0x11FE_C7C1E &+ seed)
        let router = Router(options: .init(caseInsensitivePaths: seed % 2 == 1))
        var model = Model(folds: seed % 2 == 1)
        var (compactions, leaves) = (0, 0)
        var nextID = 0
        for step in 0..<450 {
            var action = ""
            func newLive(_ spec: Int) -> Live {
                nextID += 1
                return Live(
                    spec: spec, id: nextID, priority: random.next(3) - 1,
                    access: random.chance(4) ? .internal : .public, object: random.chance(2))
            }
            /// Registers in `model`, through `add`, checking conflicts and the route named.
            func register(
                _ model: inout Model, replacing: Bool,
                _ add: (String, [LinkOrigin]?, Int, RouteAccess, Bool, Int, Bool) throws -> Void
            ) throws -> String? {
                let spec = random.next(Self.specs.count)
                let live = newLive(spec)
                let owners = model.owners(of: spec)
                action += " register \(Self.specs[spec]) replacing: \(replacing);"
                do {
                    try Self.register(live, replacing: replacing, add)
                } catch let error as RouteError {
                    guard error.code == .conflict, !owners.isEmpty, !replacing else {
                        return "unexpected \(error)"
                    }
                    let named = owners.map {
                        let spec = Self.specs[model.live[$0].spec]
                        return Route.displayName(spec.pattern, origins: spec.origins.map(Self.norm))
                    }
                    if !named.contains(where: { error.message.contains("\"\($0)\"") }) {
                        return "conflict names none of \(named): \(error.message)"
                    }
                    return nil
                }
                if !owners.isEmpty, !replacing {
                    return "no conflict with \(owners.map { Self.specs[model.live[$0].spec] })"
                }
                model.live = model.live.indices.filter { !owners.contains($0) }.map { model.live[$0] }
                model.live.append(live)
                return nil
            }
            func deregister(_ model: inout Model, _ remove: (String, [LinkOrigin]?) -> Bool) -> String? {
                let spec = random.next(Self.specs.count)
                action += " deregister \(Self.specs[spec]);"
                let given = Self.specs[spec]
                let match = model.live.firstIndex {
                    model.shapes($0.spec) == model.shapes(spec)
                        && Set(Self.specs[$0.spec].origins.map { Self.norm($0) })
                            == Set(given.origins.map { Self.norm($0) })
                }
                let removed = remove(given.pattern, given.origins.isEmpty ? nil : given.origins)
                if removed != (match != nil) { return "deregister returned \(removed)" }
                if let match { model.live.remove(at: match) }
                return nil
            }
            func filler(_ model: inout Model, _ add: (String, Int) throws -> Void, _ remove: (String) -> Bool) throws {
                // Phases of mostly adding, then mostly removing, so that the table is rebuilt again and again.
                let adding = (step / 60) % 2 == 0, live = model.fillers.sorted()
                let filler = adding || live.isEmpty || random.chance(5) ? random.next(120) : random.pick(live)
                action += " filler \(filler);"
                if model.fillers.remove(filler) != nil {
                    #expect(remove("t://f/\(filler)"))
                } else {
                    try add("t://f/\(filler)", -filler - 1)
                    model.fillers.insert(filler)
                }
            }
            var problem: String?
            switch random.next(1000) {
            case 0..<400:
                try filler(
                    &model, { [unowned router] p, id in try router.register(p) { $0.complete(id) } },
                    { [unowned router] in router.deregister($0) })
            case 400..<650: problem = try register(&model, replacing: random.chance(3), Self.add(router))
            case 650..<850: problem = deregister(&model) { [unowned router] in router.deregister($0, origins: $1) }
            case 850..<853:
                action = "removeAll"
                router.removeAll()
                model = Model(folds: model.folds)
            default:
                var draft = model
                let abort = random.chance(4)
                action = "batch (abort: \(abort)):"
                do {
                    try router.update { routes in
                        for _ in 0..<random.next(12) where problem == nil {
                            let add: (String, [LinkOrigin]?, Int, RouteAccess, Bool, Int, Bool) throws -> Void = {
                                pattern, origins, priority, access, replacing, id, object in
                                if object {
                                    try routes.registerObject(
                                        pattern, origins: origins, priority: priority, access: access,
                                        replacing: replacing
                                    ) { _ in id }
                                } else {
                                    try routes.register(
                                        pattern, origins: origins, priority: priority, access: access,
                                        replacing: replacing
                                    ) { $0.complete(id) }
                                }
                            }
                            switch random.next(40) {
                            case 0..<16:
                                try filler(
                                    &draft, { p, id in try routes.register(p) { $0.complete(id) } },
                                    { routes.deregister($0) })
                            case 16..<28: problem = try register(&draft, replacing: random.chance(3), add)
                            case 28: action += " removeAll;"; routes.removeAll(); draft = Model(folds: draft.folds)
                            default: problem = deregister(&draft) { routes.deregister($0, origins: $1) }
                            }
                        }
                        if abort { throw Abort.abort }
                    }
                    model = draft
                } catch Abort.abort {}
            }
            if problem == nil { problem = try Self.difference(router, model, step: step) }
            let count = router.state.withLock { $0.trie.leaves.count }
            if count < leaves, !action.contains("removeAll") { compactions += 1 }
            leaves = count
            if let problem {
                Issue.record("seed \(seed), step \(step), \(action): \(problem)")
                return
            }
        }
        #expect(compactions >= 1, "the table was rebuilt \(compactions) times")
    }
}
