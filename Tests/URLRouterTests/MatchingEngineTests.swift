import Testing

@testable import URLRouter

/// The matching engine's own paths: literal keys of every length, captures kept in the match or
/// found again by scanning, and a randomised comparison with a plain reference matcher.
@Suite struct MatchingEngineTests {
    /// Literal keys live inside hash slots up to 16 bytes and in the arena beyond; hosts fold case
    /// eight bytes at a time.
    @Test(arguments: [1, 7, 8, 9, 15, 16, 17, 24, 31, 40])
    func literalOfEveryLength(length: Int) throws {
        let host = String((0..<length).map { Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
        let path = String(repeating: "p", count: length)
        let router = Router()
        try router.register("app://\(host)/\(path)") { _ in }
        try router.register("app://\(host)/\(path)x") { _ in }
        #expect(router.match("app://\(host)/\(path)")?.pattern == "app://\(host)/\(path)")
        #expect(router.match("APP://\(host.uppercased())/\(path)")?.pattern == "app://\(host)/\(path)")
        #expect(router.match("app://\(host)/\(path)x")?.pattern == "app://\(host)/\(path)x")
        #expect(router.match("app://\(host)/\(path.uppercased())") == nil, "paths stay case-sensitive")
        #expect(router.match("app://\(host)/\(path.dropLast())") == nil)
        #expect(router.match("app://\(host)x/\(path)") == nil)
    }

    /// The memory figures rest on these sizes: a node is 20 bytes, a literal slot (key and node)
    /// 48, a leaf (pattern, route, first placeholder) 40.
    @Test func nodesSlotsAndLeavesKeepTheirSize() {
        #expect(MemoryLayout<Trie.Node>.stride == 20)
        #expect(MemoryLayout<LiteralTable.Slot>.stride == 48)
        #expect(MemoryLayout<Trie.Leaf>.stride == 40)
    }

    /// A step of ``aPlaceholdersLeafFollowsEveryChange(_:)``: register (`+`, `+!` replacing) or
    /// deregister (`-`) a pattern, then what `app://p/7` matches.
    struct LeafChangeCase: CustomTestStringConvertible, Sendable {
        let steps: [(String, String?)]
        var testDescription: String { steps.map(\.0).joined(separator: ", ") }
    }

    /// A URL ending in a placeholder takes whatever leaf that placeholder's node holds after
    /// every change: registrations, removals, replacements, and routes below it.
    @Test(arguments: [
        LeafChangeCase(steps: [("+app://p/:id", "app://p/:id"), ("-app://p/:id", nil), ("+app://p/:x", "app://p/:x")]),
        LeafChangeCase(steps: [
            ("+app://p/:id/**", "app://p/:id/**"), ("+app://p/:id", "app://p/:id"),
            ("-app://p/:id", "app://p/:id/**"), ("-app://p/:id/**", nil),
        ]),
        LeafChangeCase(steps: [("+app://p/:id/more", nil), ("+app://p/:id", "app://p/:id"), ("-app://p/:id", nil)]),
        LeafChangeCase(steps: [("+app://p/:id", "app://p/:id"), ("+!app://p/:n", "app://p/:n")]),
        LeafChangeCase(steps: [
            ("+app://p/:id", "app://p/:id"), ("+app://p/:id<int>", "app://p/:id<int>"),
            ("-app://p/:id<int>", "app://p/:id"),
        ]),
        LeafChangeCase(steps: [
            ("+app://:host/:id", "app://:host/:id"), ("+app://p/:id/x", "app://:host/:id"),
            ("+app://p/:id", "app://p/:id"), ("-app://p/:id", "app://:host/:id"),
        ]),
    ])
    func aPlaceholdersLeafFollowsEveryChange(_ test: LeafChangeCase) throws {
        let router = Router()
        for (step, expected) in test.steps {
            if step.hasPrefix("+!") {
                try router.register(String(step.dropFirst(2)), replacing: true) { _ in }
            } else if step.hasPrefix("+") {
                try router.register(String(step.dropFirst())) { _ in }
            } else {
                #expect(router.deregister(String(step.dropFirst())))
            }
            #expect(router.match("app://p/7")?.pattern == expected, "after \(step)")
        }
    }

    @Test func caseInsensitivePathsFoldLongSegments() throws {
        let router = Router(options: .init(caseInsensitivePaths: true))
        try router.register("app://host/AVeryLongPathSegmentIndeed/Short") { _ in }
        #expect(router.match("app://HOST/averylongpathsegmentindeed/SHORT") != nil)
        #expect(router.match("app://host/averylongpathsegmentindeeD/shorT") != nil)
        #expect(router.match("app://host/averylongpathsegmentindee/short") == nil)
    }

    struct CaptureCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let url: String
        let expected: [String: String]
        var testDescription: String { "\(pattern) ← \(url)" }
    }

    /// The first placeholder is kept in the leaf and its raw range in the match (unless it is
    /// encoded); later ones come from the leaf's list and are found again by scanning.
    @Test(arguments: [
        CaptureCase(pattern: "app://a/:p.x/:q", url: "app://a/%41.x/2", expected: ["p": "A", "q": "2"]),
        CaptureCase(pattern: "app://a/:x", url: "app://a/1", expected: ["x": "1"]),
        CaptureCase(pattern: "app://:h/:x/:y", url: "app://H/2/3", expected: ["h": "H", "x": "2", "y": "3"]),
        CaptureCase(
            pattern: "app://a/:p/:q/:r/:s/:t", url: "app://a/1/2/3/4/5",
            expected: ["p": "1", "q": "2", "r": "3", "s": "4", "t": "5"]),
        CaptureCase(
            pattern: "app://a/:p.html/b/:q<int>.json/:r.x", url: "app://a/page.html/b/42.json/%41.x",
            expected: ["p": "page", "q": "42", "r": "A"]),
        CaptureCase(
            pattern: "app://a//:p///:q/**", url: "app://a///1//2/rest/of/it?p=query&z=9#frag",
            expected: ["p": "1", "q": "2", "z": "9"]),
        CaptureCase(pattern: "tel:/:number", url: "tel:+1-555", expected: ["number": "+1-555"]),
        CaptureCase(pattern: "/:a/:b/:c", url: "any://x/y/z", expected: ["a": "x", "b": "y", "c": "z"]),
    ])
    func capturesWhereverTheyAre(_ test: CaptureCase) throws {
        let router = Router()
        try router.register(test.pattern) { _ in }
        let match = try #require(router.match(test.url))
        #expect(match.parameters.dictionary == test.expected)
        for (name, value) in test.expected { #expect(match.parameters[name] == value) }
    }

    /// A match keeps no range for a capture that starts past 4 KiB or is 64 bytes or longer, nor
    /// the query's start past 8 KiB; those are found by scanning again.
    @Test(arguments: [63, 64, 5_000, 9_000, 70_000])
    func capturesAndQueriesOfLongURLs(_ length: Int) throws {
        let router = Router(options: .init(limits: .init(maxURLLength: 200_000)))
        try router.register("app://a/:long/:short/tail/**") { _ in }
        let long = String(repeating: "z", count: length)
        let match = try #require(router.match("app://a/\(long)/s/tail/w1/w%202?q=1&r=%20#f%20g"))
        #expect(match.parameters["long"] == long)
        #expect(match.parameters["short"] == "s")
        #expect(match.parameters["r"] == " ")
        #expect(match.parameters.queryItems.map(\.name) == ["q", "r"])
        #expect(match.wildcard == ["w1", "w 2"])
        #expect(match.fragment == "f g")
        let first = try #require(router.match("app://a/s/\(long)/tail?q=\(long)"))
        #expect(first.parameters["long"] == "s")
        #expect(first.parameters["short"] == long)
        #expect(first.parameters["q"] == long)
    }

    /// The query runs from the first `?` to the first `#`; the fragment follows that `#`.
    @Test func queryAndFragmentAreFoundAgainWhenRead() throws {
        let router = Router()
        try router.register("app://x/:id") { _ in }
        let both = try #require(router.match("app://x/1?q=a?b&id=9#f#g?h=1"))
        #expect(both.parameters["q"] == "a?b")
        #expect(both.parameters["id"] == "1")
        #expect(both.parameters["h"] == nil)
        #expect(both.parameters.queryItems.map(\.name) == ["q", "id"])
        #expect(both.fragment == "f#g?h=1")
        let fragmentOnly = try #require(router.match("app://x/1#frag?not=query"))
        #expect(fragmentOnly.parameters["not"] == nil)
        #expect(fragmentOnly.parameters.queryItems.isEmpty)
        #expect(fragmentOnly.fragment == "frag?not=query")
        let neither = try #require(router.match("app://x/1"))
        #expect(neither.parameters["q"] == nil)
        #expect(neither.fragment == nil)
        let empty = try #require(router.match("app://x/1?#"))
        #expect(empty.parameters.queryItems.isEmpty)
        #expect(empty.fragment == "")
    }

    @Test func wildcardAndFragmentFollowTheLeaf() throws {
        let router = Router()
        try router.register("app://files/:owner/**") { _ in }
        try router.register("app://") { _ in }
        let files = try #require(router.match("app://files/me/a/b%2Fc#x"))
        #expect(files.wildcard == ["a", "b/c"])
        #expect(files.parameters["owner"] == "me")
        #expect(files.fragment == "x")
        let empty = try #require(router.match("app://files/me"))
        #expect(empty.wildcard == [])
        let fallback = try #require(router.match("app://other/place?q=1"))
        #expect(fallback.pattern == "app://")
        #expect(fallback.wildcard == ["other", "place"])
        #expect(fallback.fragment == nil)
    }
}
