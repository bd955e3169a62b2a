import Foundation
import Testing
import URLRouter

/// How URLs are read: segments, escapes, query, fragment, URLs without a host, and which
/// dictionary a value comes from.
@Suite(.timeLimit(.minutes(1))) struct URLHandlingTests {
    @Test func encodedSlashStaysInsideItsSegment() throws {
        let router = Router()
        try router.registerObject("a/:x/c") { $0.parameters["x"] }
        try router.registerObject("lit/a%2Fb") { _ in "literal" }
        #expect(router.object(for: "x://a/b%2Fd/c") as? String == "b/d")
        #expect(router.object(for: "x://a/b%2fd/c") as? String == "b/d")
        #expect(router.match("x://a/b/d/c") == nil)
        #expect(router.object(for: "x://lit/a%2Fb") as? String == "literal")
        #expect(router.match("x://lit/a/b") == nil)
    }

    /// A raw segment or query value and what the router must read from it.
    struct EscapeCase: Sendable, CustomTestStringConvertible {
        let raw: String
        let decoded: String
        init(_ raw: String, _ decoded: String) {
            self.raw = raw
            self.decoded = decoded
        }
        var testDescription: String { raw }
    }

    static let escapes: [EscapeCase] = [
        EscapeCase("100%", "100%"),
        EscapeCase("%", "%"),
        EscapeCase("%%", "%%"),
        EscapeCase("%zz", "%zz"),
        EscapeCase("%4", "%4"),
        EscapeCase("a%4", "a%4"),
        EscapeCase("%E4", "%E4"),
        EscapeCase("x%E4%B8", "x%E4%B8"),
        EscapeCase("%C0%AF", "%C0%AF"),
        EscapeCase("%ED%A0%80", "%ED%A0%80"),
        EscapeCase("%F4%90%80%80", "%F4%90%80%80"),
        EscapeCase("%FF", "%FF"),
        EscapeCase("%41%zz", "A%zz"),
        EscapeCase("100%25", "100%"),
        EscapeCase("%E4%B8%AD", "中"),
        EscapeCase("%e4%b8%ad", "中"),
        EscapeCase("a%20b", "a b"),
        EscapeCase("中", "中"),
        EscapeCase("%00", "\u{0}"),
        // UTF-8 at the edges of each lead byte's range: well-formed decodes; overlong forms,
        // surrogates, scalars above U+10FFFF and sequences cut short stay raw.
        EscapeCase("%C3%A9", "é"),
        EscapeCase("%E0%A0%80", "\u{800}"),
        EscapeCase("%ED%9F%BF", "\u{D7FF}"),
        EscapeCase("%EE%80%80", "\u{E000}"),
        EscapeCase("%F0%90%80%80", "\u{10000}"),
        EscapeCase("%F4%8F%BF%BF", "\u{10FFFF}"),
        EscapeCase("%E0%80%80", "%E0%80%80"),
        EscapeCase("%E0%9F%BF", "%E0%9F%BF"),
        EscapeCase("%F0%80%80%80", "%F0%80%80%80"),
        EscapeCase("%ED%BF%BF", "%ED%BF%BF"),
        EscapeCase("%F5%80%80%80", "%F5%80%80%80"),
        EscapeCase("a%E2%82b", "a%E2%82b"),
    ]

    @Test(arguments: escapes)
    func malformedEscapesAreKeptAsRawText(_ test: EscapeCase) throws {
        let router = Router()
        try router.registerObject("x://seg/:v") { $0.parameters["v"] }
        try router.registerObject("x://query") { $0.parameters["v"] }
        #expect(router.object(for: "x://seg/\(test.raw)") as? String == test.decoded)
        #expect(router.object(for: "x://query?v=\(test.raw)") as? String == test.decoded)
        #expect(router.match("x://query?\(test.raw)=1")?.parameters.queryItems.first?.name == test.decoded)
    }

    @Test(arguments: ["100%", "%zz", "%E4", "%41%zz"])
    func malformedEscapesInLiteralsMatchThemselves(_ literal: String) throws {
        let router = try patternEchoRouter(["x://lit/\(literal)"])
        #expect(winner(router, "x://lit/\(literal)") == "x://lit/\(literal)")
    }

    static let hostileURLs: [String] = [
        "", ":", "::", "://", ":///", "%", "%%", "?", "#", "?#?#", "?&&=&=", "a:b:c", "\u{0}", "\u{0}://\u{0}",
        "x://\u{1}/\u{7F}", "%FF%FE%00", "\u{FFFF}", "🎉://🎉", "x://" + String(repeating: "/", count: 500),
        "x://" + String(repeating: "a/", count: 200), "x://a?" + String(repeating: "&", count: 1000),
        "x://a?" + String(repeating: "a=1&", count: 300), String(repeating: "%", count: 5000),
        "x://a/" + String(repeating: "%E4", count: 1000), "x://a#" + String(repeating: "#", count: 100),
    ]

    @Test(arguments: hostileURLs)
    func hostileInputNeverCrashes(_ url: String) throws {
        let router = try patternEchoRouter(["x://a/:v", "x://a/**", "/**"])
        let log = CompletionLog()
        let opened = router.open(url, completion: log.completion)
        #expect(log.all.count == 1)
        #expect(router.canOpen(url) == opened)
        _ = router.match(url)?.parameters.dictionary
        _ = router.match(url)?.fragment
        _ = router.match(url)?.wildcard
    }

    @Test func overLimitURLsFailWithLimitExceeded() throws {
        let router = Router(options: .init(limits: .init(maxURLLength: 100, maxSegments: 4, maxQueryItems: 3)))
        try router.register("/**") { request in request.complete("ok") }
        let cases = [
            "x://" + String(repeating: "a", count: 100),
            "x://a/b/c/d/e",
            "x://a?a=1&b=2&c=3&d=4",
        ]
        for url in cases {
            let log = CompletionLog()
            #expect(router.open(url, completion: log.completion) == false)
            #expect(log.all == [.failure(.limitExceeded)])
            #expect(router.canOpen(url) == false)
            #expect(router.match(url) == nil)
        }
        #expect(router.open("x://a/b/c/d?a=1&&b=2&c=3"))
    }

    @Test func fragmentIsNotMatchedButAvailableDecoded() throws {
        let router = Router()
        try router.registerObject("x://f") { $0.fragment }
        try router.registerObject("x://f/:id") { $0.parameters["id"] }
        #expect(router.object(for: "x://f#a%20b") as? String == "a b")
        #expect(router.object(for: "x://f#/a/b?c=d") as? String == "/a/b?c=d")
        #expect(router.object(for: "x://f#") as? String == "")
        #expect(router.object(for: "x://f#100%") as? String == "100%")
        #expect(router.object(for: "x://f") == nil)
        #expect(router.match("x://f")?.fragment == nil)
        #expect(router.match("x://f?q=1#top")?.fragment == "top")
        #expect(router.match("x://f?q=1#top")?.parameters.queryItems == [RouteQueryItem(name: "q", value: "1")])
        #expect(router.object(for: "x://f/1#2") as? String == "1")
        #expect(router.match("x://f/1#2")?.parameters["#2"] == nil)
    }

    @Test func urlsWithoutDoubleSlashHaveNoHost() throws {
        let router = Router()
        try router.registerObject("tel::number") { $0.parameters["number"] }
        try router.registerObject("app-settings:") { _ in "settings" }
        try router.registerObject("mailto::address") { $0.parameters["address"] }
        #expect(router.object(for: "tel:123") as? String == "123")
        #expect(router.object(for: "tel:+1-555-0100") as? String == "+1-555-0100")
        #expect(router.object(for: "TEL:%2B1") as? String == "+1")
        #expect(router.match("tel:123/456") == nil)
        #expect(router.object(for: "app-settings:") as? String == "settings")
        #expect(router.object(for: "App-Settings:") as? String == "settings")
        #expect(router.match("app-settings:general") == nil)
        #expect(router.object(for: "mailto:a@b.example?subject=hi") as? String == "a@b.example")
        #expect(router.match("mailto:a@b.example?subject=hi")?.parameters["subject"] == "hi")
    }

    @Test func mergedParametersLayerQueryUnderPathUnderUserInfo() throws {
        let router = Router()
        let merged = Slot<[String: String]>()
        try router.register("x://item/:id") { request in
            merged.set(request.mergedParameters.mapValues { "\($0)" })
        }
        #expect(router.open("x://item/42?id=7&ref=mail&q=1&q=2", userInfo: ["ref": "push", "extra": 5]))
        #expect(merged.get == ["id": "42", "ref": "push", "q": "2", "extra": "5"])
        #expect(router.open("x://item/42", userInfo: ["id": "user"]))
        #expect(merged.get == ["id": "user"])
    }

    @Test func aQueryItemNeverOverridesAPathValue() throws {
        let router = Router()
        try router.register("x://item/:id/:name.html") { _ in }
        let match = try #require(router.match("x://item/42/page.html?id=7&name=evil&id=8&other=1"))
        #expect(match.parameters["id"] == "42")
        #expect(match.parameters["name"] == "page")
        #expect(match.parameters.int("id") == 42)
        #expect(match.parameters.path == ["id": "42", "name": "page"])
        #expect(match.parameters.dictionary == ["id": "42", "name": "page", "other": "1"])
        #expect(
            Dictionary(uniqueKeysWithValues: match.parameters.map { ($0.key, $0.value) }) == match.parameters.dictionary
        )
        #expect(match.parameters.queryItems.filter { $0.name == "id" }.map(\.value) == ["7", "8"])
    }

    /// A match keeps where its first placeholder's segment is when it starts before byte 4,096
    /// and is shorter than 63 bytes, and marks a pattern without placeholders so that reading
    /// it goes straight to the query. Either side of those edges, the values read the same.
    @Test(arguments: [(4_000, 62), (4_000, 63), (4_000, 64), (4_094, 62), (4_094, 63), (4_095, 63), (4_096, 1), (6, 1)])
    func theFirstPlaceholderReadsTheSameWhereverItSits(start: Int, length: Int) throws {
        let page = String(repeating: "p", count: start - "x://".utf8.count - 1)
        let value = String(repeating: "7", count: length)
        let router = Router(options: .init(limits: .init(maxPatternLength: 8 * 1024)))
        try router.register("x://\(page)/:id") { _ in }
        try router.register("x://\(page)/:id/:name") { _ in }
        try router.register("x://\(page)/\(value)/literal") { _ in }

        let url = "x://\(page)/\(value)"
        #expect(url.utf8.count == start + length)
        let match = try #require(router.match(url + "?id=query&other=1"))
        #expect(match.pattern == "x://\(page)/:id")
        #expect(match.parameters["id"] == value)
        #expect(match.parameters.path == ["id": value])
        #expect(match.parameters.dictionary == ["id": value, "other": "1"])

        let two = try #require(router.match(url + "/second"))
        #expect(two.parameters.path == ["id": value, "name": "second"])

        let literal = try #require(router.match(url + "/literal?id=query&other=1"))
        #expect(literal.pattern == "x://\(page)/\(value)/literal")
        #expect(literal.parameters["id"] == "query")
        #expect(literal.parameters.path == [:])
        #expect(literal.parameters.dictionary == ["id": "query", "other": "1"])
    }

    @Test func userInfoAndRequestFieldsAreUnreachableFromTheURL() throws {
        let router = Router()
        let seen = Slot<String>()
        try router.register("x://item/:id") { request in
            let info = request.userInfo.keys.sorted().map { "\($0)=\(request.userInfo[$0]!)" }.joined(separator: ",")
            seen.set("\(info)|\(request.url)|\(request.pattern)|\(request.fragment ?? "-")|\(request.wildcard)")
        }
        let url = "x://item/1?source=evil&userInfo=evil&url=evil&pattern=evil&fragment=evil&wildcard=evil"
        #expect(router.open(url, userInfo: ["source": "push"]))
        #expect(seen.get == "source=push|\(url)|x://item/:id|-|[]")
        #expect(router.open("x://item/1?source=evil"))
        #expect(seen.get == "|x://item/1?source=evil|x://item/:id|-|[]")
    }

    @Test func typedParameterAccessors() throws {
        let router = Router()
        try router.register("x://t") { _ in }
        let parameters = try #require(router.match("x://t?i=42&d=1.5&b=true&o=1&z=0&n=x")).parameters
        #expect(parameters.int("i") == 42)
        #expect(parameters.int("d") == nil)
        #expect(parameters.double("d") == 1.5)
        for text in ["nan", "NaN", "inf", "-infinity", "1e999", "0x1p3", "snan"] {
            let value = try #require(router.match("x://t?amount=\(text)")).parameters
            #expect(value.double("amount") == nil, "\(text) is no finite number for a handler to compare")
        }
        #expect(parameters.bool("b") == true)
        #expect(parameters.bool("o") == true)
        #expect(parameters.bool("z") == false)
        #expect(parameters.bool("n") == nil)
        #expect(parameters.int("missing") == nil)
    }

    @Test func foundationURLOverloads() async throws {
        let router = Router()
        try router.registerObject("shop://item/:id") { $0.parameters["id"] }
        let url = try #require(URL(string: "shop://item/42?ref=home"))
        #expect(router.canOpen(url))
        #expect(router.match(url)?.parameters["ref"] == "home")
        #expect(router.object(for: url) as? String == "42")
        let log = CompletionLog()
        #expect(router.open(url, completion: log.completion))
        #expect(log.all == [.value("42")])
        #expect(try await router.value(opening: url) as? String == "42")
        let missing = try #require(URL(string: "shop://none"))
        #expect(!router.canOpen(missing))
        await #expect(throws: RouteError.notFound("shop://none")) { try await router.value(opening: missing) }
        // Foundation percent-encodes what it must; the router decodes it again.
        let unicode = try #require(URL(string: "shop://item/%E5%AE%B6"))
        #expect(router.object(for: unicode) as? String == "家")
    }
}
