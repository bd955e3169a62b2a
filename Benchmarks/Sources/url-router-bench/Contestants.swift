import RoutingKit
import URLRouter

/// What routing-kit routes to, as an app would keep it: the route's pattern, its index and its
/// own handler.
final class RoutingKitRoute: Sendable {
    let pattern: String
    let index: Int
    let handler: @Sendable (Parameters, Substring) -> Int

    init(pattern: String, index: Int, handler: @escaping @Sendable (Parameters, Substring) -> Int) {
        self.pattern = pattern
        self.index = index
        self.handler = handler
    }
}

/// A URLRouter handler of its own for route `index`, as each screen of an app registers one:
/// a closure that captures something of its route (here its index), so every route keeps a
/// closure context of its own. It reads one parameter.
func readIDHandler(_ index: Int) -> @Sendable (RouteRequest) -> Void {
    { request in blackHole((request.parameters["id"], index)) }
}

/// The routing-kit counterpart: reads the same parameter, from the path, else from the query.
func routingKitReadIDHandler(_ index: Int) -> @Sendable (Parameters, Substring) -> Int {
    { parameters, query in
        let id = parameters.get("id") ?? RoutingKitLookup.queryValue("id", in: query)
        blackHole(id)
        return (id?.utf8.count ?? 0) &+ index
    }
}

/// Builds the three contestants over one route set.
enum Contestants {
    /// Registers every pattern on its own, as modules calling `register` one by one do.
    static func buildURLRouter(_ patterns: [String]) -> URLRouter.Router {
        let router = URLRouter.Router()
        for (index, pattern) in patterns.enumerated() {
            do {
                try router.register(pattern, handler: readIDHandler(index))
            } catch {
                fatalError("URLRouter refused \(pattern): \(error)")
            }
        }
        return router
    }

    /// Registers every pattern in one batch (`Router.update`), as a module's start-up does.
    static func buildURLRouterInOneBatch(_ patterns: [String]) -> URLRouter.Router {
        let router = URLRouter.Router()
        do {
            try router.update { routes in
                for (index, pattern) in patterns.enumerated() {
                    try routes.register(pattern, handler: readIDHandler(index))
                }
            }
        } catch {
            fatalError("URLRouter refused a pattern: \(error)")
        }
        return router
    }

    static func buildRoutingKit(_ paths: [String]) -> TrieRouter<RoutingKitRoute> {
        let router = TrieRouter(RoutingKitRoute.self)
        for (index, path) in paths.enumerated() {
            let route = RoutingKitRoute(pattern: path, index: index, handler: routingKitReadIDHandler(index))
            router.register(route, at: path.pathComponents)
        }
        return router
    }

    /// The `Dictionary` holds its own copy of each key, as the routers hold their own patterns,
    /// so a lookup hashes and compares the bytes, as it must for a URL that comes from outside.
    /// Looking up the key's very instance, `==` returns at its first check (the same storage)
    /// without reading the key's bytes: a shortcut no real lookup gets.
    static func buildDictionary(_ urls: [String]) -> [String: Int] {
        var dictionary: [String: Int] = [:]
        dictionary.reserveCapacity(urls.count)
        for (index, url) in urls.enumerated() { dictionary[String(decoding: Array(url.utf8), as: UTF8.self)] = index }
        return dictionary
    }

    /// Whether two strings are one storage (never true of a copy): small strings, kept inline,
    /// have none and are compared by value anyway.
    static func shareStorage(_ first: String, _ second: String) -> Bool {
        guard let a = first.utf8.withContiguousStorageIfAvailable({ $0.baseAddress }),
            let b = second.utf8.withContiguousStorageIfAvailable({ $0.baseAddress })
        else { return false }
        return first.utf8.count > 15 && a == b
    }
}

/// A routing-kit lookup as its users must write it: split the URL string into components (the
/// scheme stays the first component, `app:`), route, then read parameters. `Parameters()` makes a
/// logger each time, so the benchmark copies one made in advance, which only flatters routing-kit.
struct RoutingKitLookup {
    let router: TrieRouter<RoutingKitRoute>
    let emptyParameters = Parameters()

    @inline(__always)
    func route(_ url: String, parameters: inout Parameters) -> RoutingKitRoute? {
        let path = url.split(separator: "/").map(String.init)
        return router.route(path: path, parameters: &parameters)
    }

    /// route + read `id`; returns (route index, id) for checks.
    func match(_ url: String) -> (route: Int, id: String?)? {
        var parameters = emptyParameters
        guard let route = route(url, parameters: &parameters) else { return nil }
        return (route.index, parameters.get("id"))
    }

    /// What an app does on open: split off the query, route the path, and run the handler with
    /// the query as it came, which it reads only for a name the path does not hold (as
    /// URLRouter's request does).
    func open(_ url: String) -> Int? {
        var path = Substring(url), query = Substring()
        if let mark = url.utf8.firstIndex(of: UInt8(ascii: "?")) {
            (path, query) = (url[..<mark], url[url.utf8.index(after: mark)...])
        }
        var parameters = emptyParameters
        let components = path.split(separator: "/").map(String.init)
        guard let route = router.route(path: components, parameters: &parameters) else { return nil }
        return route.handler(parameters, query)
    }

    /// The value of the last query item named `name`, found in place, as URLRouter's request
    /// finds it: no array of items, no string but the value's.
    static func queryValue(_ name: String, in query: Substring) -> String? {
        let bytes = query.utf8
        var found: Substring.UTF8View?
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
            let mark = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) ?? end
            if bytes[start..<mark].elementsEqual(name.utf8) {
                found = mark == end ? bytes[end..<end] : bytes[bytes.index(after: mark)..<end]
            }
            start = end == bytes.endIndex ? end : bytes.index(after: end)
        }
        return found.map { String(Substring($0)) }
    }
}
