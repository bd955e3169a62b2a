import Foundation
import Testing

@testable import URLRouter

private enum TQShade: String, Codable, Sendable {
    case red, green
    case navy = "navy blue"
    case cafe = "café"
}

private struct TQItem: URLRoute, Equatable {
    static let pattern = "tq://item/:id<int>/:level"
    var id: Int
    var level: Int8
    var port: UInt16?
    var ratio: Double?
    var on: Bool?
    var token: UUID?
    var shade: TQShade?
    var note: String?
    var tags: [String]
    var codes: [UInt16]
}

private struct TQFiles: URLRoute, Equatable {
    static let pattern = "tq://files/:owner/**"
    var owner: String
    var path: String?
    var mode: TQShade
    enum CodingKeys: String, CodingKey {
        case owner
        case path = "**"
        case mode
    }
}

private struct TQList: URLRoute, Equatable {
    static let pattern = "tq://list(/:page<int>)(/sort/:key)"
    var page: Int8?
    var key: TQShade?
    var exact: Bool
    var ids: [Int]
}

/// What a handler was given, and completes with.
private enum TQHanded: Equatable, Sendable {
    case item(TQItem)
    case files(TQFiles)
    case list(TQList)
    case fallback
}

/// Hostile URLs, mostly near-misses of three typed routes, against those routes and an untyped
/// fallback below them: `match(_:as:)` reads what the documented decoding rules (written out
/// again here) read, its values print and read back, a route that does not take a URL hands it
/// to the fallback, and a typed handler gets what `match(_:as:)` returns.
@Suite struct TypedMatchingPropertyTests {
    @Test(arguments: 0..<4)
    func typedMatchingFollowsTheDecodingRules(batch: UInt64) throws {
        var random = SeededRandom(seed: 0x7E_D000 + batch)
        let router = Router()
        try router.register(TQItem.self) { $1.complete(TQHanded.item($0)) }
        try router.register(TQFiles.self) { $1.complete(TQHanded.files($0)) }
        try router.register(TQList.self) { $1.complete(TQHanded.list($0)) }
        try router.register("tq://") { $0.complete(TQHanded.fallback) }
        var tally: [String: Int] = [:]
        for index in 0..<250 {
            let sample = random.chance(8) ? nil : Sample(&random)
            let url = sample?.text ?? "tq://" + random.pick(["item/", "files/", "list/"]) + random.text(pieces: 12)
            let label = "seed \(batch), case \(index): \(url.debugDescription)"
            let read = sample.map { ($0.path.filter { !$0.isEmpty }.map(decoded), Query($0.query)) }
            let item = typedMatch(url, router, label, expected: read.map { try? Self.item($0, $1) })
            let files = typedMatch(url, router, label, expected: read.map { try? Self.files($0, $1) })
            let list = typedMatch(url, router, label, expected: read.map { try? Self.list($0, $1) })
            let winner = router.match(url)?.pattern
            let explanation = router.explain(url)
            #expect(explanation.winner == winner, "\(label): explain names \(String(describing: explanation.winner))")
            #expect(router.canOpen(url) == (winner != nil), "\(label): canOpen disagrees with match")
            let typed: [(String, TQHanded?)] = [
                (TQItem.pattern, item.map(TQHanded.item)), (TQFiles.pattern, files.map(TQHanded.files)),
                (TQList.pattern, list.map(TQHanded.list)),
            ]
            for (pattern, value) in typed { #expect((winner == pattern) == (value != nil), "\(label): \(pattern)") }
            let first: String? =
                if case .matched(let raw) = router.currentTable().lookup(url) { raw.pattern } else { nil }
            if let first, first != winner {
                // The fallback takes what is left, unless its path is no plain relative one.
                let fallback =
                    read.map { path, _ in
                        ReferenceRouter.breaksRest(path.map { Array($0.utf8) }[...]) ? nil : "tq://"
                    } ?? winner
                let passed = typed.contains { $0.0 == first } && winner == fallback
                #expect(passed, "\(label): \(first) passed over for \(String(describing: winner))")
                let verdict = explanation.candidates.first { $0.pattern == first }?.verdict
                let named = if case .fieldMismatch? = verdict { true } else { false }
                #expect(named, "\(label): explain's verdict for \(first) is \(String(describing: verdict))")
            }
            let handed = Recorder<TQHanded?>()
            router.open(url) { handed.record(try? $0.get() as? TQHanded) }
            let expected = winner.map { _ in typed.compactMap { $0.1 }.first ?? .fallback }
            #expect(handed.values == [expected], "\(label): the handlers got \(handed.values)")
            let key = first == nil ? "nothing" : first == winner ? winner == "tq://" ? "fallback" : "typed" : "passed"
            tally[key, default: 0] += 1
        }
        #expect(tally["typed", default: 0] > 35 && tally["passed", default: 0] > 40, "too few typed matches: \(tally)")
        #expect(tally["fallback", default: 0] > 70, "too few URLs no typed pattern matched: \(tally)")
    }

    private static func item(_ segments: [String], _ query: Query) throws -> TQItem {
        guard segments.count == 3, lowered(segments[0]) == Array("item".utf8), !segments.contains(where: isDot) else {
            throw Refused()
        }
        let (port, codes): ((String) -> UInt16?, (String) -> UInt16?) = (integer, integer)
        return TQItem(
            id: try must(integer(segments[1])), level: try must(integer(segments[2])),
            port: try query.optional("port", port), ratio: try query.optional("ratio", double),
            on: try query.optional("on", boolean), token: try query.optional("token", uuid),
            shade: try query.optional("shade", TQShade.init(rawValue:)), note: try query.optional("note") { $0 },
            tags: try query.array("tags") { $0 }, codes: try query.array("codes", codes))
    }

    /// `**` takes the segments after the owner; none may hold an empty or dot piece, behind a `%2F` either.
    private static func files(_ segments: [String], _ query: Query) throws -> TQFiles {
        let rest = segments.dropFirst(2)
        let pieces = rest.flatMap { $0.utf8.split(separator: 47, omittingEmptySubsequences: false).map(text) }
        guard segments.count >= 2, lowered(segments[0]) == Array("files".utf8), !isDot(segments[1]),
            pieces.allSatisfy({ !$0.isEmpty && !isDot($0) })
        else { throw Refused() }
        let path = rest.isEmpty ? nil : rest.joined(separator: "/")
        return TQFiles(owner: segments[1], path: path, mode: try query.required("mode", TQShade.init(rawValue:)))
    }

    /// `list`, `list/page`, `list/sort/key` or `list/page/sort/key`, the page an `<int>` in `Int8`.
    private static func list(_ segments: [String], _ query: Query) throws -> TQList {
        var rest = Array(segments.dropFirst())
        guard segments.first.map(lowered) == Array("list".utf8), !rest.contains(where: isDot) else { throw Refused() }
        let page: Int8? = rest.count % 2 == 1 ? try must(integer(rest.removeFirst())) : nil
        guard rest.isEmpty || (rest.count == 2 && rest[0] == "sort") else { throw Refused() }
        return TQList(
            page: page, key: try rest.last.map { try must(TQShade(rawValue: $0)) },
            exact: try query.required("exact", boolean), ids: try query.array("ids", integer as (String) -> Int?))
    }

    struct Refused: Error {}
    static func must<T>(_ value: T?) throws -> T {
        guard let value else { throw Refused() }
        return value
    }

    /// Query items split on the first `=`, name and value decoded; a field reads the last of its name.
    struct Query {
        let items: [(name: String, value: String)]
        init(_ raw: [String]) {
            items = raw.map { item in
                let parts = item.utf8.split(separator: 61, maxSplits: 1, omittingEmptySubsequences: false).map(text)
                return (decoded(parts[0]), parts.count > 1 ? decoded(parts[1]) : "")
            }
        }
        func optional<T>(_ name: String, _ convert: (String) -> T?) throws -> T? {
            try items.last { $0.name == name }.map { try must(convert($0.value)) }
        }
        func required<T>(_ name: String, _ convert: (String) -> T?) throws -> T { try must(optional(name, convert)) }
        func array<T>(_ name: String, _ convert: (String) -> T?) throws -> [T] {
            try items.filter { $0.name == name }.map { try must(convert($0.value)) }
        }
    }

    /// Sign and ASCII digits, in the type's range.
    static func integer<T: FixedWidthInteger>(_ text: String) -> T? {
        let sign = text.first == "-" || text.first == "+" ? 1 : 0
        let digits = text.utf8.dropFirst(sign)
        guard !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }),
            digits.drop(while: { $0 == 48 }).count < 30
        else { return nil }
        let value = digits.reduce(Int128(0)) { $0 * 10 + Int128($1 - 48) }
        return T(exactly: text.first == "-" ? -value : value)
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`, finite.
    static func double(_ text: String) -> Double? {
        let form = try! Regex("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?").matchingSemantics(.unicodeScalar)
        return text.wholeMatch(of: form) != nil ? Double(text).flatMap { $0.isFinite ? $0 : nil } : nil
    }

    static func boolean(_ text: String) -> Bool? { ["true": true, "1": true, "false": false, "0": false][text] }
    static func uuid(_ text: String) -> UUID? {
        let hex = Array("0123456789abcdefABCDEF".utf8)
        let form = text.utf8.enumerated().allSatisfy { [8, 13, 18, 23].contains($0) ? $1 == 45 : hex.contains($1) }
        return text.utf8.count == 36 && form ? UUID(uuidString: text) : nil
    }

    static func isDot(_ text: String) -> Bool { text == "." || text == ".." }
    static func lowered(_ text: String) -> [UInt8] { text.utf8.map { (65...90).contains($0) ? $0 | 0x20 : $0 } }
}

/// Bytes split on an ASCII byte (a `=` or `/`, as the router splits, not on `Character`s) as text.
private func text(_ bytes: Substring.UTF8View) -> String { String(decoding: bytes, as: UTF8.self) }

/// `%XX` escapes decoded, malformed ones left as they are; the raw text when the bytes are no UTF-8.
private func decoded(_ raw: String) -> String {
    let input = Array(raw.utf8)
    var (bytes, index) = ([UInt8](), 0)
    while index < input.count {
        let pair = input.dropFirst(index + 1).prefix(2)
        let escape = pair.count == 2 && pair.allSatisfy { Character(UnicodeScalar($0)).isHexDigit }
        bytes.append(
            input[index] == 37 && escape ? UInt8(String(decoding: pair, as: UTF8.self), radix: 16)! : input[index])
        index += input[index] == 37 && escape ? 3 : 1
    }
    return String(validating: bytes, as: UTF8.self) ?? raw
}

/// `match(url, as:)`, compared with `expected` when the URL was built to be read, and printed and read back.
private func typedMatch<Route: URLRoute & Equatable>(
    _ url: String, _ router: Router, _ label: String, expected: Route??
) -> Route? {
    let value = router.match(url, as: Route.self)
    if let expected { #expect(value == expected, "\(label): read \(String(describing: value))") }
    guard let value else { return nil }
    do throws(RouteError) {
        let printed = try router.url(for: value)
        let back = router.match(printed, as: Route.self)
        #expect(back == value, "\(label): \(value) prints \(printed), which reads \(String(describing: back))")
    } catch { Issue.record("\(label): \(value) does not print: \(error)") }
    return value
}

/// A URL built from valid values of one of the routes, one of them (or none) swapped for a hostile text, with
/// the path and query sometimes bent; its raw pieces hold no `/`, `?`, `#` or `&` of their own.
private struct Sample {
    let path: [String]
    let query: [String]
    let text: String
    static let ints = ["0", "1", "42", "127", "007", "+1", "-0", "%31%32"]
    static let doubles = ["0", "1.5", "-2.25e3", ".5", "1.", "6.02E23", "1e-400", "%2D1.5", "+0.0"]
    static let bools = ["true", "false", "1", "0", "%74rue"]
    static let uuids = ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"]
    static let shades = ["red", "green", "navy%20blue", "caf%C3%A9", "cafe%CC%81", "café"]
    static let texts = ["a", "x%20y", "%C3%A9", "e%CC%81", "家", "😀", "a%2Fb", "%2B", "+", "%00", "%41%E4", "100%", "="]
    static let hostile =
        (#"|.|..|%2E|%2e%2E|-7|-128|255|65535|1e400|-1e400|nan|NaN|inf|-inf|0x1F|1_000|%201|1%20| 1|%2B1|1%00|%00|%E4"#
        + #"|%zz|%|%4|１|١|1%CC%81|128|-129|256|65536|-1|9223372036854775807|9223372036854775808|-9223372036854775809"#
        + #"|1e|e5|--1|+-1|TRUE|True|yes|01|RED|navy+blue|navy blue|{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}|%26|%23|%3F"#
        + #"|E621E1F8C36C495A93FC0C247A3E6E5F|E621E1F8-C36C-495A-93FC-0C247A3E6E5|G621E1F8-C36C-495A-93FC-0C247A3E6E5F"#
        + #"|%2F|a%2F..|%2Fa|..%2Fetc|a%3Db"#).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    static func hostile(_ random: inout SeededRandom) -> String {
        switch random.next(10) {
        case 0, 1: random.text(SeededRandom.literal, pieces: 4)
        case 2: String(repeating: random.pick(["a", "%41", "0", "9", "e%CC%81"]), count: 300 + random.next(700))
        default: random.pick(hostile)
        }
    }
    init(_ random: inout SeededRandom) {
        var (path, query, mutated, slot) = ([String](), [String](), 0, 0)
        func add(_ name: String?, _ values: [String], odds: Int = 1, repeats: Int = 1) {
            for _ in 0..<repeats where odds == 1 || !random.chance(odds) {
                let text = slot == mutated ? Self.hostile(&random) : random.pick(values)
                if let name { query.append(name + "=" + text) } else { path.append(text) }
                slot += 1
            }
        }
        switch random.next(3) {
        case 0:
            (path, mutated) = ([random.pick(["item", "item", "ITEM", "It%65m", "items"])], random.next(10))
            add(nil, Self.ints, repeats: 2)
            let kinds = [Self.ints, Self.doubles, Self.bools, Self.uuids, Self.shades, Self.texts]
            for (name, kind) in zip(["port", "ratio", "on", "token", "shade", "note"], kinds) {
                add(name, kind, odds: 3)
            }
            add("tags", Self.texts, repeats: random.next(4))
            add("codes", Self.ints, repeats: random.next(4))
        case 1:
            (path, mutated) = ([random.pick(["files", "FILES", "file"])], random.next(5))
            add(nil, Self.texts, repeats: 1 + random.next(4))
            add("mode", Self.shades, odds: 10)
        default:
            (path, mutated) = (["list"], random.next(4))
            add(nil, Self.ints, odds: 2)
            if random.chance(2) {
                path.append(random.pick(["sort", "sort", "SORT"]))
                add(nil, Self.shades)
            }
            add("exact", Self.bools, odds: 10)
            add("ids", Self.ints, repeats: random.next(4))
        }
        if random.chance(6) { path.insert(random.pick(["", ".", "..", "%2E", "x"]), at: 1 + random.next(path.count)) }
        if random.chance(8), path.count > 1 { path.removeLast() }
        if random.chance(4) {
            let decoys = ["id=7", "level=1", "page=3", "key=red", "owner=x", "**=evil", "", "=", "mode", "exact"]
            query.insert(random.pick(decoys), at: random.next(query.count + 1))
        }
        if random.chance(4), let item = query.randomElement(using: &random), let name = item.split(separator: "=").first
        {
            let spelled = random.pick(["%" + String(name.utf8.first!, radix: 16) + name.dropFirst(), String(name)])
            let text = random.chance(2) ? Self.hostile(&random) : random.pick(Self.ints + Self.shades)
            query.insert(spelled + "=" + text, at: random.next(query.count + 1))
        }
        let scheme = random.pick(["tq://", "tq://", "TQ://", "tq:", "tq:///"])
        let fragment = random.chance(5) ? "#" + random.text(SeededRandom.literal) : ""
        (self.path, self.query) = (path, query)
        text =
            scheme + path.joined(separator: "/") + (query.isEmpty ? "" : "?") + query.joined(separator: "&") + fragment
    }
}
