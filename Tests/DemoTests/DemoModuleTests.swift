import Foundation
import Testing

/// A link, the pattern that must win, and what happens to it from inside and from outside.
struct RouteKindCase: CustomTestStringConvertible, Sendable {
    var kind: String
    var url: String
    var pattern: String
    /// nil: routed from outside too; else the error code an external open gets.
    var externalError: String? = nil

    var testDescription: String { "\(kind): \(url)" }
}

@Suite("The demo modules: every kind of route, reached in-process and from outside")
struct DemoModuleTests {
    static let kinds: [RouteKindCase] = [
        RouteKindCase(kind: "plain handler, typed placeholder", url: "shop://item/7", pattern: "shop://item/:id<int>"),
        RouteKindCase(
            kind: "typed placeholder that does not convert falls to the fallback", url: "shop://item/abc",
            pattern: "shop://"),
        RouteKindCase(
            kind: "object handler", url: "shop://item/42/view?ref=mail", pattern: "shop://item/:id<int>/view"),
        RouteKindCase(kind: "** with segments", url: "shop://category/kitchen/cups", pattern: "shop://category/**"),
        RouteKindCase(kind: "** with none", url: "shop://category", pattern: "shop://category/**"),
        RouteKindCase(kind: "scheme fallback", url: "shop://no/such/page", pattern: "shop://"),
        RouteKindCase(kind: "bridged target-action", url: "shop://checkout", pattern: "shop://checkout"),
        RouteKindCase(
            kind: "bridged native action", url: "shop://cart/clear", pattern: "shop://cart/clear",
            externalError: "refused"),
        RouteKindCase(
            kind: "internal-only route", url: DemoLinks.internalOnly, pattern: "account://debug/reset",
            externalError: "refused"),
        RouteKindCase(
            kind: "result through the completion later", url: DemoLinks.slow, pattern: "account://session/refresh"),
        RouteKindCase(
            kind: "target found by name only", url: "settings://theme/dark", pattern: "settings://theme/:name<theme>"),
        RouteKindCase(kind: "scheme-less pattern beats the fallback", url: "shop://about", pattern: "/about"),
        RouteKindCase(
            kind: "module reaching another through the mediator", url: "account://profile/ada",
            pattern: "account://profile/:user"),
    ]

    @Test(arguments: kinds)
    func routeKind(_ testCase: RouteKindCase) throws {
        let local = try DeepLinkBinary.run(["open", "--json", testCase.url])
        #expect(local.status == 0, "\(local.stdout)\(local.stderr)")
        let reply = try ReplyLine(local.stdout.trimmingCharacters(in: .newlines))
        #expect(reply.pattern == testCase.pattern, "\(local.stdout)")
        let external = try DeepLinkBinary.run(["open", "--external", "--json", testCase.url])
        let externalReply = try ReplyLine(external.stdout.trimmingCharacters(in: .newlines))
        #expect(externalReply.error == testCase.externalError, "\(external.stdout)")
        #expect(external.status == (testCase.externalError == nil ? 0 : 1))
    }

    @Test func modulesShareStateInTheDaemonAndReachEachOtherThroughURLsAndTheMediator() throws {
        let daemon = try RunningDaemon()
        let client = try daemon.connect()
        func result(_ url: String) throws -> [String: Any] {
            let reply = try ReplyLine(client.request("OPEN \(url)"))
            #expect(reply.ok, "\(reply.object)")
            return reply.object["result"] as? [String: Any] ?? [:]
        }
        #expect(try result("shop://cart/add/7")["count"] as? Int == 1)
        #expect(try result("shop://cart/add/42")["count"] as? Int == 2)
        // Account asks the Shop through the mediator, by name.
        #expect(try result("account://profile/ada")["cartItems"] as? Int == 2)
        // From outside, the Shop's native action is refused...
        #expect(try ReplyLine(client.request("OPEN shop://cart/clear")).error == "refused")
        // ...but Account, inside the app, reaches it by opening the same URL.
        #expect(try result("account://logout")["cartItemsRemoved"] as? Int == 2)
        #expect(try result("shop://checkout")["status"] as? String == "empty cart")
        // The theme is kept by a target the mediator found by name.
        #expect(try result("settings://theme/light")["theme"] as? String == "light")
        #expect(try result("settings://theme")["theme"] as? String == "light")
        #expect(try result("account://about")["theme"] as? String == "light")
    }

    @Test func routesAttributesEveryPatternToItsModule() throws {
        let result = try DeepLinkBinary.run(["routes", "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let modules = Set(rows.compactMap { $0["module"] as? String })
        #expect(modules == ["Shop", "Account", "Settings", "App"])
        let kinds = Set(rows.compactMap { $0["kind"] as? String })
        #expect(kinds == ["handler", "object", "target-action", "fallback"])
        for row in rows {
            #expect((row["reaches"] as? String)?.isEmpty == false, "no description for \(row["pattern"] ?? "?")")
            let pattern = row["pattern"] as? String ?? ""
            let module = row["module"] as? String ?? ""
            if pattern.hasPrefix("shop://") { #expect(module == "Shop") }
            if pattern.hasPrefix("account://") { #expect(module == "Account") }
            if pattern.hasPrefix("settings://") { #expect(module == "Settings") }
        }
        #expect(
            rows.filter { $0["internal"] as? Bool == true }.compactMap { $0["pattern"] as? String } == [
                "account://debug/reset"
            ])
    }

    @Test func explainSaysWhyALinkFromOutsideIsRefused() throws {
        let internalOnly = try DeepLinkBinary.run(["explain", "--external", DemoLinks.internalOnly])
        #expect(
            internalOnly.stdout.contains(
                "external  refused: Refused \"account://debug/reset\": \"account://debug/reset\" is internal only.\n"),
            "\(internalOnly.stdout)")
        let native = try DeepLinkBinary.run(["explain", "--external", "shop://cart/clear"])
        #expect(
            native.stdout.contains(
                "external  refused: Refused \"shop://cart/clear\": the action \"nativeClearCart\" starts with \"native\""
            ),
            "\(native.stdout)")
        let foreign = try DeepLinkBinary.run(["explain", "--external", DemoLinks.foreignScheme])
        #expect(foreign.status == 1)
        let accepted = try DeepLinkBinary.run(["explain", "--external", DemoLinks.item])
        #expect(accepted.stdout.contains("\nexternal  accepted\n"), "\(accepted.stdout)")
    }
}

extension DemoModuleTests {
    /// The Settings module's own placeholder type takes the known themes only: another name matches no route, and
    /// `explain` says why, naming the type.
    @Test(arguments: ["neon", "Dark", "dark.css"])
    func anUnknownThemeMatchesNoRouteAndExplainSaysWhy(_ name: String) throws {
        let open = try DeepLinkBinary.run(["open", "--json", "settings://theme/\(name)"])
        #expect(open.status == 1, "\(open.stdout)\(open.stderr)")
        #expect(try ReplyLine(open.stdout.trimmingCharacters(in: .newlines)).error == "not_found", "\(open.stdout)")
        let explain = try DeepLinkBinary.run(["explain", "settings://theme/\(name)"])
        #expect(explain.status == 1)
        #expect(explain.stdout.contains("segment 2: \"\(name)\" is not of type theme"), "\(explain.stdout)")
    }
}
