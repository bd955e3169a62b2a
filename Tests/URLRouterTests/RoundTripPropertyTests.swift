import Testing

@testable import URLRouter

private let valueAlphabet = [
    "a", "Z", "0", "-", ".", "..", "_", "~", "%", "%20", "%zz", "%E4", "%2F", "%2E", "/", "//", "?", "#", "&", "=",
    "+", " ", "é", "e\u{301}", "\u{301}", "\u{327}", "A\u{30A}", "\u{212B}", "家", "😀", "👨‍👩‍👧", "🇫🇷", ":", "@",
    "*", "(", ")", "<", ">", "\u{200D}", "\u{FEFF}", "ß", "İ", "ﬁ", "\\", ";", ",", "!", "$", "'", "\n", "\t",
    "\u{0}", "\u{2028}", "\u{7F}", "\u{85}", "[", "]", "{", "|",
]
private let literalAlphabet = [
    "a", "item", "B", "0", "-", "~", "%20", "%zz", "%E4", "%2F", "%3F", "%23", "%28", "é", "e\u{301}", "家", "😀",
    "\u{301}", "+", "@", "=", "&",
]
private let typedValues: [String: [String]] = [
    "int": ["0", "-1", "+1", "007", "9223372036854775807", "9223372036854775808", "1e3", "-0", " 1"],
    "double": ["1.5", "-0", "1e3", ".5", "5.", "inf", "nan", "1e999", "0x1p3", "1E-3", "+2.5"],
    "bool": ["true", "false", "1", "0", "TRUE", "yes"],
    "uuid": [
        "123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000",
        "123e4567e89b12d3a456426614174000", "{123e4567-e89b-12d3-a456-426614174000}",
    ],
    "hex": ["ff", "00", "G1", "abc", "é"],
]

private struct Example {
    var pattern = ""
    var parameters: [String: String] = [:]
    var placeholders: [String] = []
    var hasCatchAll = false
    var isFallback = false

    init(_ r: inout SeededRandom) {
        let head = r.pick(["app://", "Shop://", "tel:", "/", "x-y.z+1://", "app://"])
        if head.hasSuffix("//"), r.chance(12) {
            pattern = head
            isFallback = true
            hasCatchAll = true
            parameters["**"] = r.text(valueAlphabet, pieces: 8)
            return
        }
        var pieces: [String] = []
        let count = r.next(5) + (head == "/" ? 1 : 0)
        var usedStar = false
        for position in 0..<count {
            let name = "p\(position)"
            switch r.next(12) {
            case 0..<3:
                var literal = r.text(literalAlphabet, pieces: 3)
                if r.chance(10) { literal = r.pick([".", ".."]) }
                pieces.append(literal)
            case 3, 4:
                pieces.append(":" + name)
                placeholders.append(name)
                parameters[name] = r.text(valueAlphabet, pieces: 5)
            case 5, 6:
                let type = r.pick(["int", "double", "bool", "uuid", "hex"])
                pieces.append(":\(name)<\(type)>" + (r.chance(3) ? r.pick([".json", "-v", "é"]) : ""))
                placeholders.append(name)
                parameters[name] = r.pick(typedValues[type]!)
            case 7, 8:
                let suffix = r.pick([".html", ".tar.gz", "(.json)", "~", "\u{301}", "e\u{301}.x", ":80", "%2E"])
                pieces.append(":" + name + suffix)
                placeholders.append(name)
                parameters[name] = r.text(valueAlphabet, pieces: 4)
            case 9, 10:
                pieces.append("*")
                if !usedStar || r.chance(2) { parameters["*"] = r.text(valueAlphabet, pieces: 3) }
                usedStar = true
            default:
                if position == count - 1 {
                    pieces.append("**")
                    hasCatchAll = true
                    if !r.chance(4) { parameters["**"] = r.text(valueAlphabet, pieces: 8) }
                } else {
                    pieces.append(":" + name)
                    placeholders.append(name)
                    parameters[name] = r.text(valueAlphabet, pieces: 5)
                }
            }
        }
        // Optional groups around runs of pieces.
        var text = head
        var open = 0
        for (index, piece) in pieces.enumerated() {
            if r.chance(4) {
                text += "("
                open += 1
            }
            text += (index == 0 && head.hasSuffix("/") ? "" : "/") + piece
            if open > 0, r.chance(2) {
                text += ")"
                open -= 1
            }
        }
        text += String(repeating: ")", count: open)
        pattern = text
        // Some placeholders left out (their groups drop), some leftovers for the query.
        for name in placeholders where r.chance(6) { parameters[name] = nil }
        for _ in 0..<r.next(3) {
            let name = r.chance(8) ? "" : r.text(valueAlphabet, pieces: 2)
            if parameters[name] == nil { parameters[name] = r.chance(6) ? "" : r.text(valueAlphabet, pieces: 4) }
        }
    }
}

/// The same text in another canonical spelling.
private func swapForms(_ s: String) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "é": out += "e\u{301}"
        case "\u{212B}": out += "A\u{30A}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

private func scalars(_ s: String?) -> [UInt32]? { s.map { $0.unicodeScalars.map(\.value) } }

private func encodeAll(_ s: String) -> String {
    var out = ""
    for byte in s.utf8 {
        if (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) {
            out.append(Character(UnicodeScalar(byte)))
        } else {
            out += "%" + String(byte, radix: 16, uppercase: true).leftPad()
        }
    }
    return out
}
extension String {
    fileprivate func leftPad() -> String { count == 1 ? "0" + self : self }
}

struct RoundTripPropertyTests {
    fileprivate static func makeRouter(_ r: inout SeededRandom) -> Router {
        let router = Router(options: .init(caseInsensitivePaths: r.chance(3), formDecoding: r.chance(2)))
        try! router.register(RouteParameterType("hex") { $0.allSatisfy(\.isHexDigit) && !$0.isEmpty })
        return router
    }

    @Test(arguments: 0..<10 as Range<UInt64>)
    func generationThenMatchGivesEverythingBack(batch: UInt64) throws {
        var r = SeededRandom(seed: 0x5EED_0000 &+ batch &* 7919)
        var checked = 0
        var refused: [String: Int] = [:]
        for index in 0..<600 {
            let example = Example(&r)
            let router = Self.makeRouter(&r)
            let label =
                "batch \(batch) case \(index): \(example.pattern.debugDescription) \(example.parameters.debugDescription)"
            do { try router.register(example.pattern) { _ in } } catch {
                refused["register: " + String(error.message.prefix(60)), default: 0] += 1
                continue
            }
            let url: String
            do { url = try router.url(for: example.pattern, parameters: example.parameters) } catch {
                let m = error.message
                let known =
                    m.contains("would not give its values back") || m.contains("dot segment")
                    || m.contains("is empty") || m.contains("is not of type") || m.contains("needs a value")
                    || m.contains("only with the other placeholders of its optional group")
                #expect(known, "\(label): unexpected refusal \(error)")
                refused[known ? "known" : m, default: 0] += 1
                continue
            }
            var full = url
            let fragment: String? = r.chance(3) ? r.text(valueAlphabet, pieces: 4) : nil
            if let fragment { full += "#" + encodeAll(fragment) }
            guard let match = router.match(full) else {
                Issue.record("\(label) → \(full.debugDescription) matches nothing")
                continue
            }
            #expect(match.pattern == example.pattern, "\(label) → \(full.debugDescription)")
            let p = match.parameters
            let inPath = Set(p.path.keys)
            for (name, value) in example.parameters where name != "*" && name != "**" {
                let twin = swapForms(name)
                #expect(
                    scalars(p[twin]) == scalars(value),
                    "\(label) → \(full.debugDescription): [\(twin.debugDescription)] canonical twin")
                #expect(
                    scalars(p[name]) == scalars(value),
                    "\(label) → \(full.debugDescription): [\(name)] = \(p[name].debugDescription)")
                #expect(
                    scalars(p.dictionary[name]) == scalars(value),
                    "\(label) → \(full.debugDescription): dictionary[\(name)]")
                if !inPath.contains(name) {
                    #expect(
                        p.queryItems.contains { $0.name == name && scalars($0.value) == scalars(value) },
                        "\(label) → \(full.debugDescription): queryItems lack \(name.debugDescription)")
                }
            }
            // The subscript agrees with the dictionary on every name it holds.
            for (name, value) in p.dictionary {
                #expect(
                    scalars(p[name]) == scalars(value), "\(label) → \(full.debugDescription): dict vs subscript \(name)"
                )
            }
            let parsed = try RoutePattern(example.pattern, knownTypes: { _ in true }, limits: .init())
            let chosen =
                parsed.isFallback
                ? [PatternSegment.catchAll] : try Router.expansion(of: parsed, for: example.parameters)
            if chosen.last == .catchAll {
                let expected = example.parameters["**", default: ""].unicodeScalars.split(separator: "/").map {
                    String(Substring($0))
                }
                #expect(
                    match.wildcard.map { scalars($0)! } == expected.map { scalars($0)! },
                    "\(label) → \(full.debugDescription): wildcard \(match.wildcard)")
            } else {
                #expect(match.wildcard == [], "\(label)")
            }
            #expect(
                scalars(match.fragment) == scalars(fragment),
                "\(label) → \(full.debugDescription): fragment \(match.fragment.debugDescription)")
            // explain agrees with match.
            let explanation = router.explain(full)
            #expect(
                explanation.winner == match.pattern,
                "\(label) → \(full.debugDescription): explain winner \(explanation.winner.debugDescription)")
            #expect(
                explanation.candidates.first?.verdict == .won, "\(label) → \(full.debugDescription): \(explanation)")
            #expect(explanation.queryItems == p.queryItems, "\(label) → \(full.debugDescription): explain query")
            #expect(
                scalars(explanation.fragment) == scalars(match.fragment),
                "\(label) → \(full.debugDescription): explain fragment")
            // canOpen agrees.
            #expect(router.canOpen(full), "\(label) → \(full.debugDescription)")
            checked += 1
        }
        print("batch \(batch): checked \(checked), refused \(refused)")
        #expect(checked > 150)
    }
}

private let segmentPool = [
    "item", "Item", "ITEM", "42", "-7", "1.5", "true", "1", "0", "abc", "ff", "x.html", "a.tar.gz", ".html", ".", "..",
    "%2E", "%2e%2E", "a%2Fb", "%69tem", "é", "e%CC%81", "%C3%A9", "家", "😀", "+", "a b", "%20", "%E4", "%zz",
    "123e4567-e89b-12d3-a456-426614174000", "5.json", "5-v", "v-v", "~", "x~", "a:80", "new", "edit",
    "X.HTML", "a.TAR.gz", "5.JSON", "5-V", "V-V", "X~", "NEW", "É", "%C3%89", "ff.json", "FF",
]
private let patternPool = [
    "item", "Item", "new", ":id", ":id<int>", ":n<double>", ":b<bool>", ":u<uuid>", ":h<hex>", ":page.html",
    ":name.tar.gz", ":name.gz", ":n<int>.json", ":n.json", ":v-v", "*", "%69tem", "é", "e%CC%81", ".", "..",
    ":x~", "x~", ":h<hex>.json", ":x<int>-v", "É", "NEW",
]

extension RoundTripPropertyTests {
    /// Random tables, random URLs: `explain` names the same winner as `match`, marks exactly it
    /// `.won`, and every other candidate that matched says why it lost.
    @Test(arguments: 0..<10 as Range<UInt64>)
    func explainAgreesWithMatch(batch: UInt64) throws {
        var r = SeededRandom(seed: 0xE4_0000 &+ batch &* 104_729)
        var agreed = 0
        for round in 0..<40 {
            let router = Self.makeRouter(&r)
            var registered: [String] = []
            for _ in 0..<(3 + r.next(10)) {
                let scheme = r.pick(["app://", "APP://", "/", "tel:", "other://"])
                var text = scheme
                let count = r.next(4) + (scheme == "/" ? 1 : 0)
                for position in 0..<count {
                    var piece = r.pick(patternPool)
                    if piece.hasPrefix(":") {  // unique names
                        let name = piece.dropFirst().prefix { $0.isLetter }
                        piece = ":" + name + "\(position)" + piece.dropFirst(1 + name.count)
                    }
                    let sep = (position == 0 && text.hasSuffix("/")) ? "" : "/"
                    text += r.chance(6) ? "(" + sep + piece + ")" : sep + piece
                }
                if r.chance(5) { text += (text.hasSuffix("/") ? "" : "/") + "**" }
                if r.chance(12) { text = r.pick(["app://", "**", "tel://"]) }
                let priority = r.chance(5) ? r.pick([-1, 1, 2]) : 0
                if (try? router.register(text, priority: priority, handler: { _ in })) != nil {
                    registered.append(text)
                }
            }
            for index in 0..<60 {
                var url = r.pick(["app://", "App://", "tel:", "tel://", "other://", "/", "x://"])
                for position in 0..<r.next(5) {
                    url += (position == 0 && url.hasSuffix("/") ? "" : r.pick(["/", "/", "//"])) + r.pick(segmentPool)
                }
                if r.chance(4) { url += "?" + r.pick(["a=1", "a+b=c+d", "x=%2B&x=2", "=", "&&q"]) }
                if r.chance(6) { url += "#" + r.pick(["f", "%20", "a+b"]) }
                let label = "batch \(batch) round \(round) case \(index): \(url.debugDescription) in \(registered)"
                let match = router.match(url)
                let explanation = router.explain(url)
                #expect(explanation.winner == match?.pattern, "\(label)\n\(explanation)")
                let won = explanation.candidates.filter { $0.verdict == .won }.map(\.pattern)
                #expect(won == (match.map { [$0.pattern] } ?? []), "\(label)\n\(explanation)")
                if let match {
                    #expect(explanation.queryItems == match.parameters.queryItems, "\(label)")
                    #expect(explanation.fragment == match.fragment, "\(label)")
                    agreed += 1
                }
                #expect(router.canOpen(url) == (match != nil), "\(label)")
            }
        }
        #expect(agreed > 100)
    }
}

private func flipASCIICase(_ s: Substring, _ r: inout SeededRandom) -> String {
    String(
        decoding: s.utf8.map { b in (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A && r.chance(2) ? b ^ 0x20 : b },
        as: UTF8.self)
}

extension RoundTripPropertyTests {
    /// Link origins: a URL printed for any origin comes back to the route, under that origin's
    /// pattern, with its values; the scheme and web host match in any ASCII case.
    @Test(arguments: 0..<6 as Range<UInt64>)
    func originsRoundTrip(batch: UInt64) throws {
        var r = SeededRandom(seed: 0x0419_0000 &+ batch &* 15_485_863)
        let origins: [LinkOrigin] = [
            .scheme("Shop"), .scheme("x-app"), .web("Shop.Example.com"), .web("www.shop.example.com"),
        ]
        var checked = 0
        for index in 0..<300 {
            var example = Example(&r)
            guard !example.isFallback else { continue }
            // Scheme-less path.
            if let range = example.pattern.range(of: "://") ?? example.pattern.range(of: "tel:") {
                example.pattern = String(example.pattern[range.upperBound...])
            }
            let router = Self.makeRouter(&r)
            let label =
                "batch \(batch) case \(index): \(example.pattern.debugDescription) \(example.parameters.debugDescription)"
            guard (try? router.register(example.pattern, origins: origins) { _ in }) != nil else { continue }
            let origin = r.pick(origins)
            let url: String
            do { url = try router.url(for: example.pattern, parameters: example.parameters, origin: origin) } catch {
                continue
            }
            let info = try #require(router.routes.first)
            // Flip the case of the scheme and, for a web origin, of the host.
            let schemeEnd = url.range(of: ":")!.lowerBound
            var flipped = flipASCIICase(url[..<schemeEnd], &r) + url[schemeEnd...]
            if case .web = origin {
                let hostStart = flipped.index(flipped.startIndex, offsetBy: "https://".count)
                let hostEnd = flipped[hostStart...].firstIndex { "/?#".contains($0) } ?? flipped.endIndex
                flipped =
                    String(flipped[..<hostStart]) + flipASCIICase(flipped[hostStart..<hostEnd], &r)
                    + flipped[hostEnd...]
            }
            for candidate in [url, flipped] {
                guard let match = router.match(candidate) else {
                    Issue.record("\(label) → \(candidate.debugDescription) for \(origin) matches nothing")
                    continue
                }
                #expect(
                    info.originPatterns.contains(match.pattern),
                    "\(label) → \(candidate.debugDescription): \(match.pattern)")
                for (name, value) in example.parameters where name != "*" && name != "**" {
                    #expect(
                        scalars(match.parameters[name]) == scalars(value),
                        "\(label) → \(candidate.debugDescription): \(name)")
                }
                #expect(router.explain(candidate).winner == match.pattern, "\(label) → \(candidate.debugDescription)")
            }
            if case .web = origin {
                let http = "http" + url.dropFirst("https".count)
                #expect(router.match(http) == nil, "\(label) → \(http.debugDescription)")
            }
            checked += 1
        }
        #expect(checked > 100)
    }
}

extension RoundTripPropertyTests {
    /// A `**` value its optional group cannot print is lost without an error: the URL does not
    /// give it back, and `url(for:)` throws for a missing placeholder, as the article promises.
    @Test func aCatchAllItsGroupCannotPrintIsNotDroppedSilently() throws {
        let router = Router()
        try router.register("files://open(/:mode/**)") { _ in }
        let parameters = ["**": "docs/a.txt"]
        let error = try #require(caught { try router.url(for: "files://open(/:mode/**)", parameters: parameters) })
        #expect(error.code == .missingParameter, "\(error)")
        #expect(
            error.message
                == #""files://open(/:mode/**)" prints "**" only with the other placeholders of its optional group."#)
        // Given the group's other placeholder, the value is printed and read back.
        let url = try router.url(for: "files://open(/:mode/**)", parameters: ["mode": "r", "**": "docs/a.txt"])
        #expect(router.match(url)?.wildcard == ["docs", "a.txt"], "\(url)")
    }

    /// A host literal's `@` and `:` are printed as the pattern writes them, so that another URL
    /// parser reads userinfo or a port only where the pattern has one (beside optional groups, they
    /// are encoded); a path's stay as they are.
    @Test(arguments: [
        ("shop://a%40b/:x", "shop://a%40b/1"), ("shop://a%3ab/:x", "shop://a%3Ab/1"),
        ("shop://a%40b:8080/:x", "shop://a%40b:8080/1"), ("shop://%E5%AE%B6@b%3A/:x", "shop://%E5%AE%B6@b%3A/1"),
        ("shop://x/a%40b:c/:x", "shop://x/a@b:c/1"), ("shop://(:p.v/:q)/a@b/:x", "shop://a%40b/1"),
        ("http://localhost:8080(/:x)", "http://localhost:8080/1"), ("shop://a@b(/:x(/:y))", "shop://a@b/1"),
    ])
    func aHostLiteralIsPrintedAsWritten(pattern: String, expected: String) throws {
        let router = Router()
        try router.register(pattern) { _ in }
        let url = try router.url(for: pattern, parameters: ["x": "1"])
        #expect(router.match(url)?.pattern == pattern)
        #expect(url == expected)
    }
}

extension RoundTripPropertyTests {
    /// The handler's request reads what `match` reads; `mergedParameters["**"]` is the path `**`
    /// took (a query item `**` never stands in for it).
    @Test(arguments: 0..<4 as Range<UInt64>)
    func theHandlerSeesWhatMatchSees(batch: UInt64) throws {
        var r = SeededRandom(seed: 0x4A4D_0000 &+ batch)
        var opened = 0
        var catchAlls = 0
        for index in 0..<300 {
            var example = Example(&r)
            let router = Self.makeRouter(&r)
            let seen = Locked<[String: String]?>(nil)
            let merged = Locked<String?>(nil)
            let wildcard = Locked<[String]>([])
            guard
                (try? router.register(example.pattern) { request in
                    seen.withLock { $0 = request.parameters.dictionary }
                    merged.withLock { $0 = request.mergedParameters["**"] as? String }
                    wildcard.withLock { $0 = request.wildcard }
                    request.complete(nil)
                }) != nil
            else { continue }
            if r.chance(2) { example.parameters["**"] = example.parameters["**"] ?? "x" }
            guard var url = try? router.url(for: example.pattern, parameters: example.parameters) else { continue }
            if r.chance(2) { url += (url.contains("?") ? "&" : "?") + "%2A%2A=" + r.pick(["q", "", "a/b"]) }
            let label = "batch \(batch) case \(index): \(example.pattern.debugDescription) → \(url.debugDescription)"
            let match = try #require(router.match(url), "\(label)")
            #expect(router.open(url), "\(label)")
            opened += 1
            #expect(seen.withLock { $0 } == match.parameters.dictionary, "\(label)")
            #expect(wildcard.withLock { $0 } == match.wildcard, "\(label)")
            let isCatchAll = example.isFallback || example.pattern.hasSuffix("**") || example.pattern.hasSuffix("**)")
            if isCatchAll {
                let joined = match.wildcard.joined(separator: "/")
                #expect(merged.withLock { $0 } == (joined.isEmpty ? nil : joined), "\(label)")
                catchAlls += 1
            }
        }
        // Enough examples print and open, and enough of them have a `**`, for the checks above to mean something.
        #expect(opened >= 150, "batch \(batch): only \(opened) opened")
        #expect(catchAlls >= 15, "batch \(batch): only \(catchAlls) with a catch-all")
    }
}

extension RoundTripPropertyTests {
    /// "On a route with `**` a query item named `**` never stands in for that path, not even when
    /// it took no segment": also when the combination that matched leaves the `**` out.
    @Test(arguments: ["files://open?**=evil", "files://open?%2A%2A=evil"])
    func aQueryItemNeverStandsInForTheCatchAllOfAnOptionalGroup(url: String) throws {
        let router = Router()
        let merged = Locked<[String: any Sendable]>([:])
        try router.register("files://open(/:mode/**)") { request in
            merged.withLock { $0 = request.mergedParameters }
            request.complete(nil)
        }
        #expect(router.open(url))
        #expect(merged.withLock { $0["**"] } == nil, "\(url)")
    }
}
