import Testing

@testable import URLRouter

extension LifecyclePropertyTests {
    struct Live {
        var spec: Int
        var id: Int
        var priority: Int
        var access: RouteAccess
        var object: Bool
    }

    /// The model: live routes in registration order.
    struct Model {
        var live: [Live] = []
        var fillers: Set<Int> = []
        /// Whether the router was made with `caseInsensitivePaths`.
        var folds = false

        func shapes(_ spec: Int) -> Set<String> {
            folds ? Set(specs[spec].shapes.map { $0.lowercased() }) : specs[spec].shapes
        }

        func owners(of spec: Int) -> [Int] {
            live.indices.filter { !shapes(live[$0].spec).isDisjoint(with: shapes(spec)) }
        }
    }

    /// Registers `spec` in `router` (or a batch) as the model's `live` says.
    static func register(
        _ live: Live, replacing: Bool, _ add: (String, [LinkOrigin]?, Int, RouteAccess, Bool, Int, Bool) throws -> Void
    ) throws {
        let spec = specs[live.spec]
        try add(
            spec.pattern, spec.origins.isEmpty ? nil : spec.origins, live.priority, live.access, replacing, live.id,
            live.object)
    }

    static func add(_ router: Router) -> (String, [LinkOrigin]?, Int, RouteAccess, Bool, Int, Bool) throws -> Void {
        { [unowned router] pattern, origins, priority, access, replacing, id, object in
            if object {
                try router.registerObject(
                    pattern, origins: origins, priority: priority, access: access, replacing: replacing
                ) { _ in id }
            } else {
                try router.register(
                    pattern, origins: origins, priority: priority, access: access, replacing: replacing
                ) { $0.complete(id) }
            }
        }
    }

    static func fresh(_ model: Model) throws -> Router {
        let router = Router(options: .init(caseInsensitivePaths: model.folds))
        for filler in model.fillers.sorted() { try router.register("t://f/\(filler)") { $0.complete(-filler - 1) } }
        for live in model.live { try register(live, replacing: false, add(router)) }
        return router
    }

    /// What differs between `router` and a router built fresh from `model`, or nil.
    static func difference(_ router: Router, _ model: Model, step: Int) throws -> String? {
        let listed = router.routes.filter { !$0.pattern.hasPrefix("t://f/") }
        let expected = model.live.map { live in
            let spec = specs[live.spec]
            return RouteInfo(
                pattern: spec.pattern, priority: live.priority, access: live.access, returnsObject: live.object,
                origins: spec.origins.map { norm($0) })
        }
        if listed != expected { return "routes \(listed) != \(expected)" }
        if router.routes.count != model.live.count + model.fillers.count { return "routes count" }
        let fresh = try fresh(model)
        for (index, url) in probes.enumerated() {
            let (a, b) = (router.match(url), fresh.match(url))
            if a?.pattern != b?.pattern || a?.parameters.path != b?.parameters.path {
                return "match \(url): \(String(describing: a?.pattern)) != \(String(describing: b?.pattern))"
            }
            let (x, y) = (router.object(for: url) as? Int, fresh.object(for: url) as? Int)
            if x != y { return "handler for \(url): \(String(describing: x)) != \(String(describing: y))" }
            for source in [RouteSource.internal, .external]
            where router.canOpen(url, source: source) != fresh.canOpen(url, source: source) {
                return "canOpen \(url) \(source)"
            }
            guard index % 16 == step % 16 else { continue }  // a diagnostic, slow: a few probes a step
            let (e, f) = (router.explain(url), fresh.explain(url))
            if e.winner != f.winner || e.candidates.map(\.pattern).sorted() != f.candidates.map(\.pattern).sorted() {
                return "explain \(url): \(String(describing: e.winner)) != \(String(describing: f.winner))"
            }
        }
        for origin in [LinkOrigin.scheme("shop"), .web("h.com")] {
            for path in ["i/:id", "i/:id(/r)"] {
                let a = Result { () throws(RouteError) in
                    try router.url(for: path, parameters: ["id": "1"], origin: origin)
                }
                let b = Result { () throws(RouteError) in
                    try fresh.url(for: path, parameters: ["id": "1"], origin: origin)
                }
                if (try? a.get()) != (try? b.get()) { return "url(for: \(path), origin: \(origin))" }
            }
        }
        if router.description != fresh.description {
            return "description:\n\(router.description)\n---\n\(fresh.description)"
        }
        return nil
    }

    static func norm(_ origin: LinkOrigin) -> LinkOrigin { try! origin.normalized(for: "") }
}
