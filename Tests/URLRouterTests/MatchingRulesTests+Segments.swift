import Testing
import URLRouter

/// Wildcards, optional groups, scheme-less patterns, case, slashes and non-ASCII literals.
extension MatchingRulesTests {
    @Test func singleWildcardTakesOneSegmentAndCapturesNothing() throws {
        let router = try patternEchoRouter(["a/*/c"])
        #expect(winner(router, "x://a/anything/c") == "a/*/c")
        #expect(winner(router, "x://a/b%2Fd/c") == "a/*/c")
        #expect(winner(router, "x://a/b/d/c") == nil)
        #expect(winner(router, "x://a/c") == nil)
        let match = try #require(router.match("x://a/anything/c?q=1"))
        #expect(match.parameters.path.isEmpty)
        #expect(match.parameters["*"] == nil)
        #expect(match.wildcard.isEmpty)
    }

    struct CatchAllCase: Sendable, CustomTestStringConvertible {
        let url: String
        let wildcard: [String]
        var testDescription: String { url }
    }

    static let catchAllCases: [CatchAllCase] = [
        CatchAllCase(url: "x://files/a/b%2Fc/d%20e", wildcard: ["a", "b/c", "d e"]),
        CatchAllCase(url: "x://files", wildcard: []),
        CatchAllCase(url: "x://files/", wildcard: []),
        CatchAllCase(url: "x://files//a//b/?q=1#f", wildcard: ["a", "b"]),
        CatchAllCase(url: "x://files/%E5%AE%B6/100%/%zz", wildcard: ["家", "100%", "%zz"]),
        CatchAllCase(url: "x://files/a+b", wildcard: ["a+b"]),
    ]

    @Test(arguments: catchAllCases)
    func catchAllTakesTheRestDecoded(_ test: CatchAllCase) throws {
        let router = Router()
        let seen = Slot<[String]>()
        try router.register("files/**") { request in seen.set(request.wildcard) }
        #expect(router.open(test.url))
        #expect(seen.get == test.wildcard)
        #expect(router.match(test.url)?.wildcard == test.wildcard)
    }

    @Test func schemeFallbackTakesEverySegmentAsWildcard() throws {
        let router = Router()
        try router.registerObject("shop://") { $0.wildcard }
        try router.registerObject("shop://item/:id") { $0.wildcard }
        #expect(router.object(for: "shop://a/b%2Fc") as? [String] == ["a", "b/c"])
        #expect(router.object(for: "shop://") as? [String] == [])
        #expect(router.object(for: "shop://item/1") as? [String] == [])
    }

    static let optionalGroupURLs: [(url: String, thing: String?, x: String?)] = [
        ("/path/1", "1", nil),
        ("/path/1/new", "1", nil),
        ("/path/1/more/2", "1", "2"),
        ("/path/1/new/more/2", "1", "2"),
        ("/path/1/more", nil, nil),
        ("/path/1/new/more", nil, nil),
        ("/path/1/more/2/new", nil, nil),
        ("/path", nil, nil),
    ]

    @Test(arguments: optionalGroupURLs)
    func optionalGroupsRegisterEveryCombination(_ url: String, _ thing: String?, _ x: String?) throws {
        let router = Router()
        try router.registerObject("/path/:thing(/new)(/more/:x)") { request in
            "\(request.parameters["thing"] ?? "-") \(request.parameters["x"] ?? "-")"
        }
        #expect(router.routes.map(\.pattern) == ["/path/:thing(/new)(/more/:x)"])
        let expected = thing.map { "\($0) \(x ?? "-")" }
        #expect(router.object(for: url) as? String == expected)
        #expect(router.match(url)?.pattern == (thing == nil ? nil : "/path/:thing(/new)(/more/:x)"))
    }

    @Test(arguments: ["a://item/1", "b://item/1", "item/1", "/item/1", "tel:item/1", "HTTPS://ITEM/1"])
    func schemeLessPatternsServeEveryScheme(_ url: String) throws {
        let router = try patternEchoRouter(["item/:id"])
        #expect(winner(router, url) == "item/:id")
        #expect(router.match(url)?.parameters["id"] == "1")
    }

    /// A pattern, a URL, and whether they match under the default options and under
    /// `caseInsensitivePaths`.
    struct CaseRule: Sendable, CustomTestStringConvertible {
        let pattern: String
        let url: String
        let matches: Bool
        let matchesInsensitive: Bool
        init(_ pattern: String, _ url: String, _ matches: Bool, _ matchesInsensitive: Bool) {
            self.pattern = pattern
            self.url = url
            self.matches = matches
            self.matchesInsensitive = matchesInsensitive
        }
        var testDescription: String { "\(url) against \(pattern)" }
    }

    static let caseRules: [CaseRule] = [
        CaseRule("shop://item/:id", "SHOP://ITEM/1", true, true),
        CaseRule("Shop://Item/:id", "shop://iTeM/1", true, true),
        CaseRule("shop://item/edit", "shop://item/EDIT", false, true),
        CaseRule("shop://item/Edit", "shop://item/Edit", true, true),
        CaseRule("shop://item/Edit", "shop://item/edit", false, true),
        CaseRule("shop://item/edit", "shop://item/%45DIT", false, true),
        CaseRule("shop://%49tem/x", "shop://ITEM/x", true, true),
        CaseRule("item/edit", "x://ITEM/edit", true, true),
        CaseRule("item/edit", "ITEM/edit", true, true),
        CaseRule("item/edit", "x://item/Edit", false, true),
        CaseRule("tel:abc", "TEL:ABC", true, true),
        CaseRule("tel:abc/def", "tel:abc/DEF", false, true),
        CaseRule("shop://item/:n.html", "shop://item/a.HTML", false, false),
        CaseRule("shop://item/:n.HTML", "shop://item/a.html", false, false),
        CaseRule("shop://item/:n.html", "shop://item/A.html", true, true),
        CaseRule("shop://straße/x", "shop://STRASSE/x", false, false),
        CaseRule("shop://é/x", "shop://É/x", false, false),
    ]

    @Test(arguments: caseRules)
    func caseComparison(_ test: CaseRule) throws {
        let sensitive = try patternEchoRouter([test.pattern])
        #expect(winner(sensitive, test.url) == (test.matches ? test.pattern : nil))
        let insensitive = try patternEchoRouter([test.pattern], options: .init(caseInsensitivePaths: true))
        #expect(winner(insensitive, test.url) == (test.matchesInsensitive ? test.pattern : nil))
    }

    @Test func capturedValuesKeepTheirCase() throws {
        let router = Router(options: .init(caseInsensitivePaths: true))
        try router.registerObject("shop://:host/:id") { "\($0.parameters["host"]!) \($0.parameters["id"]!)" }
        #expect(router.object(for: "SHOP://MiXeD/AbC") as? String == "MiXeD AbC")
    }

    @Test func caseInsensitivePathsStillRefuseConflictsThatDifferOnlyInCase() throws {
        let router = Router(options: .init(caseInsensitivePaths: true))
        try router.register("shop://item/edit") { _ in }
        #expect(caught { try router.register("shop://ITEM/EDIT") { _ in } }?.code == .conflict)
        let sensitive = Router()
        try sensitive.register("shop://item/edit") { _ in }
        #expect(caught { try sensitive.register("SHOP://ITEM/edit") { _ in } }?.code == .conflict)
        try sensitive.register("shop://item/EDIT") { _ in }
    }

    struct SlashCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let url: String
        var testDescription: String { "\(url) against \(pattern)" }
    }

    static let slashCases: [SlashCase] = [
        SlashCase(pattern: "a/b", url: "a/b"),
        SlashCase(pattern: "a/b", url: "/a/b"),
        SlashCase(pattern: "a/b", url: "a/b/"),
        SlashCase(pattern: "a/b", url: "//a//b//"),
        SlashCase(pattern: "a/b", url: "x://a///b"),
        SlashCase(pattern: "//a//b//", url: "a/b"),
        SlashCase(pattern: "/a/b/", url: "x://a/b"),
        SlashCase(pattern: "shop://item/:id", url: "shop://item//42/"),
        SlashCase(pattern: "shop://item/:id", url: "shop:///item/42"),
        SlashCase(pattern: "shop://item/:id", url: "shop:item/42"),
        SlashCase(pattern: "shop:item/:id", url: "shop://item/42"),
        SlashCase(pattern: "shop://item//:id//", url: "shop://item/42?x=/a//b"),
    ]

    @Test(arguments: slashCases)
    func slashesMeanNothing(_ test: SlashCase) throws {
        let router = try patternEchoRouter([test.pattern])
        #expect(winner(router, test.url) == test.pattern)
    }

    static let nonASCII: [(pattern: String, url: String)] = [
        ("shop://家居/列表", "shop://家居/列表"),
        ("shop://家居/列表", "shop://%E5%AE%B6%E5%B1%85/%E5%88%97%E8%A1%A8"),
        ("shop://家居/列表", "shop://%e5%ae%b6%e5%b1%85/%e5%88%97%e8%a1%a8"),
        ("shop://%E5%AE%B6%E5%B1%85/%E5%88%97%E8%A1%A8", "shop://家居/列表"),
        ("shop://%E5%AE%B6%E5%B1%85/%E5%88%97%E8%A1%A8", "shop://%E5%AE%B6%E5%B1%85/%E5%88%97%E8%A1%A8"),
        ("a%20b/c", "x://a b/c"),
        ("a b/c", "x://a%20b/c"),
        ("x://café/🎉", "x://caf%C3%A9/%F0%9F%8E%89"),
        ("x://caf%C3%A9/%F0%9F%8E%89", "x://café/🎉"),
    ]

    @Test(arguments: nonASCII)
    func nonASCIILiteralsEncodedOrRawOnEitherSide(_ pattern: String, _ url: String) throws {
        let router = try patternEchoRouter([pattern, "shop://家具/列表", "x://cafe/🎉", "x://café/🎊"])
        #expect(winner(router, url) == pattern)
    }

    @Test func differentNonASCIILiteralsStayDifferent() throws {
        let router = try patternEchoRouter(["shop://家居", "shop://家具", "shop://x/é", "shop://x/è", "shop://x/e"])
        #expect(winner(router, "shop://家居") == "shop://家居")
        #expect(winner(router, "shop://%E5%AE%B6%E5%85%B7") == "shop://家具")
        #expect(winner(router, "shop://x/%C3%A9") == "shop://x/é")
        #expect(winner(router, "shop://x/è") == "shop://x/è")
        #expect(winner(router, "shop://x/e") == "shop://x/e")
        #expect(winner(router, "shop://家") == nil)
        #expect(router.routes.count == 5)
    }
}

extension MatchingRulesTests {
    /// Escapes that decode to invalid UTF-8 stay as they are written, in a literal as in a
    /// suffix: a pattern takes the URL that spells them the same way, and no other.
    @Test(arguments: [("x://a/%FF", "x://a/%FF"), ("x://a/:id.%FF", "x://a/42.%FF"), ("x://a/%C3", "x://a/%C3")])
    func nonUTF8BytesInAPatternMatchTheSameBytesInAURL(_ pattern: String, _ url: String) throws {
        let router = try patternEchoRouter([pattern, "x://a/:other"])
        #expect(winner(router, url) == pattern)
        #expect(winner(router, url.lowercased()) == "x://a/:other")
    }
}
