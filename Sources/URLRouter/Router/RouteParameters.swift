// No lexical lifetime, as for RouteMatch (see RouteMatch.swift).

/// The parameters of a matched URL: path placeholders and query items, path first. Values are
/// percent-decoded when read, not before. They hold the routes they were matched against: to
/// keep them, keep `dictionary` (see <doc:Concurrency>).
///
/// ```swift
/// // pattern "shop://item/:id", URL "shop://item/42?ref=home&id=7"
/// request.parameters["id"]     // "42": a path placeholder is never overwritten by the query
/// request.parameters["ref"]    // "home"
/// request.parameters.int("id") // 42
/// ```
@_eagerMove
public struct RouteParameters: Sendable, Sequence, CustomStringConvertible {
    let url: String
    let table: RouteTable
    let offsets: MatchOffsets

    var leaf: Int32 { offsets.leaf }
    /// How many path placeholders the matched pattern has.
    var captureCount: Int { offsets.hasCaptures ? Int(table.trie.leaves[Int(leaf)].capturesCount) : 0 }

    /// The value of a path placeholder, else of the last query item named `name`: `parameters["id"]`.
    ///
    /// - Complexity: O(placeholders) for a path value; O(URL length) for a query value.
    public subscript(name: String) -> String? { pathValue(name) ?? queryValue(name) }

    /// The value as an `Int`, when it is one: `int("id")` is 42 for `id=42`, nil for `id=abc`.
    public func int(_ name: String) -> Int? { self[name].flatMap { Int($0) } }
    /// The value as a `Double`, when it is a finite one in `<double>`'s form: `double("price")`
    /// is 9.5 for `price=9.5`, nil for `nan`, `inf`, `1e999` or `0x1p3`.
    public func double(_ name: String) -> Double? {
        self[name].flatMap { ParameterDecoder.scalar($0, as: Double.self) }
    }
    /// The value as a `Bool`, from `true`/`1` or `false`/`0`: `bool("gift")` is true for `gift=1`.
    public func bool(_ name: String) -> Bool? { self[name].flatMap { ParameterDecoder.scalar($0, as: Bool.self) } }

    /// The path placeholders alone, by name: `["id": "42"]` for `shop://item/:id` and `shop://item/42?ref=home`.
    public var path: [String: String] { overlayingPath([:]) }

    /// Query items (last wins) under path placeholders, as the subscript reads: `["id": "42", "ref": "home"]`.
    public var dictionary: [String: String] {
        overlayingPath(queryItems.reduce(into: [:]) { result, item in result[item.name] = item.value })
    }

    /// `values` with each path placeholder set, in place: one dictionary, not one per part.
    private func overlayingPath(_ values: consuming [String: String]) -> [String: String] {
        let trie = table.trie
        for index in 0..<captureCount {
            let capture = trie.capture(index, of: trie.leaves[Int(leaf)])
            values[trie.names[Int(capture.name)]] = value(of: capture, at: index)
        }
        return values
    }

    /// Iterates ``dictionary``: `for (name, value) in request.parameters { ... }`.
    public func makeIterator() -> Dictionary<String, String>.Iterator { dictionary.makeIterator() }

    /// The parameters as `[name: value]`, sorted by name: `[id: 42, ref: home]`.
    public var description: String {
        "[" + dictionary.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
    }

    /// Every query item in order, repeated names included: `?tag=a&tag=b` gives two items named `tag`.
    public var queryItems: [RouteQueryItem] {
        guard offsets.hasQuery else { return [] }
        var items: [RouteQueryItem] = []
        withBytes { bytes in
            let query = queryRange(in: bytes)
            QueryScanner.forEach(in: bytes, query.start, query.end) { name, value in
                items.append(RouteQueryItem(name: decode(name), value: decode(value)))
            }
        }
        return items
    }

    func pathValue(_ name: String) -> String? {
        guard offsets.hasCaptures else { return nil }
        let trie = table.trie
        let leaf = trie.leaves[Int(leaf)]
        var index = 0
        while index < Int(leaf.capturesCount) {
            let capture = trie.capture(index, of: leaf)
            if trie.names[Int(capture.name)] == name { return value(of: capture, at: index) }
            index += 1
        }
        return nil
    }

    private func value(of capture: Trie.LeafCapture, at index: Int) -> String {
        // A cached capture holds no `%`: its text is its raw bytes.
        if capture.trim == 0, let range = offsets.cachedCapture(index),
            let value = url.utf8.withContiguousStorageIfAvailable({
                PercentDecoding.text(UnsafeBufferPointer(rebasing: $0[range.start..<range.end]))
            })
        {
            return value
        }
        return withBytes { bytes in
            let range = offsets.cachedCapture(index) ?? URLScanner.segmentRange(Int(capture.position), in: bytes)
            let raw = UnsafeBufferPointer(rebasing: bytes[range.start..<range.end])
            guard capture.trim > 0 else { return PercentDecoding.string(raw, plusAsSpace: false) }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
                let count =
                    PercentDecoding.decode(raw, into: buffer.baseAddress!, plusAsSpace: false) - Int(capture.trim)
                return PercentDecoding.text(UnsafeBufferPointer(start: buffer.baseAddress, count: Swift.max(count, 0)))
            }
        }
    }

    func queryValue(_ name: String) -> String? {
        guard offsets.hasQuery else { return nil }
        var found: String?
        var wanted = name
        wanted.withUTF8 { wanted in
            let wantedIsASCII = wanted.allSatisfy { $0 < 0x80 }
            withBytes { bytes in
                let query = queryRange(in: bytes)
                QueryScanner.forEach(in: bytes, query.start, query.end) { itemName, value in
                    if isName(itemName, wanted, wantedIsASCII: wantedIsASCII, name) { found = decode(value) }
                }
            }
        }
        return found
    }

    /// The raw query of a URL that has one.
    private func queryRange(in bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int) {
        if let start = offsets.queryStart { return (start, URLScanner.queryEnd(from: start, in: bytes)) }
        let query = URLScanner.queryAndFragment(in: bytes)
        return (query.queryStart, query.queryEnd)
    }

    private var formDecoding: Bool { table.options.formDecoding }

    private func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        PercentDecoding.string(bytes, plusAsSpace: formDecoding)
    }

    /// Whether a raw query name is `name` (whose UTF-8 is `wanted`), compared as Swift compares
    /// strings (canonical equivalence), as ``dictionary`` and path names are: `\u{341}` and
    /// `\u{301}` are one name. Plain ASCII names, the usual ones, are compared byte for byte.
    private func isName(
        _ bytes: UnsafeBufferPointer<UInt8>, _ wanted: UnsafeBufferPointer<UInt8>, wantedIsASCII: Bool, _ name: String
    ) -> Bool {
        guard !PercentDecoding.needsDecoding(bytes, plusAsSpace: formDecoding) else { return decode(bytes) == name }
        if bytes.count == wanted.count, bytes.elementsEqual(wanted) { return true }
        // Different ASCII bytes are different names; other text may still be equivalent.
        if wantedIsASCII && bytes.allSatisfy({ $0 < 0x80 }) { return false }
        return String(decoding: bytes, as: UTF8.self) == name
    }

    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        url.utf8.withContiguousStorageIfAvailable(body) ?? Array(url.utf8).withUnsafeBufferPointer(body)
    }
}

/// One item of a URL's query, percent-decoded: `?q=red%20shoes` gives `RouteQueryItem(name: "q", value: "red shoes")`.
public struct RouteQueryItem: Sendable, Hashable, CustomStringConvertible {
    /// The name, before the first `=`.
    public var name: String
    /// The value after the first `=`; `""` for `?flag`.
    public var value: String

    /// An item: `RouteQueryItem(name: "ref", value: "home")`.
    public init(name: String, value: String) { (self.name, self.value) = (name, value) }

    /// `name=value`: `ref=home`.
    public var description: String { "\(name)=\(value)" }
}
