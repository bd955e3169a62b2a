import Foundation
import Testing

@testable import URLRouter

/// Every byte but ASCII letters and digits percent-encoded, so that any text fits in one segment or query value.
private func encoded(_ text: String) -> String {
    text.utf8.map { byte in
        byte < 0x80 && (Character(UnicodeScalar(byte)).isLetter || Character(UnicodeScalar(byte)).isNumber)
            ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
    }.joined()
}

/// A router with one typed placeholder route per built-in type, and a plain query route.
private func typedRouter() throws -> Router {
    let router = Router()
    for type in ["int", "double", "bool", "uuid"] { try router.register("x://\(type)/:v<\(type)>") { _ in } }
    try router.register("x://q") { _ in }
    try router.register("x://p/:v") { _ in }
    return router
}

/// A text, and what `int`, `double` and `bool` give for it by the documented rules.
struct ConversionCase: Sendable, CustomTestStringConvertible {
    let text: String
    let int: Int?
    let double: Double?
    let bool: Bool?
    init(_ text: String, int: Int? = nil, double: Double? = nil, bool: Bool? = nil) {
        (self.text, self.int, self.double, self.bool) = (text, int, double, bool)
    }
    var testDescription: String { "\"\(text)\"" }
}

@Suite("Parameters: conversions agree with typed placeholders and the docs")
struct ParameterConversionTests {
    static let cases: [ConversionCase] = [
        ConversionCase("42", int: 42, double: 42),
        ConversionCase("+1", int: 1, double: 1),
        ConversionCase("-0", int: 0, double: -0.0),
        ConversionCase("01", int: 1, double: 1),
        ConversionCase("0", int: 0, double: 0, bool: false),
        ConversionCase("1", int: 1, double: 1, bool: true),
        ConversionCase("1e3", double: 1000),
        ConversionCase("1E3", double: 1000),
        ConversionCase("1.", double: 1),
        ConversionCase(".5", double: 0.5),
        ConversionCase("-.5", double: -0.5),
        ConversionCase("1.e2", double: 100),
        ConversionCase("1e-400", double: 0),
        ConversionCase("1e"),
        ConversionCase("e3"),
        ConversionCase("."),
        ConversionCase("0x10"),
        ConversionCase("0x1p3"),
        ConversionCase(" 1"),
        ConversionCase("1 "),
        ConversionCase("inf"),
        ConversionCase("-inf"),
        ConversionCase("infinity"),
        ConversionCase("nan"),
        ConversionCase("NaN"),
        ConversionCase("1e999"),
        ConversionCase("-1e999"),
        ConversionCase("1_000"),
        ConversionCase("1,5"),
        ConversionCase("+"),
        ConversionCase("-"),
        ConversionCase("--1"),
        ConversionCase("+-1"),
        ConversionCase(""),
        ConversionCase("9223372036854775807", int: Int.max, double: 9_223_372_036_854_775_808),
        ConversionCase("-9223372036854775808", int: Int.min, double: -9_223_372_036_854_775_808),
        ConversionCase("9223372036854775808", double: 9_223_372_036_854_775_808),
        ConversionCase("١٢"),
        ConversionCase("１２"),
        ConversionCase("true", bool: true),
        ConversionCase("false", bool: false),
        ConversionCase("TRUE"),
        ConversionCase("True"),
        ConversionCase("yes"),
        ConversionCase("no"),
        ConversionCase("t"),
        ConversionCase("f"),
        ConversionCase("on"),
        ConversionCase("00", int: 0, double: 0),
        ConversionCase("1" + String(repeating: "0", count: 308), double: 1e308),
        ConversionCase("1" + String(repeating: "0", count: 309)),
        ConversionCase("0." + String(repeating: "0", count: 400) + "1", double: 0),
    ]

    @Test(arguments: cases)
    func conversionsFollowTheDocumentedRules(_ test: ConversionCase) throws {
        let router = try typedRouter()
        for url in ["x://q?v=\(encoded(test.text))", "x://p/\(encoded(test.text))"] {
            guard let match = router.match(url) else {
                // No placeholder takes an empty or a `.` segment.
                #expect(test.text.isEmpty || test.text == ".", "\(url) does not match")
                continue
            }
            #expect(match.parameters["v"] == test.text, "\(url)")
            #expect(match.parameters.int("v") == test.int, "\(url)")
            #expect(match.parameters.double("v") == test.double, "\(url)")
            #expect(match.parameters.bool("v") == test.bool, "\(url)")
        }
    }

    @Test(arguments: cases)
    func typedPlaceholdersAgreeWithConversions(_ test: ConversionCase) throws {
        let router = try typedRouter()
        let parameters = router.match("x://q?v=\(encoded(test.text))")!.parameters
        let segment = encoded(test.text)
        #expect((router.match("x://int/\(segment)") != nil) == (parameters.int("v") != nil))
        #expect((router.match("x://double/\(segment)") != nil) == (parameters.double("v") != nil))
        #expect((router.match("x://bool/\(segment)") != nil) == (parameters.bool("v") != nil))
        if let match = router.match("x://int/\(segment)") { #expect(match.parameters.int("v") == test.int) }
        if let match = router.match("x://double/\(segment)") { #expect(match.parameters.double("v") == test.double) }
        if let match = router.match("x://bool/\(segment)") { #expect(match.parameters.bool("v") == test.bool) }
    }

    static let uuids: [(String, Bool)] = [
        ("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", true),
        ("e621e1f8-c36c-495a-93fc-0c247a3e6e5f", true),
        ("e621E1F8-c36c-495A-93fc-0C247A3E6E5F", true),
        ("E621E1F8C36C495A93FC0C247A3E6E5F", false),
        ("{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}", false),
        ("E621E1F8-C36C-495A-93FC-0C247A3E6E5G", false),
        ("E621E1F8-C36C-495A-93FC-0C247A3E6E5", false),
        ("E621E1F8-C36C-495A-93FC0-C247A3E6E5F", false),
        ("E621E1F8-C36C-495A-93FC-0C247A3E6E5F0", false),
        ("+621E1F8-C36C-495A-93FC-0C247A3E6E5F", false),
    ]

    /// `<uuid>` and a `UUID` field take the same texts, whatever the letter case (Foundation alone is laxer: it
    /// takes `+621E1F8-…`).
    @Test(arguments: uuids)
    func uuidPlaceholderAgreesWithTheUUIDConversion(_ text: String, _ valid: Bool) throws {
        let router = try typedRouter()
        #expect((router.match("x://uuid/\(encoded(text))") != nil) == valid)
        #expect((ParameterDecoder.scalar(text, as: UUID.self) != nil) == valid)
    }
}

/// A query, and the items and `v` it reads as, without and with form decoding.
struct QueryCase: Sendable, CustomTestStringConvertible {
    let query: String
    let items: [String]
    let formItems: [String]?
    init(_ query: String, _ items: [String], form: [String]? = nil) {
        (self.query, self.items, self.formItems) = (query, items, form)
    }
    var testDescription: String { query }
}

@Suite("Parameters: query and path decoding")
struct ParameterDecodingTests {
    static let queries: [QueryCase] = [
        QueryCase("a=1=2", ["a=1=2"]),
        QueryCase("a=1&&b=2", ["a=1", "b=2"]),
        QueryCase("&&", []),
        QueryCase("&a&", ["a="]),
        QueryCase("a=1;b=2", ["a=1;b=2"]),
        QueryCase("a=1?b=2", ["a=1?b=2"]),
        QueryCase("?a=1", ["?a=1"]),
        QueryCase("a=1#b=2", ["a=1"]),
        QueryCase("a=%231", ["a=#1"]),
        QueryCase("=", ["="]),
        QueryCase("=v", ["=v"]),
        QueryCase("a", ["a="]),
        QueryCase("a=", ["a="]),
        QueryCase("a=%E4", ["a=%E4"]),
        QueryCase("a=%41%E4", ["a=%41%E4"]),
        QueryCase("a=%C0%AF", ["a=%C0%AF"]),
        QueryCase("a=%ED%A0%80", ["a=%ED%A0%80"]),
        QueryCase("a=%F4%90%80%80", ["a=%F4%90%80%80"]),
        QueryCase("a=%F0%9F%98%80", ["a=😀"]),
        QueryCase("a=%", ["a=%"]),
        QueryCase("a=%4", ["a=%4"]),
        QueryCase("a=%%41", ["a=%A"]),
        QueryCase("a=%zz%41", ["a=%zzA"]),
        QueryCase("a=%00", ["a=\u{0}"]),
        QueryCase("%61=1", ["a=1"]),
        QueryCase("a+b=c+d", ["a+b=c+d"], form: ["a b=c d"]),
        QueryCase("a%2Bb=c%2Bd", ["a+b=c+d"], form: ["a+b=c+d"]),
        QueryCase("a=%20+", ["a= +"], form: ["a=  "]),
        QueryCase("a=1&a=2", ["a=1", "a=2"]),
        QueryCase("a=caf%C3%A9", ["a=café"]),
        QueryCase("a=café", ["a=café"]),
    ]

    @Test(arguments: queries)
    func queryItemsReadAsDocumented(_ test: QueryCase) throws {
        for form in [false, true] {
            let router = Router(options: .init(formDecoding: form))
            try router.register("x://q") { _ in }
            let match = try #require(router.match("x://q?\(test.query)"))
            let expected = form ? test.formItems ?? test.items : test.items
            #expect(match.parameters.queryItems.map(\.description) == expected, "form \(form)")
            for item in match.parameters.queryItems {
                let last = match.parameters.queryItems.last { $0.name == item.name }!
                #expect(match.parameters[item.name] == last.value)
                #expect(match.parameters.dictionary[item.name] == last.value)
            }
            #expect(match.parameters.dictionary.count == Set(match.parameters.queryItems.map(\.name)).count)
            #expect(Dictionary(uniqueKeysWithValues: Array(match.parameters)) == match.parameters.dictionary)
        }
    }

    static let segments: [(String, String, String?)] = [
        ("x://p/:v", "a%20b", "a b"),
        ("x://p/:v", "a+b", "a+b"),
        ("x://p/:v", "a%2Bb", "a+b"),
        ("x://p/:v", "%E4", "%E4"),
        ("x://p/:v", "%41%E4", "%41%E4"),
        ("x://p/:v", "%41%zz", "A%zz"),
        ("x://p/:v", "a%2Fb", "a/b"),
        ("x://p/:v", "%", "%"),
        ("x://p/:v", "caf%C3%A9", "café"),
        ("x://p/:v.html", "a%20b.html", "a b"),
        ("x://p/:v.html", "a.ht%6Dl", "a"),
        ("x://p/:v.html", "%E4.html", "%E4"),
        ("x://p/:v.html", "%41%E4.html", "%41%E4"),
        ("x://p/:v.html", "a.html.html", "a.html"),
        ("x://p/:v.html", ".html", nil),
        ("x://p/:v.html", "..html", nil),
        ("x://p/:v<int>.json", "42.json", "42"),
        ("x://p/:v<int>.json", "%34%32.json", "42"),
        ("x://p/:v.網頁", "a.網頁", "a"),
        ("x://p/:v.網頁", "a.%E7%B6%B2%E9%A0%81", "a"),
        ("x://p/:v.網頁", "%E4.網頁", "%E4"),
    ]

    @Test(arguments: segments)
    func placeholderValuesReadAsDocumented(_ pattern: String, _ segment: String, _ value: String?) throws {
        for form in [false, true] {
            let router = Router(options: .init(formDecoding: form))
            try router.register(pattern) { _ in }
            for suffix in ["", "?v=q", "?x=1#f", "/"] {
                let match = router.match("x://p/\(segment)\(suffix)")
                #expect(match?.parameters["v"] == value, "\(segment)\(suffix)")
                #expect(match?.parameters.path["v"] == value)
                #expect(match?.parameters.dictionary["v"] == value)
            }
        }
    }

    @Test func mergedParametersAreQueryUnderPathUnderUserInfo() throws {
        let router = Router()
        let seen = Slot<[String: String]>()
        try router.register("x://m/:id/**") { request in
            seen.set(request.mergedParameters.mapValues { "\($0)" })
        }
        #expect(router.open("x://m/42/a/b%20c?id=7&ref=mail&**=q&only=q", userInfo: ["ref": "push", "**": "u"]))
        #expect(seen.get == ["id": "42", "ref": "push", "**": "u", "only": "q"])
        #expect(router.open("x://m/42/a/b%20c?id=7&**=q", userInfo: [:]))
        #expect(seen.get == ["id": "42", "**": "a/b c"])
        #expect(router.open("x://m/42?id=7&**=q", userInfo: ["id": "u"]))
        #expect(seen.get == ["id": "u"])
    }

    @Test func wildcardAndFragmentDecode() throws {
        let router = Router()
        try router.register("x://w/**") { _ in }
        let match = try #require(router.match("x://w/a%20b/c+d//%E4/e%2Ff?q=1#fr%20ag#x"))
        #expect(match.wildcard == ["a b", "c+d", "%E4", "e/f"])
        #expect(match.fragment == "fr ag#x")
        #expect(match.parameters["q"] == "1")
        let noQuery = try #require(router.match("x://w/a#f?q=1"))
        #expect(noQuery.parameters["q"] == nil)
        #expect(noQuery.fragment == "f?q=1")
        #expect(noQuery.wildcard == ["a"])
    }
}
