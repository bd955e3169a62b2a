/// One pattern segment as the trie takes it: its kind, and where its decoded bytes (a literal's
/// key, a placeholder's suffix and name) are in ``PatternScratch/bytes``.
struct SegmentView: Sendable {
    enum Kind: UInt8, Sendable { case literal, parameter, wildcard, catchAll }

    var kind: Kind
    /// A literal's decoded key, or a placeholder's decoded suffix.
    var bytesStart: Int32 = 0
    var bytesCount: Int32 = 0
    /// A placeholder's type (index into the trie's types) or -1, and its name's bytes.
    var type: Int32 = -1
    var nameStart: Int32 = 0
    var nameCount: Int32 = 0
    /// The type's name as written, for turning a view back into a ``PatternSegment``.
    var typeNameStart: Int32 = 0
    var typeNameCount: Int32 = 0

    /// `PatternSegment.rank`: 0 literal, 1 suffix, 2 typed, 3 plain, 4 `*`, 5 `**`.
    var rank: UInt8 {
        switch kind {
        case .literal: 0
        case .parameter: bytesCount > 0 ? 1 : type >= 0 ? 2 : 3
        case .wildcard: 4
        case .catchAll: 5
        }
    }
}

/// A parsed pattern in the form registration needs, in buffers a router reuses from one
/// registration to the next so that registering allocates almost nothing.
///
/// All-ASCII patterns without optional groups are parsed byte by byte straight into the buffers;
/// others go through ``RoutePattern`` and are copied in.
struct PatternScratch: Sendable {
    var scheme: String?
    var hasAuthority = false
    var isFallback = false
    var views: [SegmentView] = []
    var bytes: [UInt8] = []
    /// Where each expansion's views end: expansion `i` is `views[expansionEnds[i-1]..<expansionEnds[i]]`.
    var expansionEnds: [Int] = []

    var expansionCount: Int { expansionEnds.count }

    /// The views of expansion `index`.
    func expansion(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : expansionEnds[index - 1])..<expansionEnds[index]
    }

    /// The decoded bytes of a view's key or suffix.
    func key(_ view: SegmentView) -> ArraySlice<UInt8> {
        bytes[Int(view.bytesStart)..<Int(view.bytesStart + view.bytesCount)]
    }

    /// A placeholder's name.
    func name(_ view: SegmentView) -> String {
        String(decoding: bytes[Int(view.nameStart)..<Int(view.nameStart + view.nameCount)], as: UTF8.self)
    }

    /// Parses `text`, replacing what the buffers held.
    mutating func parse(_ text: String, types: [RouteParameterType], limits: Router.Limits) throws(RouteError) {
        views.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        expansionEnds.removeAll(keepingCapacity: true)
        let typeIndex = { (name: String) -> Int32? in types.firstIndex { $0.name == name }.map(Int32.init) }
        guard text.utf8.count <= limits.maxPatternLength else {
            throw RouteError(.limitExceeded,
                "Pattern \(RouteError.quoted(text)) is \(text.utf8.count) bytes; the limit is \(limits.maxPatternLength) (Router.Limits.maxPatternLength).")
        }
        if try RoutePattern.scanASCII(text, typeIndex: typeIndex, limits: limits, into: &self) {
            expansionEnds.append(views.count)
            return
        }
        let pattern = try RoutePattern(text, knownTypes: { typeIndex($0) != nil }, limits: limits, bytewise: false)
        scheme = pattern.scheme
        hasAuthority = pattern.hasAuthority
        isFallback = pattern.isFallback
        for segments in pattern.expansions {
            for segment in segments { append(segment, typeIndex: typeIndex) }
            expansionEnds.append(views.count)
        }
    }

    /// Adds a view of `segment`.
    mutating func append(_ segment: PatternSegment, typeIndex: (String) -> Int32?) {
        switch segment {
        case .literal(let key):
            views.append(SegmentView(kind: .literal, bytesStart: Int32(bytes.count), bytesCount: Int32(key.count)))
            bytes.append(contentsOf: key)
        case .parameter(let name, let type, let suffix):
            var view = SegmentView(kind: .parameter, bytesStart: Int32(bytes.count), bytesCount: Int32(suffix.count))
            bytes.append(contentsOf: suffix)
            view.type = type.flatMap(typeIndex) ?? -1
            view.typeNameStart = Int32(bytes.count)
            view.typeNameCount = Int32(type?.utf8.count ?? 0)
            bytes.append(contentsOf: (type ?? "").utf8)
            view.nameStart = Int32(bytes.count)
            view.nameCount = Int32(name.utf8.count)
            bytes.append(contentsOf: name.utf8)
            views.append(view)
        case .wildcard:
            views.append(SegmentView(kind: .wildcard))
        case .catchAll:
            views.append(SegmentView(kind: .catchAll))
        }
    }

    /// The segments of expansion `index` as ``PatternSegment`` values.
    func segments(ofExpansion index: Int) -> [PatternSegment] {
        expansion(index).map { position in
            let view = views[position]
            switch view.kind {
            case .literal: return .literal(Array(key(view)))
            case .parameter:
                let typeName = bytes[Int(view.typeNameStart)..<Int(view.typeNameStart + view.typeNameCount)]
                return .parameter(name: name(view), type: view.type >= 0 ? String(decoding: typeName, as: UTF8.self) : nil,
                                  suffix: Array(key(view)))
            case .wildcard: return .wildcard
            case .catchAll: return .catchAll
            }
        }
    }
}
