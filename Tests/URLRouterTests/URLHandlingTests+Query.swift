import Testing
import URLRouter

/// How a query is read: items, flags, `+`, repeated names, URLs inside values.
extension URLHandlingTests {
    @Test func queryIsSplitOnAmpersandThenOnTheFirstEquals() throws {
        let router = Router()
        try router.register("x://q") { _ in }
        let match = try #require(router.match("x://q?a=1&b=x=y&c=&d&=e&&f=%41%20b&%67=h&i=a%26b%3Dc"))
        #expect(
            match.parameters.queryItems == [
                RouteQueryItem(name: "a", value: "1"),
                RouteQueryItem(name: "b", value: "x=y"),
                RouteQueryItem(name: "c", value: ""),
                RouteQueryItem(name: "d", value: ""),
                RouteQueryItem(name: "", value: "e"),
                RouteQueryItem(name: "f", value: "A b"),
                RouteQueryItem(name: "g", value: "h"),
                RouteQueryItem(name: "i", value: "a&b=c"),
            ])
        #expect(match.parameters["b"] == "x=y")
        #expect(match.parameters["d"] == "")
        #expect(match.parameters["g"] == "h")
        #expect(match.parameters["%67"] == nil)
        #expect(match.parameters["missing"] == nil)
    }

    @Test func flagWithoutValueIsEmptyString() throws {
        let router = Router()
        try router.registerObject("x://q") { $0.parameters["flag"] }
        #expect(router.object(for: "x://q?flag") as? String == "")
        #expect(router.object(for: "x://q?flag=") as? String == "")
        #expect(router.object(for: "x://q?other") == nil)
    }

    /// A raw query value and how it reads without and with form decoding.
    struct PlusCase: Sendable, CustomTestStringConvertible {
        let raw: String
        let plain: String
        let form: String
        init(_ raw: String, _ plain: String, _ form: String) {
            self.raw = raw
            self.plain = plain
            self.form = form
        }
        var testDescription: String { raw }
    }

    static let plusCases: [PlusCase] = [
        PlusCase("a+b", "a+b", "a b"),
        PlusCase("a%2Bb", "a+b", "a+b"),
        PlusCase("a%2bb", "a+b", "a+b"),
        PlusCase("+%2B+", "+++", " + "),
        PlusCase("a%20b+c", "a b+c", "a b c"),
        PlusCase("%E4+", "%E4+", "%E4+"),
    ]

    @Test(arguments: plusCases)
    func plusStaysPlusUnlessFormDecoding(_ test: PlusCase) throws {
        let plain = Router()
        try plain.registerObject("x://q") { $0.parameters["v"] }
        let form = Router(options: .init(formDecoding: true))
        try form.registerObject("x://q") { $0.parameters["v"] }
        #expect(plain.object(for: "x://q?v=\(test.raw)") as? String == test.plain)
        #expect(form.object(for: "x://q?v=\(test.raw)") as? String == test.form)
    }

    @Test func formDecodingAppliesToNamesButNeverToThePath() throws {
        let router = Router(options: .init(formDecoding: true))
        try router.registerObject("x://p/:v") { request in
            "\(request.parameters["v"]!)|\(request.parameters["a b"] ?? "-")|\(request.queryItems.map(\.name))"
        }
        #expect(router.object(for: "x://p/1+2?a+b=c") as? String == "1+2|c|[\"a b\"]")
    }

    @Test func repeatedNamesKeepTheLastInParametersAndAllInQueryItems() throws {
        let router = Router()
        let seen = Slot<String>()
        try router.register("x://q") { request in
            seen.set("\(request.parameters["t"]!) \(request.queryItems.map(\.description).joined(separator: ","))")
        }
        #expect(router.open("x://q?t=1&u=a&t=2&t=3&u=b"))
        #expect(seen.get == "3 t=1,u=a,t=2,t=3,u=b")
        #expect(router.match("x://q?t=1&u=a&t=2&t=3&u=b")?.parameters.dictionary == ["t": "3", "u": "b"])
    }

    @Test func anUnencodedURLInAQueryValue() throws {
        let router = Router()
        try router.registerObject("app://web") { request in
            "\(request.parameters["url"]!)|\(request.parameters["b"] ?? "-")|\(request.fragment ?? "-")"
        }
        #expect(router.object(for: "app://web?url=https://x.com/p?a=1") as? String == "https://x.com/p?a=1|-|-")
        #expect(router.object(for: "app://web?url=https://x.com/p/q?a=1&b=2") as? String == "https://x.com/p/q?a=1|2|-")
        #expect(router.object(for: "app://web?url=https://x.com/p#sec") as? String == "https://x.com/p|-|sec")
        #expect(
            router.object(for: "app://web?url=https%3A%2F%2Fx.com%2Fp%3Fa%3D1%26b%3D2") as? String
                == "https://x.com/p?a=1&b=2|-|-")
        #expect(router.match("app://web/?url=https://x.com/p")?.pattern == "app://web")
    }
}
