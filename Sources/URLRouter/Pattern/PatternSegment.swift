/// One segment of a parsed pattern.
enum PatternSegment: Hashable, Sendable {
    /// A fixed segment, stored percent-decoded (a slice of one buffer per pattern expansion).
    case literal(ArraySlice<UInt8>)
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

    /// Hashes byte arrays in one call rather than one per byte (the synthesized default).
    func hash(into hasher: inout Hasher) {
        switch self {
        case .literal(let bytes):
            hasher.combine(0 as UInt8)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        case .parameter(let name, let type, let suffix):
            hasher.combine(1 as UInt8)
            hasher.combine(name)
            hasher.combine(type)
            hasher.combine(suffix.count)
            suffix.withUnsafeBytes { hasher.combine(bytes: $0) }
        case .wildcard: hasher.combine(2 as UInt8)
        case .catchAll: hasher.combine(3 as UInt8)
        }
    }

    /// The segment with its placeholder name erased: two patterns conflict when their shapes are
    /// equal.
    var shape: PatternSegment {
        if case .parameter(_, let type, let suffix) = self { return .parameter(name: "", type: type, suffix: suffix) }
        return self
    }

    /// Whether this is a literal segment.
    var isLiteral: Bool {
        if case .literal = self { return true }
        return false
    }

    /// The placeholder's name, if this segment captures one.
    var name: String? {
        if case .parameter(let name, _, _) = self { return name }
        return nil
    }

    /// The segment as written in a canonical pattern.
    var text: String {
        switch self {
        case .literal(let bytes): return URLEncoding.encode(bytes, allowed: .pathSegment)
        case .parameter(let name, let type, let suffix):
            let typeText = type.map { "<\($0)>" } ?? ""
            return ":\(name)\(typeText)\(URLEncoding.encode(suffix, allowed: .pathSegment))"
        case .wildcard: return "*"
        case .catchAll: return "**"
        }
    }
}
