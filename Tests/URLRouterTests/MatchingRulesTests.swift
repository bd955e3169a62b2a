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
        WinnerCase(
            ["a/**", "a/:x", "a/*", "a/:x<int>", "a/:x.json", "a/:x<int>.json", "a/1.json"], "x://a/1.json", "a/1.json"),
        WinnerCase(
            ["a/**", "a/:x", "a/*", "a/:x<int>", "a/:x.json", "a/:x<int>.json"], "x://a/1.json", "a/:x<int>.json"),
        WinnerCase(["a/**", "a/:x", "a/*", "a/:x<int>", "a/:x.json"], "x://a/1.json", "a/:x.json"),
        WinnerCase(["a/**", "a/:x", "a/*", "a/:x<int>"], "x://a/1", "a/:x<int>"),
        WinnerCase(["a/**", "a/:x", "a/*"], "x://a/1", "a/:x"),
        // of two suffixes that both fit, the longer, in both registration orders
        WinnerCase(["a/:x.gz", "a/:x.tar.gz"], "x://a/b.tar.gz", "a/:x.tar.gz"),
        WinnerCase(["a/:x.tar.gz", "a/:x.gz"], "x://a/b.tar.gz", "a/:x.tar.gz"),
        WinnerCase(["a/:x.tar.gz", "a/:x.gz"], "x://a/b.gz", "a/:x.gz"),
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
        // two types that both fit: the router's order of types (int before double), whatever
        // the order of registration
        WinnerCase(["a/:x<int>", "a/:x<double>"], "x://a/42", "a/:x<int>"),
        WinnerCase(["a/:x<double>", "a/:x<int>"], "x://a/42", "a/:x<int>"),
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

    /// Which of two types that both fit is tried first does not depend on routes registered
    /// and removed before, nor on the table being rebuilt after many removals.
    @Test func twoTypesThatBothFitWinByTypeWhateverCameAndWent() throws {
        let router = Router()
        try router.registerObject("t://p/:x<bool>") { _ in "gone" }
        try router.registerObject("t://p/:y<int>/**") { _ in "int" }
        try router.registerObject("t://p/:x<bool>/**") { _ in "bool" }
        #expect(router.deregister("t://p/:x<bool>"))
        #expect(router.match("t://p/1/q")?.pattern == "t://p/:y<int>/**")
        for index in 0..<100 { try router.register("t://tmp/\(index)") { _ in } }
        for index in 0..<100 { #expect(router.deregister("t://tmp/\(index)")) }
        #expect(router.match("t://p/1/q")?.pattern == "t://p/:y<int>/**")
        let loser = router.explain("t://p/1/q").candidates.first { $0.pattern == "t://p/:x<bool>/**" }
        #expect(loser?.verdict == .typeTriedLater(segment: 2, winner: "t://p/:y<int>/**"))
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
        TypeCase("int", "42", true), TypeCase("int", "-7", true), TypeCase("int", "+3", true),
        TypeCase("int", "0", true),
        TypeCase("int", "9223372036854775807", true), TypeCase("int", "-9223372036854775808", true),
        TypeCase("int", "9223372036854775808", false), TypeCase("int", "4.2", false), TypeCase("int", "abc", false),
        TypeCase("int", "-", false), TypeCase("int", "1a", false), TypeCase("int", "%34%32", true),
        TypeCase("int", "4%202", false),
        TypeCase("int", "١٢", false),
        TypeCase("double", "1.5", true), TypeCase("double", "-2", true), TypeCase("double", "1e3", true),
        TypeCase("double", ".5", true), TypeCase("double", "5.", true), TypeCase("double", "-1.5E-3", true),
        TypeCase("double", "1.2.3", false), TypeCase("double", "e5", false), TypeCase("double", "nan", false),
        TypeCase("double", "inf", false), TypeCase("double", ".", false), TypeCase("double", "1e", false),
        TypeCase("double", "1e999", false), TypeCase("double", "-1e309", false), TypeCase("double", "1e-999", true),
        TypeCase("double", "0x1p3", false), TypeCase("double", String(repeating: "9", count: 308), true),
        TypeCase("double", String(repeating: "9", count: 309), false),
        TypeCase("bool", "true", true), TypeCase("bool", "false", true), TypeCase("bool", "1", true),
        TypeCase("bool", "0", true),
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
        try router.register(
            RouteParameterType("word") { value in
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
}
