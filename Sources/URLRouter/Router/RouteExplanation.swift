/// How a URL was parsed and why each candidate pattern won or lost: the answer to "why did
/// this link go there?". ``Router/explain(_:source:)`` builds it; `print` shows it.
///
/// ```swift
/// print(router.explain("shop://item/42?ref=home"))
/// // URL       shop://item/42?ref=home
/// // scheme    shop
/// // host      item
/// // segments  item · 42
/// // query     ref=home
/// // winner    shop://item/:id
/// //   ✓ shop://item/:id  won
/// //   ✗ shop://item/new  segment 2: "42" is not the literal "new"
/// ```
public struct RouteExplanation: Sendable, CustomStringConvertible {
    /// Why a candidate did or did not get the URL: `.won`, `.wrongLiteral(segment: 2, expected: "new", found: "42")`.
    public enum Verdict: Sendable, Hashable, CustomStringConvertible {
        /// It gets the URL.
        case won
        /// Segment `segment` (1-based) is not the literal `expected`.
        case wrongLiteral(segment: Int, expected: String, found: String)
        /// Segment `segment` does not end with the placeholder's suffix.
        case wrongSuffix(segment: Int, suffix: String, found: String)
        /// Segment `segment` does not convert to the placeholder's type.
        case typeMismatch(segment: Int, type: String, found: String)
        /// A placeholder, `*`, `**` or a fallback would take segment `segment`, a dot segment, which none takes.
        case dotSegment(segment: Int, found: String)
        /// The pattern matches, but a field of its typed route does not decode (``URLRoute``):
        /// `field "id": "abc" is not a valid Int`.
        case fieldMismatch(String)
        /// The pattern needs more segments than the URL has.
        case tooFewSegments(needed: Int, found: Int)
        /// The URL has segments the pattern does not take.
        case tooManySegments(allowed: Int, found: Int)
        /// It matches, but the winner has a higher priority.
        case lowerPriority(priority: Int, winner: String, winnerPriority: Int)
        /// It matches, but the winner is in an earlier tier (scheme's own > scheme-less > fallback).
        case laterTier(winner: String)
        /// It matches, but the winner is more specific at segment `segment`.
        case lessSpecific(segment: Int, winner: String)
        /// It matches, but at segment `segment` the winner has a placeholder of another type, as
        /// specific, and the router tries that type first (built-ins, then yours as registered).
        case typeTriedLater(segment: Int, winner: String)

        /// A short sentence: `segment 2: "42" is not the literal "new"`.
        public var description: String {
            let quoted = RouteError.quoted  // a segment of the URL may hold anything, a line break too
            return switch self {
            case .won: "won"
            case let .wrongLiteral(segment, expected, found):
                "segment \(segment): \(quoted(found)) is not the literal \(quoted(expected))"
            case let .wrongSuffix(segment, suffix, found):
                "segment \(segment): \(quoted(found)) does not end with \(quoted(suffix))"
            case let .typeMismatch(segment, type, found): "segment \(segment): \(quoted(found)) is not of type \(type)"
            case let .dotSegment(segment, found): "segment \(segment): \(quoted(found)) is a dot segment, never a value"
            case let .fieldMismatch(reason): "matches, but \(reason)"
            case let .tooFewSegments(needed, found): "too few segments: needs \(needed), the URL has \(found)"
            case let .tooManySegments(allowed, found): "too many segments: takes \(allowed), the URL has \(found)"
            case let .lowerPriority(priority, winner, winnerPriority):
                "matches, but priority \(priority) < \(winnerPriority) of \(winner)"
            case let .laterTier(winner): "matches, but \(winner) is in an earlier tier"
            case let .lessSpecific(segment, winner): "matches, but \(winner) is more specific at segment \(segment)"
            case let .typeTriedLater(segment, winner): "matches, but \(winner)'s type at segment \(segment) goes first"
            }
        }
    }

    /// One pattern that could have taken the URL: `router.explain(url).candidates.map(\.pattern)`, winner first.
    public struct Candidate: Sendable, Hashable {
        /// The pattern: `shop://item/new`; for a route with link origins, the origin's (`https://shop.example.com/p/:id`).
        public var pattern: String
        /// Its priority: 0 unless it was registered with `priority:`.
        public var priority: Int
        /// Why it won or lost: `.won`, or `.lessSpecific(segment: 2, winner: "shop://item/new")`.
        public var verdict: Verdict
    }

    /// The URL as given: `shop://item/42?ref=home`.
    public var url: String
    /// The scheme, lowercased (`shop` for `SHOP://item/42`); nil when the URL has none or is over `maxURLLength`.
    public var scheme: String?
    /// The host: the first segment when `//` follows the scheme.
    public var host: String?
    /// Every path segment, percent-decoded, the host first when there is one: `["item", "42"]`.
    public var segments: [String]
    /// Every query item in order: `ref=home` for `shop://item/42?ref=home`.
    public var queryItems: [RouteQueryItem]
    /// The fragment, percent-decoded: `"reviews"` for `…#reviews`.
    public var fragment: String?
    /// Where the open would come from: what `explain(_:source:)` was given, `.internal` by default.
    public var source: RouteSource
    /// The winning pattern (`shop://item/:id`); nil when nothing matches.
    public var winner: String?
    /// Why an open from this source would be refused, if it would be: a scheme or host outside the
    /// external allow-lists (matched or not), or an internal-only winner, opened externally.
    public var refusal: RouteError?
    /// Why the URL cannot be routed at all, if it cannot: `.limitExceeded` for a URL of too many segments.
    public var error: RouteError?
    /// The scheme's patterns, scheme-less patterns and the scheme's fallback: the winner first, then the ones that
    /// matched but lost, in the order the router tries them, then the others, closest first.
    public var candidates: [Candidate]

    /// A multi-line report, which `print(router.explain(url))` shows (see the type's example); what came from the URL
    /// is escaped as ``RouteError`` messages escape input.
    public var description: String {
        func shown(_ text: String) -> String { RouteError.escaped(text) }  // a URL may hold line breaks, bidi overrides
        var lines = ["URL       \(shown(url))", "scheme    \(scheme ?? "(none)")"]
        if let host { lines.append("host      \(shown(host))") }
        lines.append("segments  \(segments.isEmpty ? "(none)" : shown(segments.joined(separator: " · ")))")
        let query = queryItems.map(\.description).joined(separator: "&")
        if !query.isEmpty { lines.append("query     \(shown(query))") }
        if let fragment { lines.append("fragment  \(shown(fragment))") }
        if let error { lines.append("error     \(error)") }
        lines.append("winner    \(winner ?? "(none: no pattern \(error == nil ? "matches" : "is tried"))")")
        if source == .external, winner != nil || refusal != nil {
            lines.append("external  \(refusal.map { "refused: \($0.message)" } ?? "accepted")")
        }
        let width = candidates.map(\.pattern.count).max() ?? 0
        for candidate in candidates {
            let mark = candidate.verdict == .won ? "✓" : "✗"
            let padded = candidate.pattern + String(repeating: " ", count: width - candidate.pattern.count)
            lines.append("  \(mark) \(padded)  \(candidate.verdict)")
        }
        return lines.joined(separator: "\n")
    }
}
