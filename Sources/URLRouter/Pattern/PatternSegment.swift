/// One segment of a parsed pattern.
enum PatternSegment: Hashable, Sendable {
    /// A fixed segment, stored percent-decoded. Decoding keeps text valid UTF-8 (an escape that
    /// would break it stays undecoded), so the decoded bytes are a `String`'s exactly.
    case literal(String)
    /// `:name`, `:name<type>`, `:name.suffix`, `:name<type>.suffix`. The suffix is decoded.
    case parameter(name: String, type: String?, suffix: [UInt8])
    /// `*`: exactly one segment, not captured.
    case wildcard
    /// `**`: zero or more trailing segments.
    case catchAll

    /// Specificity rank at one level: lower wins (literal > suffix > typed > plain > `*` > `**`).
    var rank: Int {
        switch self {
        case .literal: return 0
        case .parameter(_, _, let suffix) where !suffix.isEmpty: return 1
        case .parameter(_, let type, _) where type != nil: return 2
        case .parameter: return 3
        case .wildcard: return 4
        case .catchAll: return 5
        }
    }

    /// Literals are equal when their bytes are, as the trie compares them: `String`'s own `==`
    /// would also equate two spellings of one character (a precomposed `é` and `e` with U+0301).
    /// The synthesized hash, by `String`'s, agrees with it: equal bytes are equal strings.
    static func == (lhs: PatternSegment, rhs: PatternSegment) -> Bool {
        switch (lhs, rhs) {
        case (.literal(let left), .literal(let right)): left.utf8.elementsEqual(right.utf8)
        case (.parameter(let name, let type, let suffix), .parameter(let otherName, let otherType, let otherSuffix)):
            name == otherName && type == otherType && suffix == otherSuffix
        case (.wildcard, .wildcard), (.catchAll, .catchAll): true
        default: false
        }
    }

    /// The segment with its placeholder name erased, and a literal's ASCII letters lowercased when
    /// `folded`: two combinations of one pattern are ambiguous when their shapes are equal.
    func shape(folded: Bool) -> PatternSegment {
        switch self {
        case .parameter(_, let type, let suffix): .parameter(name: "", type: type, suffix: suffix)
        case .literal(let text) where folded: .literal(LinkOrigin.asciiLowercased(text))
        default: self
        }
    }

    /// The placeholder's name, if this segment captures one; `**` for `**`, whose path a typed field `**` reads.
    var name: String? { if case .parameter(let name, _, _) = self { name } else { self == .catchAll ? "**" : nil } }
}
