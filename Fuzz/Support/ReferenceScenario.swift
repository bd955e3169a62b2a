/// Random route sets and URLs for the reference matcher (`ReferenceMatcher.swift`), from fuzzer
/// bytes or a seed. The same file is in `Fuzz/Support` and in `Tests/URLRouterTests`.

/// A source of small decisions: fuzzer bytes or a seeded generator.
protocol ReferenceChoices {
    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int
}

extension ReferenceChoices {
    mutating func pick<Element>(_ choices: [Element]) -> Element { choices[below(choices.count)] }
}

#if FUZZING  // the fuzz build has the fuzzer's bytes (`FuzzInput`); the tests, a seeded generator
extension FuzzInput: ReferenceChoices {}
#endif

/// A random route set (registrations, replacements, deregistrations) and URLs over a small
/// alphabet, so that patterns collide and overlap and the URLs reach them.
struct ReferenceScenario: Sendable {
    enum Step: Sendable {
        case register(ReferencePattern, priority: Int, replacing: Bool)
        case deregister(ReferencePattern)

        var description: String {
            switch self {
            case .register(let pattern, let priority, let replacing):
                "register \(pattern.text) priority \(priority)\(replacing ? " replacing" : "")"
            case .deregister(let pattern): "deregister \(pattern.text)"
            }
        }
    }

    var caseInsensitivePaths: Bool
    var steps: [Step] = []
    var urls: [String] = []

    /// Literals as patterns write them: escapes of the same text, a space, case, a malformed
    /// escape, text a suffix or a type also takes, and one longer than the 16 bytes a literal
    /// table slot holds.
    static let literals = [
        "a", "a", "b", "b", "A", "1", "%61", "a%20b", "a b", "x.json", "100%", "é", "%C3%A9", "true",
        "segment-longer-than-sixteen",
    ]
    static let types = ["int", "double", "bool", "uuid", "az"]
    static let suffixes = [".json", ".gz", ".tar.gz", "%2Ejson", ".JSON"]
    /// URL segments are one of these, sometimes followed by a suffix.
    static let values = [
        "a", "b", "A", "B", "1", "0", "42", "-7", "+3", "1.5", ".5", "5.", "1e3", "true", "false", "TRUE",
        "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "abc", "x", "%61", "%41", "a%20b", "a b", "a%2Fb", "%zz", "100%",
        "100%25", "%E4", "é", "%C3%A9", "%31", "x.json", "99999999999999999999", "tar", ".json", ".gz",
        "segment-longer-than-sixteen", "SEGMENT-LONGER-THAN-SIXTEEN", "segment-longer-than-sixteen.json",
    ]
    static let urlSuffixes = [".json", ".gz", ".tar.gz", "%2Ejson", ".JSON", ".json.gz"]
    static let typeValues = [
        "int": ["1", "0", "42", "-7", "+3", "%31", "99999999999999999999", "1.5"],
        "double": ["1.5", ".5", "5.", "1e3", "-7", "1", "1e", "."],
        "bool": ["true", "false", "1", "0", "TRUE"],
        "uuid": ["e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8"],
        "az": ["abc", "x", "a", "tar", "A", "%61"],
    ]

    init(_ choices: inout some ReferenceChoices, routes: Int = 20, urls: Int = 24) {
        caseInsensitivePaths = choices.below(4) == 0
        var made: [ReferencePattern] = []
        for _ in 0..<(1 + choices.below(routes)) {
            let step = choices.below(10)
            if step == 0, !made.isEmpty {
                steps.append(.deregister(choices.pick(made)))
            } else if step == 1, !made.isEmpty {
                steps.append(.register(choices.pick(made), priority: choices.pick([0, 1, -1]), replacing: true))
            } else {
                let pattern = Self.pattern(&choices, like: made.isEmpty || step > 4 ? nil : choices.pick(made))
                made.append(pattern)
                let priority = choices.below(3) == 0 ? choices.pick([1, -1, 2]) : 0
                steps.append(.register(pattern, priority: priority, replacing: choices.below(6) == 0))
            }
        }
        self.urls = (0..<(1 + choices.below(urls))).map { _ in
            Self.url(&choices, near: made.isEmpty || choices.below(4) == 0 ? nil : choices.pick(made))
        }
    }

    /// A new pattern, or (`like` given) one that differs from `like` in one segment.
    static func pattern(_ choices: inout some ReferenceChoices, like: ReferencePattern? = nil) -> ReferencePattern {
        if var pattern = like, !pattern.pieces.isEmpty {
            let index = choices.below(pattern.pieces.count)
            pattern.pieces[index].segment = segment(&choices, index, last: index == pattern.pieces.count - 1)
            return pattern
        }
        var pattern = ReferencePattern()
        switch choices.below(8) {
        case 0: pattern.scheme = nil
        case 1: pattern.scheme = "APP"
        case 2: pattern.scheme = "web"
        default: pattern.scheme = "app"
        }
        pattern.slashes = pattern.scheme == nil || choices.below(6) != 0
        var count = choices.below(5)
        // Fewer fallbacks (`scheme://` alone), which take every URL of their scheme.
        if count == 0 { count = choices.below(5) }
        if pattern.scheme == nil { count = max(count, 1) }
        var group: Int?
        var groups = 0
        for index in 0..<count {
            if group == nil, groups < 3, choices.below(4) == 0 {
                groups += 1
                group = groups
            } else if group != nil, choices.below(2) == 0 {
                group = nil
            }
            pattern.pieces.append((segment(&choices, index, last: index == count - 1), group))
        }
        return pattern
    }

    static func segment(_ choices: inout some ReferenceChoices, _ index: Int, last: Bool) -> ReferenceSegment {
        let name = "p\(index)"
        switch choices.below(16) {
        case 0...5, 14, 15: return .literal(choices.pick(literals))
        case 6, 7: return .placeholder(name: name, type: nil, suffix: "")
        case 8, 9: return .placeholder(name: name, type: choices.pick(types), suffix: "")
        case 10, 11:
            let type = choices.below(3) == 0 ? choices.pick(types) : nil
            return .placeholder(name: name, type: type, suffix: choices.pick(suffixes))
        case 12: return .any
        default: return last ? .rest : .any
        }
    }

    /// A URL: its segments random, or made to fit one combination of `pattern` and then maybe
    /// spoilt in one place.
    static func url(_ choices: inout some ReferenceChoices, near pattern: ReferencePattern?) -> String {
        var segments: [String] = []
        if let pattern, !pattern.isFallback {
            for segment in choices.pick(pattern.combinations) {
                switch segment {
                case .literal(let text):
                    segments.append(choices.below(4) == 0 ? choices.pick(literals) : text)
                case .placeholder(_, let type, let suffix):
                    let value = choices.pick(type.flatMap { typeValues[$0] } ?? values)
                    segments.append(joined(value, choices.below(4) == 0 ? choices.pick(urlSuffixes) : suffix))
                case .any:
                    segments.append(choices.pick(values))
                case .rest:
                    segments += (0..<choices.below(3)).map { _ in choices.pick(values) }
                }
            }
            if !segments.isEmpty, choices.below(4) == 0 { segments[choices.below(segments.count)] = segment(&choices) }
        } else {
            segments = (0..<choices.below(5)).map { _ in segment(&choices) }
        }
        let separator = choices.below(8) == 0 ? "//" : "/"
        var path = segments.joined(separator: separator)
        if choices.below(8) == 0 { path += "/" }
        let schemes = ["/", "", "APP://", "app:", "app:/", "web://", "other://", "app://", "app://"]
        var url =
            pattern?.scheme.map { choices.below(3) == 0 ? choices.pick(schemes) : $0 + "://" } ?? choices.pick(schemes)
        url += path
        switch choices.below(8) {
        case 0: return url + "?p1=q&p2=%zz&p0#p3"
        case 1: return url + "#frag/ment"
        default: return url
        }
    }

    static func segment(_ choices: inout some ReferenceChoices) -> String {
        let value = choices.below(3) == 0 ? choices.pick(literals) : choices.pick(values)
        return joined(value, choices.below(4) == 0 ? choices.pick(urlSuffixes) : "")
    }

    /// A value and a suffix as one segment.
    static func joined(_ value: String, _ suffix: String) -> String {
        // The article keeps a malformed escape as raw text; the router keeps the whole segment
        // raw when its escapes do not all decode to valid UTF-8 (`%E4%2Ejson` stays as it is,
        // not `%E4.json`). Only `%E4` without other escapes is generated, where both agree.
        value == "%E4" && suffix.contains("%") ? value : value + suffix
    }
}
