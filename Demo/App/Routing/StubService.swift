import Dispatch

/// A stand-in for the router while the library is being written: a handful of routes shaped
/// like the demo modules' ones, matched naively. Replaced by the real router wiring.
struct StubService: DeepLinkService {
    private struct Route {
        var pattern: String
        var internalOnly = false
        var delay: Double = 0
        var result: @Sendable ([String: String]) -> JSONValue
    }

    private let table: [Route] = [
        Route(pattern: "shop://item/:id<int>") { .string("item \($0["id"] ?? "?")") },
        Route(pattern: "shop://category/**") { _ in .string("category") },
        Route(pattern: "account://session/refresh", delay: 0.25) { _ in .string("session refreshed") },
        Route(pattern: "account://debug/reset", internalOnly: true) { _ in .string("reset") },
        Route(pattern: "settings://theme/:name") { .object([("theme", .string($0["name"] ?? ""))]) },
        Route(pattern: "shop://") { _ in .string("shop home") },
    ]

    var externalSchemes: [String] { ["account", "settings", "shop"] }

    var routes: [RouteListing] {
        table.map {
            RouteListing(pattern: $0.pattern, module: "Stub", kind: "handler", reaches: "stub",
                         internalOnly: $0.internalOnly)
        }.sorted { $0.pattern < $1.pattern }
    }

    func explain(_ url: String, source: LinkSource) -> String {
        "stub router: \(url) → \(match(url)?.route.pattern ?? "no match")"
    }

    func canOpen(_ url: String, source: LinkSource) -> Bool {
        guard let route = match(url)?.route else { return false }
        return source == .local || !route.internalOnly
    }

    func open(_ url: String, source: LinkSource, reply: @escaping @Sendable (Reply) -> Void) {
        let scheme = url.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        if source == .external && !externalSchemes.contains(scheme) {
            return reply(.failed(.refused(url, reason: "scheme '\(scheme)' is not accepted from outside")))
        }
        guard let (route, parameters) = match(url) else { return reply(.failed(.notFound(url))) }
        if route.internalOnly && source == .external {
            return reply(.failed(.refused(url, reason: "\(route.pattern) is internal")))
        }
        let answer = Reply.routed(pattern: route.pattern, parameters: parameters, result: route.result(parameters))
        if route.delay > 0 {
            DispatchQueue.global().asyncAfter(deadline: .now() + route.delay) { reply(answer) }
        } else {
            reply(answer)
        }
    }

    private func match(_ url: String) -> (route: Route, parameters: [String: String])? {
        let parts = url.split(separator: "?", maxSplits: 1)
        var parameters: [String: String] = [:]
        for item in parts.dropFirst().first?.split(separator: "&") ?? [] {
            let pair = item.split(separator: "=", maxSplits: 1)
            parameters[String(pair[0])] = pair.count > 1 ? String(pair[1]) : ""
        }
        let path = parts.first.map(String.init) ?? ""
        for route in table {
            if let captures = Self.match(route.pattern, path) {
                return (route, parameters.merging(captures) { _, path in path })
            }
        }
        return nil
    }

    private static func match(_ pattern: String, _ path: String) -> [String: String]? {
        let split = { (text: String) in text.split(separator: "://", maxSplits: 1).map(String.init) }
        let (p, u) = (split(pattern), split(path))
        guard p.count == 2, u.count == 2, p[0] == u[0] else { return nil }
        let ps = p[1].split(separator: "/"), us = u[1].split(separator: "/")
        if ps.isEmpty { return [:] }
        var captures: [String: String] = [:]
        for (index, segment) in ps.enumerated() {
            if segment == "**" { return captures }
            guard index < us.count else { return nil }
            if segment.hasPrefix(":") {
                let name = segment.dropFirst().prefix { $0 != "<" }
                if segment.hasSuffix("<int>") && Int(us[index]) == nil { return nil }
                captures[String(name)] = String(us[index])
            } else if segment != us[index] {
                return nil
            }
        }
        return ps.count == us.count ? captures : nil
    }
}
