import Testing

@testable import URLRouter

/// Random route sets against a reference matcher that applies the routing rules literally: try
/// every pattern, keep the complete matches, take the lowest tier, then the most specific by
/// comparing segment ranks from the left (a pattern that ends beats `**` matching nothing).
@Suite struct MatchingReferenceTests {
    private enum Piece: Equatable {
        case literal(String)
        case placeholder(String)
        case any, rest

        var rank: Int {
            switch self {
            case .literal: 0
            case .placeholder: 3
            case .any: 4
            case .rest: 5
            }
        }

        var text: String {
            switch self {
            case .literal(let text): text
            case .placeholder(let name): ":" + name
            case .any: "*"
            case .rest: "**"
            }
        }
    }

    private struct Pattern {
        let scheme: String?  // nil: scheme-less
        let pieces: [Piece]
        var priority = 0
        var isFallback: Bool { scheme != nil && pieces.isEmpty }
        var text: String {
            guard let scheme else { return "/" + pieces.map(\.text).joined(separator: "/") }
            return "\(scheme)://" + pieces.map(\.text).joined(separator: "/")
        }

        /// The rank sequence when it matches `segments`, else nil. -1 marks "ends here".
        func ranks(_ segments: [String]) -> [Int]? {
            if isFallback { return [6] }
            var ranks: [Int] = []
            for (index, piece) in pieces.enumerated() {
                if piece == .rest { return ranks + [5] }
                guard index < segments.count else { return nil }
                if case .literal(let literal) = piece {
                    let equal =
                        index == 0 ? literal.lowercased() == segments[index].lowercased() : literal == segments[index]
                    guard equal else { return nil }
                }
                ranks.append(piece.rank)
            }
            return pieces.count == segments.count ? ranks + [-1] : nil
        }
    }

    private static let literals = ["a", "b", "c", "segment-longer-than-sixteen"]
    private static let urlSegments = [
        "a", "b", "c", "B", "x", "segment-longer-than-sixteen", "SEGMENT-LONGER-THAN-SIXTEEN",
    ]

    /// Seeds from 100 on give some routes a priority other than 0.
    @Test(arguments: 0..<300)
    func agreesWithTheReference(seed: Int) throws {
        try check(seed: seed)
    }

    private func check(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &+ 1)
        let router = Router()
        var registered: [Pattern] = []
        for index in 0..<24 {
            let scheme: String? = random.next(6) == 0 ? nil : "app"
            var pieces: [Piece] = []
            for position in 0..<random.next(4) {
                switch random.next(8) {
                case 0...3: pieces.append(.literal(Self.literals[random.next(Self.literals.count)]))
                case 4, 5: pieces.append(.placeholder("p\(position)"))
                case 6: pieces.append(.any)
                default: pieces.append(.rest)
                }
                if pieces.last == .rest { break }
            }
            if scheme == nil && pieces.isEmpty { pieces = [.literal("a")] }
            var pattern = Pattern(scheme: scheme, pieces: pieces)
            if seed >= 100 { pattern.priority = [0, 0, 0, 1, -1, 2][random.next(6)] }
            do {
                try router.register(pattern.text, priority: pattern.priority) { _ in }
                registered.append(pattern)
            } catch {
                #expect(error.code == .conflict, "\(pattern.text) at \(index): \(error)")
            }
        }
        for _ in 0..<60 {
            let scheme = random.next(4) == 0 ? "web" : "app"
            let segments = (0..<random.next(5)).map { _ in Self.urlSegments[random.next(Self.urlSegments.count)] }
            let url = "\(scheme)://" + segments.joined(separator: "/")
            let expected = Self.winner(registered, scheme: scheme, segments: segments)
            let match = router.match(url)
            #expect(match?.pattern == expected?.text, "\(url) among \(registered.map(\.text))")
            guard let match, let expected, match.pattern == expected.text else { continue }
            for (index, piece) in expected.pieces.enumerated() {
                if case .placeholder(let name) = piece { #expect(match.parameters[name] == segments[index], "\(url)") }
            }
            if let rest = expected.pieces.firstIndex(of: .rest) {
                #expect(match.wildcard == Array(segments[rest...]), "\(url)")
            } else if expected.isFallback {
                #expect(match.wildcard == segments, "\(url)")
            }
        }
    }

    /// Highest priority first; at equal priority the scheme's own patterns, then scheme-less
    /// ones, then the fallback; within a tier the most specific.
    private static func winner(_ patterns: [Pattern], scheme: String, segments: [String]) -> Pattern? {
        func tier(_ pattern: Pattern) -> Int? {
            if pattern.scheme == nil { return 1 }
            guard pattern.scheme == scheme else { return nil }
            return pattern.isFallback ? 2 : 0
        }
        let matching = patterns.compactMap { pattern -> (Pattern, Int, [Int])? in
            guard let tier = tier(pattern), let ranks = pattern.ranks(segments) else { return nil }
            return (pattern, tier, ranks)
        }
        return matching.min { a, b in
            if a.0.priority != b.0.priority { return a.0.priority > b.0.priority }
            if a.1 != b.1 { return a.1 < b.1 }
            return a.2.lexicographicallyPrecedes(b.2)
        }?.0
    }
}
