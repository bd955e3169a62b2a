import Foundation
import Testing

@testable import URLRouter

/// Where values sit in long URLs, optional groups, other URL shapes, declines; and a random comparison with a
/// plain reading of the documented query and segment rules.
@Suite("Parameters: positions and a reference reading")
struct ParameterReadingTests {
    @Test(arguments: [0, 10, 62, 63, 64, 4090, 4100, 8200])
    func longValuesAndPositions(_ length: Int) throws {
        let router = Router(options: .init(limits: .init(maxURLLength: 100_000)))
        try router.register("x://p/:pad/:a/:b.html") { _ in }
        let long = String(repeating: "z", count: length)
        for (pad, a, b) in [(long, "A", "B"), ("p", long, "B"), ("p", "A", long), ("p%20", long, long)] {
            let url = "x://p/\(pad)/\(a)/\(b).html?\(long)=1&q=\(long)x#frag"
            guard !a.isEmpty, !b.isEmpty, !pad.isEmpty else {
                #expect(router.match(url) == nil, "an empty value is no segment a placeholder takes: \(url)")
                continue
            }
            let match = try #require(router.match(url))
            #expect(match.parameters["pad"] == pad.replacingOccurrences(of: "%20", with: " "))
            #expect(match.parameters["a"] == a)
            #expect(match.parameters["b"] == b)
            #expect(match.parameters["q"] == long + "x")
            #expect(match.fragment == "frag")
            #expect(match.parameters.dictionary.count == 5)
        }
    }

    @Test func optionalGroupsAndStarCaptures() throws {
        let router = Router()
        try router.register("x://o/*/:a(/:b<int>)(/x/:c)") { _ in }
        #expect(router.match("x://o/s/A")?.parameters.path == ["a": "A"])
        #expect(router.match("x://o/s/A/5")?.parameters.path == ["a": "A", "b": "5"])
        #expect(router.match("x://o/s/A/x/C")?.parameters.path == ["a": "A", "c": "C"])
        #expect(router.match("x://o/s/A/5/x/C")?.parameters.path == ["a": "A", "b": "5", "c": "C"])
        #expect(router.match("x://o/s%20/A%20/5/x/C%20")?.parameters.path == ["a": "A ", "b": "5", "c": "C "])
    }

    @Test func schemelessTelAndWeb() throws {
        let router = Router()
        try router.register("item/:id") { _ in }
        try router.register("tel:/:n") { _ in }
        try router.register("item/:id/**", origins: [.web("shop.example.com")]) { _ in }
        #expect(router.match("any://item/7?x=1")?.parameters["id"] == "7")
        #expect(router.match("tel:123?x=1")?.parameters["n"] == "123")
        #expect(router.match("tel:12%203")?.parameters["n"] == "12 3")
        let web = router.match("https://shop.example.com/item/9/a/b?x=1")
        #expect(web?.parameters["id"] == "9")
        #expect(web?.wildcard == ["a", "b"])
    }

    @Test func declinedRouteHandsOverTheNextRoutesParameters() throws {
        let router = Router()
        let seen = Slot<String>()
        try router.register("x://d/:a<int>") { request in
            request.decline()
        }
        try router.register("x://d/:b") { request in
            seen.set("\(request.parameters["b"] ?? "-") \(request.parameters["a"] ?? "-") \(request.pattern)")
        }
        #expect(router.open("x://d/5?a=q"))
        #expect(seen.get == "5 q x://d/:b")
    }

    @Test func foundationURL() throws {
        let router = Router()
        try router.register("x://f/:v") { _ in }
        let url = try #require(URL(string: "x://f/a%20b?q=1+2&r=%E4#h"))
        let match = try #require(router.match(url))
        #expect(match.parameters["v"] == "a b")
        #expect(match.parameters["q"] == "1+2")
        #expect(match.parameters["r"] == "%E4")
        #expect(match.fragment == "h")
    }
}

extension ParameterReadingTests {
    @Test(arguments: [
        "a+b", "a b", "%E4", "%41%E4", "%zz", "%", "1=2", "a&b", "#", "?", ";", "é", "e\u{301}", "\u{0}", "", "+",
        "%2B", "a/b", "日本", "\u{FFFD}", "..", ".",
    ])
    func generatedValuesReadBack(_ text: String) throws {
        for form in [false, true] {
            let router = Router(options: .init(formDecoding: form))
            try router.register("x://q") { _ in }
            try router.register("x://p/:v") { _ in }
            let q = try router.url(for: "x://q", parameters: ["v": text, text: "n"])
            let m = try #require(router.match(q))
            #expect(m.parameters["v"] == text, "\(q) form \(form)")
            #expect(m.parameters[text] == (text == "v" ? text : "n"), "\(q) form \(form)")
            if !text.isEmpty && text != "." && text != ".." {
                let p = try router.url(for: "x://p/:v", parameters: ["v": text])
                #expect(router.match(p)?.parameters["v"] == text, "\(p) form \(form)")
            }
        }
    }
}

/// The documented decoding, written plainly: escapes of valid UTF-8, else the raw text.
private func referenceDecode(_ raw: ArraySlice<UInt8>, form: Bool) -> String {
    var bytes: [UInt8] = []
    var decodedAny = false
    let source = Array(raw)
    var i = 0
    while i < source.count {
        if source[i] == 37, i + 2 < source.count, let h = hexValue(source[i + 1]), let l = hexValue(source[i + 2]) {
            bytes.append(h << 4 | l); decodedAny = true; i += 3
        } else {
            bytes.append(form && source[i] == 43 ? 32 : source[i]); i += 1
        }
    }
    if decodedAny, String(validating: bytes, as: UTF8.self) == nil { return String(decoding: raw, as: UTF8.self) }
    return String(decoding: bytes, as: UTF8.self)
}

extension ParameterReadingTests {
    @Test(arguments: 0..<4)
    func randomQueriesAgreeWithReference(_ seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        for form in [false, true] {
            let router = Router(options: .init(formDecoding: form))
            try router.register("**") { _ in }
            try router.register("x://p/:v") { _ in }
            var (matched, withQuery, placeholders) = (0, 0, 0)
            for _ in 0..<3000 {
                let url = (random.chance(2) ? "x://p/" + random.text() : random.url())
                guard let match = router.match(url) else { continue }
                matched += 1
                let all = Array(url.utf8)
                let hash = all.firstIndex(of: 35)
                let beforeFragment = all[..<(hash ?? all.count)]
                var items: [RouteQueryItem] = []
                if let q = beforeFragment.firstIndex(of: 63) {
                    for item in beforeFragment[(q + 1)...].split(separator: 38) {
                        let parts = item.split(separator: 61, maxSplits: 1, omittingEmptySubsequences: false)
                        items.append(
                            RouteQueryItem(
                                name: referenceDecode(parts[0], form: form),
                                value: parts.count > 1 ? referenceDecode(parts[1], form: form) : ""))
                    }
                }
                #expect(match.parameters.queryItems == items, "\(url)")
                if !items.isEmpty { withQuery += 1 }
                var dict: [String: String] = [:]
                for item in items { dict[item.name] = item.value }
                for (k, v) in match.parameters.path { dict[k] = v }
                #expect(match.parameters.dictionary == dict, "\(url)")
                for name in Set(items.map(\.name) + ["v", "**"]) {
                    #expect(match.parameters[name] == dict[name], "\(url) \(name)")
                }
                if match.pattern == "x://p/:v" {
                    placeholders += 1
                    let path = beforeFragment[6...].prefix { $0 != 63 }
                    let seg = path.split(separator: 47)
                    #expect(seg.count == 1)
                    #expect(match.parameters["v"] == referenceDecode(seg[0], form: false), "\(url)")
                }
                if let hash {
                    #expect(match.fragment == referenceDecode(all[(hash + 1)...], form: false), "\(url)")
                } else {
                    #expect(match.fragment == nil)
                }
            }
            // Most URLs match, many with a query and many through the placeholder: the checks are not vacuous.
            #expect(
                matched >= 2500 && withQuery >= 300 && placeholders >= 1000, "\(matched), \(withQuery), \(placeholders)"
            )
        }
    }
}
