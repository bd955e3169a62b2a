import Testing
import URLRouter

/// Which route wins: complete matches, priority, tiers, specificity, backtracking, types,
/// wildcards, optional groups, case and slashes.
@Suite struct MatchingRulesTests {
    /// Patterns registered in order, a URL, and the pattern that must win (nil: no match).
    struct WinnerCase: Sendable, CustomTestStringConvertible {
        let patterns: [String]
        let url: String
        let winner: String?
        init(_ patterns: [String], _ url: String, _ winner: String?) {
            self.patterns = patterns
            self.url = url
            self.winner = winner
        }
        var testDescription: String { "\(url) among \(patterns) → \(winner ?? "nothing")" }
    }

    static let completeMatches: [WinnerCase] = [
        WinnerCase(["shop://item/:id"], "shop://item/42", "shop://item/:id"),
        WinnerCase(["shop://item/:id"], "shop://item", nil),
        WinnerCase(["shop://item/:id"], "shop://item/42/extra", nil),
        WinnerCase(["shop://item", "shop://item/:id"], "shop://item/1/2", nil),
        WinnerCase(["shop://item", "shop://item/:id"], "shop://item", "shop://item"),
        WinnerCase(["a/b/c"], "x://a/c", nil),
        WinnerCase(["a/b/c"], "x://a/b", nil),
        WinnerCase(["a/:x/c"], "x://a/c", nil),
        WinnerCase(["a/*/c"], "x://a/c", nil),
        WinnerCase(["shop://item/**"], "shop://item/1/2", "shop://item/**"),
        WinnerCase(["shop://item/:id", "shop://"], "shop://item/1/2", "shop://"),
        WinnerCase(["shop://item/:id"], "shop://other", nil),
    ]

    static let tiers: [WinnerCase] = [
        WinnerCase(["item/:id", "shop://item/:id"], "shop://item/1", "shop://item/:id"),
        WinnerCase(["item/:id", "shop://item/:id"], "SHOP://item/1", "shop://item/:id"),
        WinnerCase(["item/:id", "shop://item/:id"], "mall://item/1", "item/:id"),
        WinnerCase(["shop://", "item/:id"], "shop://item/1", "item/:id"),
        WinnerCase(["shop://", "item/:id"], "shop://other/1", "shop://"),
        WinnerCase(["shop://", "item/:id"], "shop://", "shop://"),
        WinnerCase(["shop://", "item/:id"], "shop:", "shop://"),
        WinnerCase(["shop://", "item/:id"], "mall://other", nil),
        WinnerCase(["item/**", "shop://item/:id"], "shop://item/1", "shop://item/:id"),
        WinnerCase(["item/:id", "shop://**"], "shop://item/1", "shop://**"),
        WinnerCase(["item/:id", "shop://:a/:b/:c"], "shop://item/1", "item/:id"),
        WinnerCase(["shop://item/:id/edit", "item/:id/view"], "shop://item/1/view", "item/:id/view"),
        WinnerCase(["shop://item/:id"], "item/1", nil),
        WinnerCase(["shop://item/:id"], "/item/1", nil),
        WinnerCase(["shop://item/:id", "item/:id"], "/item/1", "item/:id"),
        WinnerCase(["shop://"], "item/1", nil),
        WinnerCase(["/**"], "any://thing/at/all", "/**"),
        WinnerCase(["/**"], "", "/**"),
    ]

    static let specificity: [WinnerCase] = [
        // literal > suffix > typed > plain > * > **, in both registration orders
        WinnerCase(["a/:x.html", "a/b.html"], "x://a/b.html", "a/b.html"),
        WinnerCase(["a/b.html", "a/:x.html"], "x://a/c.html", "a/:x.html"),
        WinnerCase(["a/:x<double>", "a/:x.5"], "x://a/1.5", "a/:x.5"),
        WinnerCase(["a/:x.5", "a/:x<double>"], "x://a/1.25", "a/:x<double>"),
        WinnerCase(["a/:x<int>", "a/:x.json"], "x://a/42.json", "a/:x.json"),
        WinnerCase(["a/:x", "a/:x<int>"], "x://a/42", "a/:x<int>"),
        WinnerCase(["a/:x<int>", "a/:x"], "x://a/abc", "a/:x"),
        WinnerCase(["a/*", "a/:x"], "x://a/b", "a/:x"),
        WinnerCase(["a/**", "a/*"], "x://a/b", "a/*"),
        WinnerCase(["a/**", "a/*"], "x://a/b/c", "a/**"),
        WinnerCase(["a/**", "a/:x", "a/*", "a/:x<int>", "a/:x.json", "a/:x<int>.json", "a/1.json"], "x://a/1.json", "a/1.json"),
        WinnerCase(["a/**", "a/:x", "a/*", "a/:x<int>", "a/:x.json", "a/:x<int>.json"], "x://a/1.json", "a/:x<int>.json"),
        WinnerCase(["a/**", "a/:x", "a/*", "a/:x<int>", "a/:x.json"], "x://a/1.json", "a/:x.json"),
        WinnerCase(["a/**", "a/:x", "a/*", "a/:x<int>"], "x://a/1", "a/:x<int>"),
        WinnerCase(["a/**", "a/:x", "a/*"], "x://a/1", "a/:x"),
        // left to right: the first difference decides
        WinnerCase(["a/:x/c", "a/b/:y"], "x://a/b/c", "a/b/:y"),
        WinnerCase(["a/b/:y", "a/:x/c"], "x://a/b/c", "a/b/:y"),
        WinnerCase(["a/*/c", "a/:x/:y"], "x://a/b/c", "a/:x/:y"),
        WinnerCase(["a/:x/**", "a/*/c"], "x://a/b/c", "a/:x/**"),
        WinnerCase(["a/:x", "a/b/**"], "x://a/b", "a/b/**"),
        // a pattern that ends beats one whose ** matches nothing
        WinnerCase(["a/b/**", "a/b"], "x://a/b", "a/b"),
        WinnerCase(["a/b/**", "a/b"], "x://a/b/c", "a/b/**"),
        WinnerCase(["a/:x/**", "a/:x"], "x://a/b/", "a/:x"),
        // ties left go to the earlier registration
        WinnerCase(["a/:x<int>", "a/:x<double>"], "x://a/42", "a/:x<int>"),
        WinnerCase(["a/:x<double>", "a/:x<int>"], "x://a/42", "a/:x<double>"),
        WinnerCase(["a/:x<double>", "a/:x<int>"], "x://a/4.2", "a/:x<double>"),
        WinnerCase(["a/:x<int>", "a/:x<double>"], "x://a/4.2", "a/:x<double>"),
    ]

    static let backtracking: [WinnerCase] = [
        WinnerCase(["a/:x/c", "a/b/d"], "x://a/b/c", "a/:x/c"),
        WinnerCase(["a/:x/c", "a/b/d"], "x://a/b/d", "a/b/d"),
        WinnerCase(["a/b/d", "a/:x/c"], "x://a/b/c", "a/:x/c"),
        WinnerCase(["a/:x<int>/c", "a/:y/d"], "x://a/1/d", "a/:y/d"),
        WinnerCase(["a/:x.json/c", "a/:y/d"], "x://a/1.json/d", "a/:y/d"),
        WinnerCase(["a/b/c/d", "a/:x/c/e", "a/*/:z/f", "a/**"], "x://a/b/c/d", "a/b/c/d"),
        WinnerCase(["a/b/c/d", "a/:x/c/e", "a/*/:z/f", "a/**"], "x://a/b/c/e", "a/:x/c/e"),
        WinnerCase(["a/b/c/d", "a/:x/c/e", "a/*/:z/f", "a/**"], "x://a/b/c/f", "a/*/:z/f"),
        WinnerCase(["a/b/c/d", "a/:x/c/e", "a/*/:z/f", "a/**"], "x://a/b/c/g", "a/**"),
        WinnerCase(["a/b/c/d", "a/:x/c/e", "a/*/:z/f"], "x://a/b/c/g", nil),
        WinnerCase(["shop://item/x", "shop://:host/y"], "shop://item/y", "shop://:host/y"),
        WinnerCase(["shop://item/x", "item/y"], "shop://item/y", "item/y"),
        WinnerCase(["shop://item/:id/edit", "shop://"], "shop://item/1/view", "shop://"),
        WinnerCase(["a/b/c/**", "a/:x"], "x://a/b", "a/:x"),
    ]

    @Test(arguments: completeMatches + tiers + specificity + backtracking)
    func theRightPatternWins(_ test: WinnerCase) throws {
        let router = try patternEchoRouter(test.patterns)
        #expect(winner(router, test.url) == test.winner)
    }

    @Test func higherPriorityWinsWhateverTheTierOrSpecificity() throws {
        let router = Router()
        try router.registerObject("shop://item/:id") { $0.pattern }
        try router.registerObject("shop://item/new") { $0.pattern }
        #expect(router.object(for: "shop://item/new") as? String == "shop://item/new")
        try router.registerObject("shop://item/:id<int>", priority: -1) { $0.pattern }
        #expect(router.object(for: "shop://item/1") as? String == "shop://item/:id")
        try router.registerObject("item/**", priority: 5) { $0.pattern }
        #expect(router.object(for: "shop://item/new") as? String == "item/**")
        try router.registerObject("shop://", priority: 6) { $0.pattern }
        #expect(router.object(for: "shop://item/new") as? String == "shop://")
        try router.registerObject("shop://item/*", priority: 7) { $0.pattern }
        #expect(router.object(for: "shop://item/new") as? String == "shop://item/*")
        #expect(router.match("shop://item/new")?.priority == 7)
        #expect(router.object(for: "shop://other") as? String == "shop://")
        #expect(router.object(for: "mall://item/x/y") as? String == "item/**")
    }

    @Test func priorityDecidesBetweenBacktrackedBranches() throws {
        let router = Router()
        try router.registerObject("a/b/:z", priority: 1) { $0.pattern }
        try router.registerObject("a/:x/c", priority: 2) { $0.pattern }
        try router.registerObject("a/b/c") { $0.pattern }
        #expect(router.match("x://a/b/c")?.pattern == "a/:x/c")
        #expect(router.match("x://a/b/d")?.pattern == "a/b/:z")
    }

    /// A type, a segment, and whether `:v<type>` takes it.
    struct TypeCase: Sendable, CustomTestStringConvertible {
        let type: String
        let segment: String
        let matches: Bool
        init(_ type: String, _ segment: String, _ matches: Bool) {
            self.type = type
            self.segment = segment
            self.matches = matches
        }
        var testDescription: String { "\(segment) is \(matches ? "" : "not ")a \(type)" }
    }

    static let typeCases: [TypeCase] = [
        TypeCase("int", "42", true), TypeCase("int", "-7", true), TypeCase("int", "+3", true), TypeCase("int", "0", true),
        TypeCase("int", "9223372036854775807", true), TypeCase("int", "-9223372036854775808", true),
        TypeCase("int", "9223372036854775808", false), TypeCase("int", "4.2", false), TypeCase("int", "abc", false),
        TypeCase("int", "-", false), TypeCase("int", "1a", false), TypeCase("int", "%34%32", true), TypeCase("int", "4%202", false),
        TypeCase("int", "١٢", false),
        TypeCase("double", "1.5", true), TypeCase("double", "-2", true), TypeCase("double", "1e3", true),
        TypeCase("double", ".5", true), TypeCase("double", "5.", true), TypeCase("double", "-1.5E-3", true),
        TypeCase("double", "1.2.3", false), TypeCase("double", "e5", false), TypeCase("double", "nan", false),
        TypeCase("double", "inf", false), TypeCase("double", ".", false), TypeCase("double", "1e", false),
        TypeCase("bool", "true", true), TypeCase("bool", "false", true), TypeCase("bool", "1", true), TypeCase("bool", "0", true),
        TypeCase("bool", "TRUE", false), TypeCase("bool", "yes", false), TypeCase("bool", "2", false),
        TypeCase("uuid", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", true),
        TypeCase("uuid", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", true),
        TypeCase("uuid", "E621E1F8C36C495A93FC0C247A3E6E5F", false),
        TypeCase("uuid", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", false),
        TypeCase("uuid", "G621E1F8-C36C-495A-93FC-0C247A3E6E5F", false),
        TypeCase("even", "42", true), TypeCase("even", "41", false), TypeCase("even", "x", false),
    ]

    @Test(arguments: typeCases)
    func typedPlaceholders(_ test: TypeCase) throws {
        let router = Router()
        try router.register(RouteParameterType("even") { Int($0).map { $0 % 2 == 0 } ?? false })
        try router.registerObject("t://v/:v<\(test.type)>") { $0.parameters["v"] }
        let url = "t://v/\(test.segment)"
        #expect(router.canOpen(url) == test.matches)
        if test.matches {
            let expected = test.segment.removingPercentEncodingForTest
            #expect(router.object(for: url) as? String == expected)
        }
    }

    @Test func customTypeSeesTheDecodedSegmentWithoutSuffix() throws {
        let router = Router()
        let seen = Slot<String>()
        try router.register(RouteParameterType("word") { value in
            seen.set(value)
            return value.allSatisfy(\.isLetter)
        })
        try router.registerObject("t://:w<word>.txt") { $0.parameters["w"] }
        #expect(router.object(for: "t://h%C3%A9llo.txt") as? String == "héllo")
        #expect(seen.get == "héllo")
        #expect(router.object(for: "t://h3llo.txt") == nil)
    }

    struct SuffixCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let segment: String
        let captured: String?
        init(_ pattern: String, _ segment: String, _ captured: String?) {
            self.pattern = pattern
            self.segment = segment
            self.captured = captured
        }
        var testDescription: String { "\(segment) against \(pattern)" }
    }

    static let suffixCases: [SuffixCase] = [
        SuffixCase(":name.html", "index.html", "index"),
        SuffixCase(":name.html", "a.b.html", "a.b"),
        SuffixCase(":name.html", ".html", nil),
        SuffixCase(":name.html", "index.htm", nil),
        SuffixCase(":name.html", "index.HTML", nil),
        SuffixCase(":name.html", "index", nil),
        SuffixCase(":name.html", "a%2Ehtml", "a"),
        SuffixCase(":name.html", "%E5%AE%B6.html", "家"),
        SuffixCase(":name.html", "a%2Fb.html", "a/b"),
        SuffixCase(":id<int>.json", "42.json", "42"),
        SuffixCase(":id<int>.json", "-1.json", "-1"),
        SuffixCase(":id<int>.json", "abc.json", nil),
        SuffixCase(":id<int>.json", "42", nil),
        SuffixCase(":id<int>.json", "42.JSON", nil),
        SuffixCase(":id<int>.json", ".json", nil),
        SuffixCase(":n%2Ehtml", "x.html", "x"),
        SuffixCase(":n家", "a家", "a"),
        SuffixCase(":n%E5%AE%B6", "a%E5%AE%B6", "a"),
    ]

    @Test(arguments: suffixCases)
    func placeholderWithSuffix(_ test: SuffixCase) throws {
        let router = Router()
        try router.registerObject("s://f/\(test.pattern)") { $0.parameters.path.values.first }
        let url = "s://f/\(test.segment)"
        #expect(router.canOpen(url) == (test.captured != nil))
        #expect(router.object(for: url) as? String == test.captured)
    }

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

extension String {
    /// The segment percent-decoded, as the router reads it (test inputs are well formed).
    var removingPercentEncodingForTest: String {
        var bytes: [UInt8] = []
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let value = UInt8(String(self[utf8.index(after: index)...].prefix(2)), radix: 16) {
                bytes.append(value)
                index = utf8.index(index, offsetBy: 3)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
