import Foundation
import Testing

@testable import URLRouter

/// A typed route that writes its scheme although it lists link origins: registering it is refused, and so must be
/// printing a link for it.
private struct FullPatternWithOrigins: URLRoute {
    static let pattern = "shop://item/:id"
    static let origins: [LinkOrigin] = [.scheme("shop")]
    var id: String
}

private struct SlashPathWithOrigins: URLRoute {
    static let pattern = "/item/:id"
    static let origins: [LinkOrigin] = [.web("shop.example.com")]
    var id: String
}

/// A path with link origins is written alone: registration, generation for an origin, typed generation and route
/// tables refuse a path with a scheme or a leading `/` with one message, naming the path. An `http` or `https` scheme
/// origin is told to list its host.
@Suite struct LinkOriginMessageTests {
    @Test(arguments: ["shop://item/:id", "/item/:id", "", "x:y/:id"])
    func generationForAnOriginRefusesWhatRegistrationRefuses(path: String) throws {
        let router = Router()
        try router.register("item/:id", origins: [.scheme("shop")]) { _ in }
        let registered = try #require(caught { try router.register(path, origins: [.scheme("shop")]) { _ in } })
        let generated = try #require(
            caught { try router.url(for: path, parameters: ["id": "1"], origin: .scheme("shop")) })
        #expect(registered.code == .invalidPattern)
        #expect(generated == registered, "\(generated.message)")
        #expect(generated.message.hasPrefix("Invalid pattern \(RouteError.quoted(path)): with link origins"))
        #expect(router.routes.map(\.description) == ["item/:id [shop]"])
    }

    @Test func typedGenerationRefusesAPatternWithASchemeAndOrigins() throws {
        let router = Router()
        let registered = try #require(caught { try router.register(FullPatternWithOrigins.self) { _, _ in } })
        #expect(registered.message.contains("write the path alone"), "\(registered.message)")
        for origin in [nil, LinkOrigin.scheme("shop")] {
            let printed = caught { try router.url(for: FullPatternWithOrigins(id: "1"), origin: origin) }
            #expect(printed == registered, "\(String(describing: printed))")
        }
        let slash = caught { try router.url(for: SlashPathWithOrigins(id: "1")) }
        #expect(slash?.code == .invalidPattern)
        #expect(slash?.message.hasPrefix(#"Invalid pattern "/item/:id": with link origins"#) == true)
        #expect(router.routes.isEmpty)
    }

    /// `http` is never an origin: a web origin serves `https` only, so the message points to the host, also when the
    /// whole link is written as a scheme.
    /// A path that does not parse is quoted as written, not as one origin's full pattern, in code and in a route table.
    @Test(arguments: ["item?x", "item/:id(", "item/:id<money>", "item/:", "item/:é"])
    func aBadPathIsQuotedAsWritten(path: String) throws {
        let router = Router()
        let origins: [LinkOrigin] = [.scheme("shop"), .web("a.example")]
        let error = try #require(caught { try router.register(path, origins: origins) { _ in } })
        #expect(error.code == .invalidPattern)
        #expect(error.message.hasPrefix("Invalid pattern \(RouteError.quoted(path)): "), "\(error.message)")
        let row = #"[{"pattern": "\#(path)", "target": "T", "action": "a", "origins": ["shop"]}]"#
        let table = try #require(caught { try router.loadRouteTable(from: Data(row.utf8), on: Mediator()) })
        #expect(table.message.contains("Invalid pattern \(RouteError.quoted(path))"), "\(table.message)")
        #expect(router.routes.isEmpty)
    }

    @Test(arguments: ["http", "HTTPS", "http://shop.example.com", "https://shop.example.com", "Http:"])
    func aWebSchemeAsAnOriginPointsToTheHost(scheme: String) throws {
        let router = Router()
        try router.register("shop://cart") { _ in }
        let error = try #require(caught { try router.register("item/:id", origins: [.scheme(scheme)]) { _ in } })
        #expect(error.code == .invalidPattern)
        #expect(
            error.message
                == "Invalid pattern \"item/:id\": the origin \(RouteError.quoted(scheme)) has a web scheme; list its "
                + #"host as .web("host") ("https://host" in a route table), which serves https only."#)
        #expect(router.routes.map(\.pattern) == ["shop://cart"])
    }

    @Test func aRouteTableRowWithAnHTTPOriginGetsTheSameAdvice() throws {
        let router = Router()
        let json = #"[{"pattern": "item/:id", "target": "T", "action": "a", "origins": ["http://shop.example.com"]}]"#
        let error = try #require(caught { try router.loadRouteTable(from: json, on: Mediator()) })
        #expect(error.code == .invalidRouteTable)
        #expect(error.message.contains(#"row 1, line 1: Invalid pattern "item/:id": the origin "http://shop"#))
        #expect(error.message.hasSuffix(#"("https://host" in a route table), which serves https only."#))
        #expect(router.routes.isEmpty)
    }
}

/// A route table cannot replace a route, so a row that conflicts with a route registered before the load is told to
/// deregister it, not to pass `replacing: true`, which no row can say.
@Suite struct RouteTableConflictAdviceTests {
    static let row = #"[{"pattern": "shop://item/:name", "target": "Shop", "action": "show"}]"#

    @Test func aRowThatConflictsWithARegisteredRouteIsToldToDeregisterIt() throws {
        let router = Router()
        try router.registerObject("shop://item/:id") { _ in "kept" }
        let error = try #require(caught { try router.loadRouteTable(from: Self.row, on: Mediator()) })
        #expect(error.code == .invalidRouteTable)
        #expect(
            error.message
                == #"Route table rejected: row 1, line 1: Pattern "shop://item/:name" conflicts with the registered "#
                + #"pattern "shop://item/:id": they have the same shape. Deregister it before loading."#)
        #expect(router.object(for: "shop://item/1") as? String == "kept")
    }

    @Test func inABatchTheSameAdviceHolds() throws {
        let router = Router()
        try router.registerObject("shop://item/:id") { _ in "kept" }
        let error = try #require(
            caught {
                try router.update { routes throws(RouteError) in
                    try routes.loadRouteTable(from: Data(Self.row.utf8), on: Mediator())
                }
            })
        #expect(error.message.hasSuffix("Deregister it before loading."), "\(error.message)")
        #expect(!error.message.contains("replacing"))
        #expect(router.routes.map(\.pattern) == ["shop://item/:id"])
    }

    @Test func registeringInCodeKeepsItsAdvice() throws {
        let router = Router()
        try router.register("shop://item/:id") { _ in }
        let error = try #require(caught { try router.register("shop://item/:name") { _ in } })
        #expect(error.message.hasSuffix("Deregister it first or register with replacing: true."))
    }
}
