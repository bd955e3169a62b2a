import Foundation
import Testing

@testable import URLRouter

/// A route with a field of every supported type, in the path and in the query.
struct RoundTripRoute: URLRoute, Equatable {
    static let pattern = "trip://v/:word/:count<int>/:amount"
    var word: String
    var count: Int
    var amount: Double
    var note: String?
    var flag: Bool?
    var token: UUID?
    var sort: Sort?
    var level: Level?
    var words: [String]
    var numbers: [Int]?
    var big: UInt64?
    var tiny: Int8?
    var ratio: Float?

    static func random(using random: inout SeededRandom) -> RoundTripRoute {
        func maybe<Value>(_ make: () -> Value) -> Value? { random.chance(3) ? nil : make() }
        func text(allowEmpty: Bool) -> String {
            if allowEmpty, random.chance(5) { return "" }
            return random.text(
                SeededRandom.nasty + ["é", "e\u{301}", "ﬁ", "\u{0}", "%2F", "..", ".", "a b", "\n"], pieces: 6)
        }
        func double() -> Double {
            while true {
                let value =
                    random.chance(2)
                    ? Double(bitPattern: random.next()) : Double(Int.random(in: -999...999, using: &random)) / 8
                if value.isFinite { return value }
            }
        }
        let word = text(allowEmpty: false)  // `.` and `..` are refused in a path (see GenerationTests)
        return RoundTripRoute(
            word: [".", ".."].contains(word) ? word + "_" : word, count: Int(bitPattern: UInt(random.next())),
            amount: double(),
            note: maybe { text(allowEmpty: true) },
            flag: maybe { random.chance(2) },
            token: maybe {
                withUnsafeBytes(of: (random.next(), random.next())) { UUID(uuid: $0.load(as: uuid_t.self)) }
            },
            sort: maybe { random.pick([Sort.price, .name]) },
            level: maybe { random.pick([Level.low, .high]) },
            words: (0..<random.next(4)).map { _ in text(allowEmpty: true) },
            numbers: maybe { (0..<1 + random.next(3)).map { _ in Int.random(in: .min ... .max, using: &random) } },
            big: maybe { random.next() },
            tiny: maybe { Int8.random(in: .min ... .max, using: &random) },
            ratio: maybe { Float(double()) }.flatMap { $0.isFinite ? $0 : nil })
    }
}

@Suite("Typed routes: round trip")
struct TypedRoundTripTests {
    @Test("url(for:) then match(_:as:) gives the value back", arguments: [1, 2, 3, 4] as [UInt64])
    func roundTrip(seed: UInt64) throws {
        let router = Router()
        try router.register(RoundTripRoute.self) { _, _ in }
        try router.register("trip://**") { _ in }
        var random = SeededRandom(seed: seed)
        for _ in 0..<200 {
            let value = RoundTripRoute.random(using: &random)
            let url = try router.url(for: value)
            let back = router.match(url, as: RoundTripRoute.self)
            #expect(back == value, "\(url)")
            #expect(router.canOpen(url))
            #expect(router.explain(url).winner == RoundTripRoute.pattern, "\(url)")
        }
    }

    @Test func emptyPathValuesAreRefusedWhenPrinting() throws {
        let router = Router()
        try router.register(RoundTripRoute.self) { _, _ in }
        let error = caught { try router.url(for: RoundTripRoute(word: "", count: 1, amount: 1, words: [])) }
        #expect(error?.code == .invalidParameter)
    }
}

/// A route whose values can make its link longer than the router opens.
struct NoteRoute: URLRoute, Equatable {
    static let pattern = "notes://note/:id"
    var id: String
    var tags: [String] = []
}

@Suite("Typed routes: links over the limits")
struct LinkLimitTests {
    @Test(
        "a link the router would refuse to open is refused when printed",
        arguments: [("a", 17_000, 0, "maxURLLength"), ("é", 3_000, 0, "maxURLLength"), ("a", 1, 300, "maxQueryItems")])
    func overTheLimits(id: String, length: Int, tags: Int, option: String) throws {
        let route = NoteRoute(id: String(repeating: id, count: length), tags: Array(repeating: "t", count: tags))
        let router = Router()
        try router.register(NoteRoute.self) { _, _ in }
        let error = caught { try router.url(for: route) }
        #expect(error?.code == .limitExceeded)
        #expect(error?.message.contains(option) == true, "\(String(describing: error))")
        let untyped = caught { try router.url(for: NoteRoute.pattern, parameters: ["id": route.id]) }
        #expect(untyped?.code == (route.id.count > 1 ? .limitExceeded : nil))
    }

    @Test func aLinkJustUnderTheLimitIsPrintedAndOpens() throws {
        let router = Router()
        try router.register(NoteRoute.self) { _, _ in }
        let route = NoteRoute(id: String(repeating: "a", count: 16 * 1024 - "notes://note/".utf8.count))
        let url = try router.url(for: route)
        #expect(url.utf8.count == 16 * 1024)
        #expect(router.match(url, as: NoteRoute.self) == route)
    }
}
