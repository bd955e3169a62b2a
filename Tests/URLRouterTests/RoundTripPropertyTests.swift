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

struct Example {
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

func scalars(_ s: String?) -> [UInt32]? { s.map { $0.unicodeScalars.map(\.value) } }

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
    static func makeRouter(_ r: inout SeededRandom) -> Router {
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
