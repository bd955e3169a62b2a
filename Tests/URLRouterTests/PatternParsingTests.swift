import Testing

@testable import URLRouter

/// How a pattern text becomes a scheme and segments, and which patterns are refused.
@Suite struct PatternParsingTests {
    static func lit(_ text: String) -> PatternSegment { .literal(text) }
    static func param(_ name: String, _ type: String? = nil, suffix: String = "") -> PatternSegment {
        .parameter(name: name, type: type, suffix: Array(suffix.utf8))
    }

    static func parse(_ pattern: String) throws(RouteError) -> RoutePattern {
        try RoutePattern(
            pattern, knownTypes: { ["int", "double", "bool", "uuid"].contains($0) }, limits: Router.Limits())
    }

    struct ParseCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let scheme: String?
        var isFallback = false
        let expansions: [[PatternSegment]]
        var testDescription: String { pattern.debugDescription }
    }

    // Computed, not stored: a static that keeps a `.parameter` with a non-empty suffix until the
    // process exits is reported by LeakSanitizer, whose pointer scan does not recognise the
    // suffix's buffer behind the case tag that Swift packs into the pointer's spare bits.
    static var parseCases: [ParseCase] {
        [
            ParseCase(pattern: "shop://item/:id", scheme: "shop", expansions: [[lit("item"), param("id")]]),
            ParseCase(pattern: "SHOP://Item/Edit", scheme: "shop", expansions: [[lit("Item"), lit("Edit")]]),
            ParseCase(pattern: "item/:id", scheme: nil, expansions: [[lit("item"), param("id")]]),
            ParseCase(pattern: "/item/:id/", scheme: nil, expansions: [[lit("item"), param("id")]]),
            ParseCase(pattern: "//a///b//", scheme: nil, expansions: [[lit("a"), lit("b")]]),
            ParseCase(pattern: "shop://", scheme: "shop", isFallback: true, expansions: [[]]),
            ParseCase(pattern: "shop:///", scheme: "shop", isFallback: true, expansions: [[]]),
            ParseCase(pattern: "shop:", scheme: "shop", expansions: [[]]),
            ParseCase(pattern: "app-settings:", scheme: "app-settings", expansions: [[]]),
            ParseCase(pattern: "tel::number", scheme: "tel", expansions: [[param("number")]]),
            ParseCase(pattern: "tel:123", scheme: "tel", expansions: [[lit("123")]]),
            ParseCase(pattern: "x-y.z+w://a", scheme: "x-y.z+w", expansions: [[lit("a")]]),
            ParseCase(
                pattern: "http://localhost:8080/x", scheme: "http", expansions: [[lit("localhost:8080"), lit("x")]]),
            ParseCase(pattern: "a/b:c/d:", scheme: nil, expansions: [[lit("a"), lit("b:c"), lit("d:")]]),
            ParseCase(pattern: "a/b://c", scheme: nil, expansions: [[lit("a"), lit("b:"), lit("c")]]),
            ParseCase(pattern: ":id", scheme: nil, expansions: [[param("id")]]),
            ParseCase(pattern: "a/:_Name_2", scheme: nil, expansions: [[lit("a"), param("_Name_2")]]),
            ParseCase(pattern: "a/:id<int>", scheme: nil, expansions: [[lit("a"), param("id", "int")]]),
            ParseCase(
                pattern: "a/:d<double>/:b<bool>/:u<uuid>", scheme: nil,
                expansions: [[lit("a"), param("d", "double"), param("b", "bool"), param("u", "uuid")]]),
            ParseCase(pattern: "a/:name.html", scheme: nil, expansions: [[lit("a"), param("name", suffix: ".html")]]),
            ParseCase(
                pattern: "a/:id<int>.json", scheme: nil, expansions: [[lit("a"), param("id", "int", suffix: ".json")]]),
            ParseCase(pattern: "a/:v-%41", scheme: nil, expansions: [[lit("a"), param("v", suffix: "-A")]]),
            ParseCase(pattern: "a/*/b", scheme: nil, expansions: [[lit("a"), .wildcard, lit("b")]]),
            ParseCase(pattern: "a/**", scheme: nil, expansions: [[lit("a"), .catchAll]]),
            ParseCase(pattern: "a/x*/**b", scheme: nil, expansions: [[lit("a"), lit("x*"), lit("**b")]]),
            ParseCase(pattern: "a%20b/a b", scheme: nil, expansions: [[lit("a b"), lit("a b")]]),
            ParseCase(pattern: "家居/%E5%AE%B6%E5%B1%85", scheme: nil, expansions: [[lit("家居"), lit("家居")]]),
            ParseCase(
                pattern: "%3Aid/%2A/%2A%2A/%28x%29", scheme: nil,
                expansions: [[lit(":id"), lit("*"), lit("**"), lit("(x)")]]),
            ParseCase(pattern: "a%2Fb", scheme: nil, expansions: [[lit("a/b")]]),
            ParseCase(pattern: "100%/%zz/%E4", scheme: nil, expansions: [[lit("100%"), lit("%zz"), lit("%E4")]]),
            ParseCase(pattern: "a%3Cb>/c>", scheme: nil, expansions: [[lit("a<b>"), lit("c>")]]),
            ParseCase(
                pattern: "/path/:thing(/new)(/more/:x)", scheme: nil,
                expansions: [
                    [lit("path"), param("thing")],
                    [lit("path"), param("thing"), lit("more"), param("x")],
                    [lit("path"), param("thing"), lit("new")],
                    [lit("path"), param("thing"), lit("new"), lit("more"), param("x")],
                ]),
            ParseCase(
                pattern: "a(/b(/c))", scheme: nil,
                expansions: [[lit("a")], [lit("a"), lit("b")], [lit("a"), lit("b"), lit("c")]]),
            ParseCase(pattern: "a(/**)", scheme: nil, expansions: [[lit("a")], [lit("a"), .catchAll]]),
            // Segments repeated across combinations are parsed once, and told apart by their bytes:
            // `e` + U+0301 and `é` are canonically equivalent strings but different literals.
            ParseCase(
                pattern: "a(/e\u{301})(/\u{e9})", scheme: nil,
                expansions: [
                    [lit("a")], [lit("a"), lit("e\u{301}")], [lit("a"), lit("\u{e9}")],
                    [lit("a"), lit("e\u{301}"), lit("\u{e9}")],
                ]),
            ParseCase(
                pattern: "é(/:x.é)(/b/:y.e\u{301})", scheme: nil,
                expansions: [
                    [lit("é")], [lit("é"), param("x", suffix: ".é")],
                    [lit("é"), lit("b"), param("y", suffix: ".e\u{301}")],
                    [lit("é"), param("x", suffix: ".é"), lit("b"), param("y", suffix: ".e\u{301}")],
                ]),
        ]
    }

    @Test(arguments: parseCases)
    func parsesEverySegmentKind(_ test: ParseCase) throws {
        let pattern = try Self.parse(test.pattern)
        #expect(pattern.scheme == test.scheme)
        #expect(pattern.isFallback == test.isFallback)
        #expect(Set(pattern.expansions) == Set(test.expansions))
        #expect(pattern.expansions.count == test.expansions.count)
    }

    struct BadPattern: Sendable, CustomTestStringConvertible {
        let pattern: String
        /// Words the message must contain to say what is wrong.
        let problem: String
        var testDescription: String { pattern.debugDescription }
    }

    static let badPatterns: [BadPattern] = [
        BadPattern(pattern: "shop://item/:id<int", problem: "never closed"),
        BadPattern(pattern: "shop://item(/:id", problem: "never closed"),
        BadPattern(pattern: "shop://item((/a)", problem: "never closed"),
        BadPattern(pattern: "shop://item/:id)", problem: "closes no optional group"),
        BadPattern(pattern: "shop://item)(/a", problem: "closes no optional group"),
        BadPattern(pattern: "shop://item/:", problem: "has no name after"),
        BadPattern(pattern: "shop://item/:/x", problem: "has no name after"),
        BadPattern(pattern: "shop://item/:<int>", problem: "has no name after"),
        BadPattern(pattern: "shop://item/:.html", problem: "has no name after"),
        BadPattern(pattern: "shop://a/:é", problem: "has no name after"),
        BadPattern(pattern: "shop://item/:id/:id", problem: "\"id\" is used twice"),
        BadPattern(pattern: "shop://item/:id(/x/:id)", problem: "\"id\" is used twice"),
        BadPattern(pattern: "shop://item/:1d", problem: "starts with a digit"),
        BadPattern(pattern: "shop://item/:9", problem: "starts with a digit"),
        BadPattern(pattern: "shop://**/x", problem: "\"**\" must be the last segment"),
        BadPattern(pattern: "shop://a/**(/b)", problem: "\"**\" must be the last segment"),
        BadPattern(pattern: "shop://**/:1d", problem: "\"**\" must be the last segment"),
        BadPattern(pattern: "shop://item/:id<money>", problem: "unknown type \"money\""),
        BadPattern(pattern: "shop://item/:id<INT>", problem: "unknown type \"INT\""),
        BadPattern(pattern: "shop://item/:id<>", problem: "empty type"),
        BadPattern(pattern: "shop://item/:id.json<int>", problem: "unexpected \"<\""),
        BadPattern(pattern: "shop://item/:id>", problem: "unexpected \"<\" or \">\""),
        BadPattern(pattern: "shop://item?ref=1", problem: "query or fragment"),
        BadPattern(pattern: "shop://item/:id?", problem: "query or fragment"),
        BadPattern(pattern: "shop://item#top", problem: "query or fragment"),
        BadPattern(pattern: "shop://item/a\u{0}b", problem: "U+0000, a control character"),
        BadPattern(pattern: "shop://item/a\tb", problem: "U+0009, a control character"),
        BadPattern(pattern: "shop://item/\n", problem: "U+000A, a control character"),
        BadPattern(pattern: "shop://item/\u{7F}", problem: "U+007F, a control character"),
        BadPattern(pattern: "shop://item/a\u{85}", problem: "U+0085, a control character"),
        BadPattern(pattern: "shop://é/\u{2028}", problem: "U+2028, a control character or line break"),
        BadPattern(pattern: "shop://item/\u{2029}b", problem: "U+2029, a control character or line break"),
        BadPattern(pattern: "nav://user/<int:id>", problem: "\"<int:id>\" is not a placeholder; write :name<type>"),
        BadPattern(pattern: "shop://a<b", problem: "is not a placeholder"),
        BadPattern(pattern: "my_app://item/:id", problem: "\"my_app\" is no scheme; a scheme is [A-Za-z]"),
        BadPattern(pattern: "my_app://", problem: "\"my_app\" is no scheme"),
        BadPattern(pattern: "1app://x", problem: "\"1app\" is no scheme"),
        BadPattern(pattern: "app name://x", problem: "\"app name\" is no scheme"),
        BadPattern(pattern: "*://item", problem: "\"*\" is no scheme"),
        BadPattern(pattern: "p(/:x)(/:y)", problem: "ambiguous"),
        BadPattern(pattern: "shop://p(/:x<int>)(/:y<int>)", problem: "ambiguous"),
        BadPattern(pattern: "shop://p(/a)(/a)", problem: "ambiguous"),
        BadPattern(pattern: "shop://p(/:x.html)(/:y.html)", problem: "ambiguous"),
        BadPattern(pattern: "shop://p(/a)(/b)(/c)(/d)(/e)(/f)(/g)", problem: "more than 64 combinations"),
    ]

    @Test(arguments: badPatterns)
    func refusesBadPatterns(_ test: BadPattern) {
        let router = Router()
        let error = caught { try router.register(test.pattern) { _ in } }
        #expect(error?.code == .invalidPattern)
        #expect(
            error?.message.contains(RouteError.quoted(test.pattern)) == true,
            "the message quotes the pattern: \(String(describing: error))")
        #expect(
            error?.message.contains(where: \.isNewline) == false
                && error?.message.unicodeScalars.contains(where: RouteError.breaksLines) == false,
            "control characters in the pattern are escaped: \(String(describing: error))")
        #expect(
            error?.message.contains(test.problem) == true,
            "the message says what is wrong: \(String(describing: error))")
        #expect(router.routes.isEmpty)
        #expect(router.description.isEmpty)
        // Every entry point that takes a pattern refuses it the same way.
        #expect(caught { try router.registerObject(test.pattern) { _ in nil } }?.code == .invalidPattern)
        #expect(caught { try router.url(for: test.pattern, parameters: [:]) }?.code == .invalidPattern)
        #expect(router.deregister(test.pattern) == false)
    }

    @Test func unambiguousOptionalGroupsAreAccepted() throws {
        let router = Router()
        try router.register("shop://p(/:x<int>)(/:y)") { _ in }
        try router.register("shop://q(/a)(/b)") { _ in }
        try router.register("shop://r(/a/:x)(/b/:y)") { _ in }
        #expect(
            router.routes.map(\.pattern) == ["shop://p(/:x<int>)(/:y)", "shop://q(/a)(/b)", "shop://r(/a/:x)(/b/:y)"])
        #expect(router.match("shop://r/b/2")?.parameters["y"] == "2")
    }

    /// Literals compare as bytes, as the trie compares them: two spellings of one character are
    /// two literals, so the groups below are not ambiguous.
    @Test func literalsOfTwoSpellingsAreTwoLiterals() throws {
        let router = Router()
        try router.register("shop://s(/\u{E9})(/e\u{301})") { _ in }
        #expect(router.match("shop://s/\u{E9}") != nil)
        #expect(router.match("shop://s/e\u{301}") != nil)
        #expect(router.match("shop://s/\u{E9}/e\u{301}") != nil)
        #expect(router.match("shop://s/e\u{301}/\u{E9}") == nil)
    }

    /// A type name that no pattern can write is refused when the type is registered, not later by a pattern.
    @Test(arguments: ["", "a>b", "a/b", "a(b", "a)b", "a?b", "a#b", "a\nb", "a\u{2028}b"])
    func typeNamesNoPatternCanWriteAreRefused(name: String) throws {
        let router = Router()
        let error = caught { try router.register(RouteParameterType(name) { _ in true }) }
        #expect(error?.code == .invalidPattern)
        #expect(error?.message.contains("so no pattern can name it") == true, "\(String(describing: error))")
        #expect(error?.message.contains(where: \.isNewline) == false)
        try router.register(RouteParameterType("slug-v2.x") { _ in true })
        try router.register("blog://:s<slug-v2.x>") { _ in }
        try router.register(RouteParameterType("a<b") { $0 == "ok" })  // read from the first `<` to the first `>`
        try router.register("blog://x/:v<a<b>") { _ in }
        #expect(router.match("blog://x/ok")?.pattern == "blog://x/:v<a<b>")
    }

    @Test func customTypesAreKnownOnlyOnceRegistered() throws {
        let router = Router()
        let before = caught { try router.register("blog://post/:slug<slug>") { _ in } }
        #expect(before?.code == .invalidPattern)
        #expect(before?.message.contains("unknown type \"slug\"") == true)
        try router.register(RouteParameterType("slug") { !$0.isEmpty && $0.allSatisfy { $0.isLowercase || $0 == "-" } })
        try router.register("blog://post/:slug<slug>") { _ in }
        #expect(router.match("blog://post/hello-world")?.parameters["slug"] == "hello-world")
        #expect(router.match("blog://post/Hello") == nil)
    }

    @Test func patternLimits() {
        let router = Router(options: .init(limits: .init(maxSegments: 3, maxPatternLength: 40)))
        let long = caught { try router.register("shop://" + String(repeating: "a", count: 40)) { _ in } }
        #expect(long?.code == .limitExceeded)
        #expect(long?.message.contains("the limit is 40") == true)
        let deep = caught { try router.register("shop://a/b/c/d") { _ in } }
        #expect(deep?.code == .limitExceeded)
        #expect(deep?.message.contains("\"shop://a/b/c/d\"") == true)
        #expect(deep?.message.contains("4 segments; the limit is 3") == true)
        // Problems are reported in reading order: a bad segment before the count is over the limit.
        #expect(caught { try router.register("shop://a/:1/c/d") { _ in } }?.code == .invalidPattern)
        #expect(caught { try router.register("shop://a/b/c") { _ in } } == nil)
    }
}
