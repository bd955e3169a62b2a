import Testing
import URLRouter

/// `url(for:parameters:)`: filling, encoding, leftovers, errors, optional groups, wildcards,
/// and the round trip back through matching.
@Suite struct GenerationTests {
    struct GenerationCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let parameters: [String: String]
        let url: String
        init(_ pattern: String, _ parameters: [String: String], _ url: String) {
            self.pattern = pattern
            self.parameters = parameters
            self.url = url
        }
        var testDescription: String { "\(pattern) \(parameters.sorted { $0.key < $1.key })" }
    }

    static let generated: [GenerationCase] = [
        GenerationCase("shop://item/:id", ["id": "42", "ref": "mail"], "shop://item/42?ref=mail"),
        GenerationCase("shop://item/:id", ["id": "42"], "shop://item/42"),
        GenerationCase("Shop://Item/:id", ["id": "42"], "shop://Item/42"),
        GenerationCase("item/:id", ["id": "42"], "/item/42"),
        GenerationCase("/item/:id/", ["id": "42"], "/item/42"),
        GenerationCase("shop://a//b/", [:], "shop://a/b"),
        GenerationCase("shop://", [:], "shop://"),
        GenerationCase("shop://", ["a": "1"], "shop://?a=1"),
        GenerationCase("shop://", ["**": "a b/c@d", "a": "1"], "shop://a%20b/c@d?a=1"),
        GenerationCase("shop://", ["**": "u@h:1"], "shop://u%40h%3A1"),
        GenerationCase("tel::number", ["number": "+1-555"], "tel:+1-555"),
        GenerationCase("app-settings:", [:], "app-settings:"),
        GenerationCase("shop://item/:id", ["id": "a b/c?d#e%f"], "shop://item/a%20b%2Fc%3Fd%23e%25f"),
        GenerationCase("shop://item/:id", ["id": "a&b=c+d;e,f:g@h!$'()*~._-"], "shop://item/a&b=c+d;e,f:g@h!$'()*~._-"),
        GenerationCase("shop://item/:id", ["id": "家"], "shop://item/%E5%AE%B6"),
        GenerationCase(
            "shop://item", ["q": "a&b=c+d #%/?", "a b": "x"], "shop://item?a%20b=x&q=a%26b%3Dc%2Bd%20%23%25/?"),
        GenerationCase("shop://item", ["z": "1", "a": "2", "m": "3", "B": "4"], "shop://item?B=4&a=2&m=3&z=1"),
        GenerationCase("shop://item", ["k": ""], "shop://item?k="),
        GenerationCase("shop://家居/a%20b", [:], "shop://%E5%AE%B6%E5%B1%85/a%20b"),
        GenerationCase("shop://%28x%29/:id", ["id": "1"], "shop://(x)/1"),
        GenerationCase("shop://f/:name.html", ["name": "a.b"], "shop://f/a.b.html"),
        GenerationCase("shop://f/:id<int>.json", ["id": "-7"], "shop://f/-7.json"),
        GenerationCase("shop://f/:name%20x", ["name": "a"], "shop://f/a%20x"),
        GenerationCase("a/*/c", ["*": "b b"], "/a/b%20b/c"),
        GenerationCase("files/**", ["**": "docs/a b.txt"], "/files/docs/a%20b.txt"),
        GenerationCase("files/**", ["**": "/docs//x/"], "/files/docs/x"),
        GenerationCase("files/**", [:], "/files"),
        GenerationCase("files/**", ["**": ""], "/files"),
        GenerationCase("shop://item/:id", ["id": "1", "*": "x", "**": "y/z", "q": "2"], "shop://item/1?q=2"),
        GenerationCase("/path/:thing(/new)(/more/:x)", ["thing": "1"], "/path/1/new"),
        GenerationCase("/path/:thing(/new)(/more/:x)", ["thing": "1", "x": "2"], "/path/1/new/more/2"),
        GenerationCase("/path/:thing(/more/:x)", ["thing": "1"], "/path/1"),
        GenerationCase("/path/:thing(/more/:x)", ["thing": "1", "x": "2", "y": "3"], "/path/1/more/2?y=3"),
        GenerationCase("a(/:x(/:y))", ["x": "1"], "/a/1"),
        GenerationCase("a(/:x(/:y))", ["x": "1", "y": "2"], "/a/1/2"),
        GenerationCase("a(/:x(/:y))", ["y": "2"], "/a?y=2"),
        GenerationCase("a(/:x/b)(/c/:y)", ["y": "2"], "/a/c/2"),
    ]

    @Test(arguments: generated)
    func generatesTheURL(_ test: GenerationCase) throws {
        let router = Router()
        #expect(try router.url(for: test.pattern, parameters: test.parameters) == test.url)
        // Generation needs no registration, and does not register anything.
        #expect(router.routes.isEmpty)
    }

    struct FailureCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let parameters: [String: String]
        let code: RouteError.Code
        /// Words the message must contain.
        let says: [String]
        init(_ pattern: String, _ parameters: [String: String], _ code: RouteError.Code, _ says: [String]) {
            self.pattern = pattern
            self.parameters = parameters
            self.code = code
            self.says = says
        }
        var testDescription: String { "\(pattern) \(parameters.sorted { $0.key < $1.key })" }
    }

    static let failures: [FailureCase] = [
        FailureCase("shop://item/:id", [:], .missingParameter, ["\"shop://item/:id\"", "\":id\""]),
        FailureCase("shop://item/:id", ["ID": "1"], .missingParameter, ["\":id\""]),
        FailureCase("shop://:a/:b", ["b": "1"], .missingParameter, ["\":a\""]),
        FailureCase("shop://:a/:b", [:], .missingParameter, ["\":a\"", "\":b\""]),
        FailureCase("a/:x(/:y)", ["y": "1"], .missingParameter, ["\":x\""]),
        FailureCase("shop://item/:id", ["id": ""], .invalidParameter, ["\":id\"", "empty", "\"shop://item/:id\""]),
        FailureCase("shop://item/:id<int>", ["id": "abc"], .invalidParameter, ["\"abc\"", "\":id\"", "int"]),
        FailureCase("shop://item/:id<int>", ["id": "4.5"], .invalidParameter, ["\"4.5\"", "int"]),
        FailureCase("shop://item/:id<uuid>", ["id": "nope"], .invalidParameter, ["\"nope\"", "uuid"]),
        FailureCase("shop://item/:on<bool>", ["on": "yes"], .invalidParameter, ["\"yes\"", "bool"]),
        FailureCase("shop://item/:id<even>", ["id": "3"], .invalidParameter, ["\"3\"", "even"]),
        FailureCase("shop://item/:id<int>.json", ["id": "x"], .invalidParameter, ["\"x\"", "int"]),
        FailureCase("a/*/c", [:], .missingParameter, ["\"*\""]),
        FailureCase("a/*/c", ["*": ""], .missingParameter, ["\"*\""]),
        FailureCase("shop://item/:id<money>", ["id": "1"], .invalidPattern, ["unknown type \"money\""]),
    ]

    @Test(arguments: failures)
    func refusesWhatCannotBeFilled(_ test: FailureCase) throws {
        let router = Router()
        try router.register(RouteParameterType("even") { Int($0).map { $0 % 2 == 0 } ?? false })
        let error = caught { try router.url(for: test.pattern, parameters: test.parameters) }
        #expect(error?.code == test.code)
        for words in test.says {
            #expect(error?.message.contains(words) == true, "\(String(describing: error)) says \(words)")
        }
    }

    /// Values that need care in a path segment, a query name or a query value (`.` and `..`,
    /// which no path segment can hold, are checked on their own).
    static let awkwardValues: [String] = [
        "plain", "a b", "a/b", "/lead", "trail/", "a?b", "a#b", "a&b", "a=b", "a+b", "100%", "%41", "%zz", "%E4",
        "é", "家居", "🎉", "👨‍👩‍👧", "a%2Fb", ":colon", "@", ";,$!'()*", "~._-", "  ", "+", "%", "?#&=+%/", ".x", "...",
        "\u{7F}", "tab\there", "line\nbreak", "true", "-1", "1e5",
    ]

    /// Checks that matching `url` against the one registered pattern gives every parameter back.
    func expectRoundTrip(
        _ router: Router, _ pattern: String, _ parameters: [String: String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = try router.url(for: pattern, parameters: parameters)
        let match = router.match(url)
        #expect(match?.pattern == pattern, "\(url) matches \(pattern)", sourceLocation: sourceLocation)
        for (name, value) in parameters where name != "*" {
            if name == "**" {
                let pieces = value.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
                #expect(match?.wildcard == pieces, "\(url): **", sourceLocation: sourceLocation)
            } else {
                #expect(match?.parameters[name] == value, "\(url): \(name)", sourceLocation: sourceLocation)
            }
        }
    }

    static let roundTripPatterns: [String] = [
        "shop://item/:id", "item/:id/:name.html", "shop://:host/x", "tel::number", "shop://", "files/**",
        "shop://f/:id<double>.json", "shop://o/:a(/:b(/:c))",
    ]

    @Test(arguments: roundTripPatterns)
    func roundTripGivesTheParametersBack(_ pattern: String) throws {
        for options in [Router.Options(), .init(caseInsensitivePaths: true, formDecoding: true)] {
            let router = Router(options: options)
            try router.register(pattern) { _ in }
            for value in Self.awkwardValues {
                var parameters: [String: String] = ["q": value, value: "named", "z": "\(value)\(value)"]
                switch pattern {
                case "shop://item/:id", "tel::number", "shop://:host/x":
                    parameters[pattern.contains(":host") ? "host" : pattern.contains("number") ? "number" : "id"] =
                        value
                case "item/:id/:name.html": parameters["id"] = value; parameters["name"] = value + ".html"
                case "files/**", "shop://": parameters["**"] = value + "/" + value
                case "shop://f/:id<double>.json": parameters["id"] = "-1.5e3"
                case "shop://o/:a(/:b(/:c))": parameters["a"] = value; parameters["c"] = value
                default: break
                }
                try expectRoundTrip(router, pattern, parameters)
            }
        }
    }

    @Test func singleWildcardValueRoundTripsThroughItsSegment() throws {
        let router = Router()
        try router.registerObject("a/*/c") { _ in "star" }
        let twin = Router()
        try twin.registerObject("a/:star/c") { $0.parameters["star"] }
        for value in Self.awkwardValues {
            let url = try router.url(for: "a/*/c", parameters: ["*": value])
            #expect(router.object(for: url) as? String == "star")
            #expect(twin.object(for: url) as? String == value)
        }
    }

    /// Every URL parser resolves `.` and `..` segments away: a browser opens
    /// `https://shop.example.com/user/../admin` as `https://shop.example.com/admin`.
    @Test(
        "dot segments are refused, naming where they would go",
        arguments: [
            ("user/:name/profile", ["name": ".."], "\":name\""), ("user/:name/profile", ["name": "."], "\":name\""),
            ("files/**", ["**": "a/../b"], "\"**\""), ("files/**", ["**": "."], "\"**\""),
            ("a/*/c", ["*": ".."], "\"*\""),
        ])
    func dotSegmentsAreRefused(pattern: String, parameters: [String: String], names: String) throws {
        let router = Router()
        try router.register(pattern, origins: [.scheme("shop"), .web("shop.example.com")]) { _ in }
        for origin in [LinkOrigin.scheme("shop"), .web("shop.example.com")] {
            let error = caught { try router.url(for: pattern, parameters: parameters, origin: origin) }
            #expect(error?.code == .invalidParameter)
            #expect(error?.message.contains("dot segment") == true, "\(String(describing: error))")
            #expect(error?.message.contains(names) == true, "\(String(describing: error))")
        }
        let dots = try router.url(
            for: pattern, parameters: parameters.mapValues { $0.replacing(".", with: "...") }, origin: .scheme("shop"))
        #expect(router.match(dots)?.pattern == "shop://\(pattern)")
    }

    @Test func generationUsesTheRoutersCustomTypes() throws {
        let router = Router()
        try router.register(RouteParameterType("slug") { !$0.isEmpty && $0.allSatisfy { $0.isLowercase || $0 == "-" } })
        #expect(
            try router.url(for: "blog://post/:s<slug>", parameters: ["s": "hello-world"]) == "blog://post/hello-world")
        #expect(
            caught { try router.url(for: "blog://post/:s<slug>", parameters: ["s": "Hello"]) }?.code
                == .invalidParameter)
        #expect(
            caught { try Router().url(for: "blog://post/:s<slug>", parameters: ["s": "x"]) }?.code == .invalidPattern)
    }
}
