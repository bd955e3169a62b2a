/// Every route's pattern text in one byte buffer, front-coded: each entry keeps only what its
/// pattern does not share with the pattern before it. Routes registered module by module share
/// long prefixes (`app://shop/item/:id`, `app://shop/item/:id/reviews`), so this keeps about a
/// third of the bytes.
///
/// An entry is the shared prefix's length and the rest's length (both LEB128), then the rest.
/// Every ``restartInterval``-th entry shares nothing, which bounds how far back reading one
/// pattern goes.
struct PatternText: Sendable {
    private(set) var bytes: [UInt8] = []
    /// The last pattern appended, whole, to front-code the next one against.
    private var last: [UInt8] = []
    /// How many entries this buffer holds.
    private(set) var count = 0

    static let restartInterval = 32

    /// Appends `pattern` as entry `count` and returns where its entry starts.
    ///
    /// - Complexity: O(pattern length), amortised.
    mutating func append(_ pattern: String) -> UInt32 {
        var pattern = pattern
        return pattern.withUTF8 { append(utf8: $0) }
    }

    private mutating func append(utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let start = UInt32(bytes.count)
        var shared = 0
        if count % Self.restartInterval != 0 {
            let limit = min(utf8.count, last.count)
            while shared < limit, utf8[shared] == last[shared] { shared += 1 }
        }
        let rest = UnsafeBufferPointer(rebasing: utf8[shared...])
        bytes.reserveGently(bytes.count + 20 + rest.count)
        appendNumber(shared)
        appendNumber(rest.count)
        bytes.append(contentsOf: rest)
        last.replaceSubrange(shared..., with: rest)
        count += 1
        return start
    }

    /// The pattern of entry `id`, given where each entry starts.
    ///
    /// Entry `id` holds the pattern's bytes from its shared length on; the bytes before come
    /// from earlier entries, each filling the part its successor shared and it did not.
    ///
    /// - Complexity: O(pattern length + ``restartInterval``).
    func pattern(_ id: Int, entryStart: (Int) -> UInt32) -> String {
        let (shared, restCount, restStart) = entry(at: Int(entryStart(id)))
        return String(unsafeUninitializedCapacity: shared + restCount) { buffer in
            bytes.withUnsafeBufferPointer { text in
                for index in 0..<restCount { buffer[shared + index] = text[restStart + index] }
                var needed = shared
                var earlier = id - 1
                while needed > 0 {
                    let (from, _, start) = entry(at: Int(entryStart(earlier)))
                    if from < needed {
                        for index in from..<needed { buffer[index] = text[start + index - from] }
                        needed = from
                    }
                    earlier -= 1
                }
            }
            return shared + restCount
        }
    }

    /// The shared length, the rest's length and where the rest starts, of the entry at `offset`.
    private func entry(at offset: Int) -> (shared: Int, restCount: Int, restStart: Int) {
        var position = offset
        let shared = readNumber(&position)
        let restCount = readNumber(&position)
        return (shared, restCount, position)
    }

    private mutating func appendNumber(_ value: Int) {
        var value = UInt(value)
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private func readNumber(_ position: inout Int) -> Int {
        var value = 0
        var shift = 0
        while true {
            let byte = bytes[position]
            position += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
