import RoutingKit
import URLRouter

/// What routing-kit routes to: the route's index and a handler, as an app would keep them.
final class RoutingKitRoute: Sendable {
    let index: Int
    let handler: @Sendable (Parameters, [String: String]) -> Int

    init(index: Int, handler: @escaping @Sendable (Parameters, [String: String]) -> Int) {
        self.index = index
        self.handler = handler
    }
}

/// The handler every URLRouter route runs in the open benchmarks: it reads one parameter.
let readIDHandler: @Sendable (RouteRequest) -> Void = { request in
    blackHole(request.parameters["id"])
}

/// The routing-kit counterpart: reads the same parameter from routing-kit's parameters.
let routingKitReadIDHandler: @Sendable (Parameters, [String: String]) -> Int = { parameters, query in
    let id = parameters.get("id")
    blackHole(id)
    return id?.utf8.count ?? 0
}

/// Builds the three contestants over one route set.
enum Contestants {
    static func buildURLRouter(_ patterns: [String]) -> URLRouter.Router {
        let router = URLRouter.Router()
        for pattern in patterns {
            do {
                try router.register(pattern, handler: readIDHandler)
            } catch {
                fatalError("URLRouter refused \(pattern): \(error)")
            }
        }
        return router
    }

    static func buildRoutingKit(_ paths: [String]) -> TrieRouter<RoutingKitRoute> {
        let router = TrieRouter(RoutingKitRoute.self)
        for (index, path) in paths.enumerated() {
            router.register(RoutingKitRoute(index: index, handler: routingKitReadIDHandler), at: path.pathComponents)
        }
        return router
    }

    /// The `Dictionary` holds its own copy of each key, as the routers hold their own patterns,
    /// so a lookup hashes and compares the bytes, as it must for a URL that comes from outside.
    /// Looking up the key's very instance, `==` returns at its first check (the same storage)
    /// without reading the key's bytes: a shortcut no real lookup gets.
    static func buildDictionary(_ urls: [String]) -> [String: Int] {
        buildDictionarySharingKeys(urls.map { String(decoding: Array($0.utf8), as: UTF8.self) })
    }

    /// A `Dictionary` keyed by the given instances themselves: looked up with those same
    /// strings, it takes the shortcut above. Printed for comparison only.
    static func buildDictionarySharingKeys(_ urls: [String]) -> [String: Int] {
        var dictionary: [String: Int] = [:]
        dictionary.reserveCapacity(urls.count)
        for (index, url) in urls.enumerated() { dictionary[url] = index }
        return dictionary
    }

    /// Whether two strings are one storage (never true of a copy): small strings, kept inline,
    /// have none and are compared by value anyway.
    static func shareStorage(_ first: String, _ second: String) -> Bool {
        guard let a = first.utf8.withContiguousStorageIfAvailable({ $0.baseAddress }),
              let b = second.utf8.withContiguousStorageIfAvailable({ $0.baseAddress }) else { return false }
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

    /// What an app does on open: split off the query, route the path, split the query into
    /// name/value pairs, and run the handler.
    func open(_ url: String) -> Int? {
        var path = Substring(url)
        var query: [String: String] = [:]
        if let mark = url.firstIndex(of: "?") {
            path = url[..<mark]
            for item in url[url.index(after: mark)...].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                query[String(pair[0])] = pair.count > 1 ? String(pair[1]) : ""
            }
        }
        var parameters = emptyParameters
        let components = path.split(separator: "/").map(String.init)
        guard let route = router.route(path: components, parameters: &parameters) else { return nil }
        return route.handler(parameters, query)
    }
}
