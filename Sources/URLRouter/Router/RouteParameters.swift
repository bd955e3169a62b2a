/// The raw byte range of a capture, and how many decoded bytes of literal suffix to drop.
struct CapturedRange: Sendable {
    var start: Int32
    var end: Int32
    var trim: Int32
}

/// Captured ranges, stored inline up to four so that a match allocates nothing.
struct CaptureList: Sendable {
    private var inline: (CapturedRange, CapturedRange, CapturedRange, CapturedRange)
    private var overflow: [CapturedRange] = []
    let count: Int

    init(count: Int, _ range: (Int) -> CapturedRange) {
        let empty = CapturedRange(start: 0, end: 0, trim: 0)
        inline = (empty, empty, empty, empty)
        self.count = count
        if count > 4 {
            overflow = (0..<count).map(range)
        } else {
            if count > 0 { inline.0 = range(0) }
            if count > 1 { inline.1 = range(1) }
            if count > 2 { inline.2 = range(2) }
            if count > 3 { inline.3 = range(3) }
        }
    }

    subscript(index: Int) -> CapturedRange {
        if count > 4 { return overflow[index] }
        switch index {
        case 0: return inline.0
        case 1: return inline.1
        case 2: return inline.2
        default: return inline.3
        }
    }
}

/// The parameters of a matched URL: path placeholders and query items, path first. Values are
/// percent-decoded when read, not before.
///
/// ```swift
/// // pattern "shop://item/:id", URL "shop://item/42?ref=home&id=7"
/// request.parameters["id"]     // "42": a path placeholder is never overwritten by the query
/// request.parameters["ref"]    // "home"
/// request.parameters.int("id") // 42
/// ```
public struct RouteParameters: Sendable, Sequence, CustomStringConvertible {
    let url: String
    let table: RouteTable
    let leaf: Int32
    let captures: CaptureList
    let queryStart: Int32
    let queryEnd: Int32

    /// The value of a path placeholder, else of the last query item named `name`.
    ///
    /// - Complexity: O(placeholders) for a path value; O(query length) for a query value.
    public subscript(name: String) -> String? {
        if let path = pathValue(name) { return path }
        return queryValue(name)
    }

    /// The value as an `Int`, when it is one.
    public func int(_ name: String) -> Int? { self[name].flatMap { Int($0) } }
    /// The value as a `Double`, when it is one.
    public func double(_ name: String) -> Double? { self[name].flatMap { Double($0) } }
    /// The value as a `Bool`: `true`/`1` or `false`/`0`.
    public func bool(_ name: String) -> Bool? {
        switch self[name] {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }

    /// The path placeholders alone, by name.
    public var path: [String: String] {
        var result: [String: String] = [:]
        for index in 0..<captures.count { result[name(at: index)] = value(at: index) }
        return result
    }

    /// Query items (last one wins) overlaid with path placeholders: what the subscript reads.
    public var dictionary: [String: String] {
        var result: [String: String] = [:]
        for item in queryItems { result[item.name] = item.value }
        for index in 0..<captures.count { result[name(at: index)] = value(at: index) }
        return result
    }

    /// Iterates ``dictionary``.
    public func makeIterator() -> Dictionary<String, String>.Iterator { dictionary.makeIterator() }

    /// The parameters as `[name: value]`, sorted by name.
    public var description: String {
        "[" + dictionary.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
    }

    /// Every query item in order, repeated names included.
    public var queryItems: [RouteQueryItem] {
        guard queryStart >= 0 else { return [] }
        var items: [RouteQueryItem] = []
        withBytes { bytes in
            QueryScanner.forEach(in: bytes, queryStart, queryEnd) { name, value in
                items.append(RouteQueryItem(name: decode(name), value: decode(value)))
                return true
            }
        }
        return items
    }

    private func name(at index: Int) -> String {
        let leaf = table.trie.leaves[Int(leaf)]
        return table.trie.names[Int(table.trie.leafNames[Int(leaf.namesStart) + index])]
    }

    private func pathValue(_ name: String) -> String? {
        for index in 0..<captures.count where self.name(at: index) == name { return value(at: index) }
        return nil
    }

    private func value(at index: Int) -> String {
        let range = captures[index]
        return withBytes { bytes in
            let raw = UnsafeBufferPointer(rebasing: bytes[Int(range.start)..<Int(range.end)])
            guard range.trim > 0 else { return PercentDecoding.string(raw, plusAsSpace: false) }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
                let count = PercentDecoding.decode(raw, into: buffer.baseAddress!, plusAsSpace: false) - Int(range.trim)
                return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: Swift.max(count, 0)), as: UTF8.self)
            }
        }
    }

    private func queryValue(_ name: String) -> String? {
        guard queryStart >= 0 else { return nil }
        var found: String?
        withBytes { bytes in
            QueryScanner.forEach(in: bytes, queryStart, queryEnd) { itemName, value in
                if decodedEquals(itemName, name) { found = decode(value) }
                return true
            }
        }
        return found
    }

    private var formDecoding: Bool { table.options.formDecoding }

    private func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        PercentDecoding.string(bytes, plusAsSpace: formDecoding)
    }

    private func decodedEquals(_ bytes: UnsafeBufferPointer<UInt8>, _ name: String) -> Bool {
        if !PercentDecoding.needsDecoding(bytes, plusAsSpace: formDecoding) { return bytes.elementsEqual(name.utf8) }
        return decode(bytes) == name
    }

    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        url.utf8.withContiguousStorageIfAvailable(body) ?? Array(url.utf8).withUnsafeBufferPointer(body)
    }
}

/// One item of a URL's query, percent-decoded.
public struct RouteQueryItem: Sendable, Hashable, CustomStringConvertible {
    /// The name, before the first `=`.
    public var name: String
    /// The value after the first `=`; `""` for `?flag`.
    public var value: String

    /// An item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `name=value`.
    public var description: String { "\(name)=\(value)" }
}
