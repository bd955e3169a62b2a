/// An app-style route set of N patterns and the lookups every contestant runs against it.
///
/// Pages are spread over modules (`module_m`); each page has four routes:
///
/// ```
/// app://module_3/page_17                        literal page
/// app://module_3/page_17/:id                    one placeholder
/// app://module_3/page_17/:id/comments/:cid      two placeholders
/// app://module_3/page_17/settings               literal, or on every fourth page:
/// app://module_3/page_17/files/**               catch-all
/// ```
struct RouteSet {
    struct Route {
        /// The pattern in this router's syntax.
        let pattern: String
        /// The same pattern as routing-kit path text (the scheme is the first component, `app:`).
        let routingKitPath: String
        /// One URL that reaches this route, used for Dictionary keys and hit lookups.
        let sampleURL: String
        /// The value `id` captures in `sampleURL`, if the pattern has `:id`.
        let sampleID: String?
    }

    enum LookupKind: Int, CaseIterable {
        case literalPage, oneParameter, twoParameters, tail
        case unknownFirstSegment, unknownMiddleSegment, extraTrailingSegment, wrongScheme

        var isHit: Bool { rawValue < 4 }

        var label: String {
            switch self {
            case .literalPage: "hit: literal page"
            case .oneParameter: "hit: one placeholder"
            case .twoParameters: "hit: two placeholders"
            case .tail: "hit: literal tail or **"
            case .unknownFirstSegment: "miss: unknown first segment"
            case .unknownMiddleSegment: "miss: unknown middle segment"
            case .extraTrailingSegment: "miss: extra trailing segment"
            case .wrongScheme: "miss: wrong scheme"
            }
        }
    }

    struct Lookup {
        let url: String
        let kind: LookupKind
        /// The route that must win, or nil for a miss.
        let expectedRoute: Int?
        let expectedID: String?
    }

    let routes: [Route]
    let lookups: [Lookup]
    let moduleCount: Int

    /// `count` routes (rounded down to a multiple of 4) and `lookupCount` lookups of every kind in
    /// equal shares, spread at random (fixed seed) over the whole table.
    init(count: Int, lookupCount: Int, seed: UInt64 = 0x5EED) {
        let pages = max(1, count / 4)
        moduleCount = max(4, count / 1000)
        var routes: [Route] = []
        routes.reserveCapacity(pages * 4)
        for page in 0..<pages {
            routes.append(contentsOf: Self.routes(ofPage: page, modules: moduleCount))
        }
        self.routes = routes

        var random = SplitMix64(seed: seed)
        var lookups: [Lookup] = []
        lookups.reserveCapacity(lookupCount)
        for index in 0..<lookupCount {
            let kind = LookupKind(rawValue: index % LookupKind.allCases.count)!
            let page = Int(random.next() % UInt64(pages))
            lookups.append(Self.lookup(kind, page: page, modules: moduleCount, routes: routes, random: &random))
        }
        self.lookups = lookups
    }

    static func hasFiles(_ page: Int) -> Bool { page % 4 == 3 }

    static func routes(ofPage page: Int, modules: Int) -> [Route] {
        let prefix = "module_\(page % modules)/page_\(page)"
        let id = String((page &* 7919) % 100_000)
        let cid = String((page &* 31) % 1000)
        let tail = hasFiles(page) ? "files/**" : "settings"
        let tailURL = hasFiles(page) ? "files/docs/\(id).pdf" : "settings"
        return [
            Route(
                pattern: "app://\(prefix)", routingKitPath: "app:/\(prefix)",
                sampleURL: "app://\(prefix)", sampleID: nil),
            Route(
                pattern: "app://\(prefix)/:id", routingKitPath: "app:/\(prefix)/:id",
                sampleURL: "app://\(prefix)/\(id)", sampleID: id),
            Route(
                pattern: "app://\(prefix)/:id/comments/:cid", routingKitPath: "app:/\(prefix)/:id/comments/:cid",
                sampleURL: "app://\(prefix)/\(id)/comments/\(cid)", sampleID: id),
            Route(
                pattern: "app://\(prefix)/\(tail)", routingKitPath: "app:/\(prefix)/\(tail)",
                sampleURL: "app://\(prefix)/\(tailURL)", sampleID: nil),
        ]
    }

    private static func lookup(
        _ kind: LookupKind, page: Int, modules: Int, routes: [Route], random: inout SplitMix64
    ) -> Lookup {
        let module = page % modules
        let id = String(random.next() % 100_000)
        switch kind {
        case .literalPage, .oneParameter, .twoParameters, .tail:
            let routeIndex = page * 4 + kind.rawValue
            let route = routes[routeIndex]
            return Lookup(url: route.sampleURL, kind: kind, expectedRoute: routeIndex, expectedID: route.sampleID)
        case .unknownFirstSegment:
            return Lookup(
                url: "app://nomodule_\(module)/page_\(page)/\(id)", kind: kind, expectedRoute: nil, expectedID: nil)
        case .unknownMiddleSegment:
            return Lookup(
                url: "app://module_\(module)/nopage_\(page)/\(id)", kind: kind, expectedRoute: nil, expectedID: nil)
        case .extraTrailingSegment:
            return Lookup(
                url: "app://module_\(module)/page_\(page)/\(id)/comments/7/extra", kind: kind,
                expectedRoute: nil, expectedID: nil)
        case .wrongScheme:
            return Lookup(
                url: "web://module_\(module)/page_\(page)/\(id)", kind: kind, expectedRoute: nil, expectedID: nil)
        }
    }
}

/// A small, fast, seeded generator so every run uses the same lookups.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
