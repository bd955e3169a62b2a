/// The numbers given to literal nodes (``Trie/derivedNumber(_:)``), so that none is given twice:
/// an open-addressing set of negative `Int32`s, hashed by one multiply. It costs registration a
/// few instructions per literal node, where a `Set<Int32>` cost hundreds (it hashes with SipHash).
///
/// ```swift
/// var numbers = LiteralNumberSet()
/// numbers.insert(-7)      // true
/// numbers.insert(-7)      // false: already given
/// numbers.contains(-7)    // true
/// ```
struct LiteralNumberSet: Sendable {
    /// 0 marks an empty bucket (every number is negative).
    private var buckets = [Int32](repeating: 0, count: 16)
    private(set) var count = 0

    /// Every number in the set, in no particular order.
    var numbers: some Sequence<Int32> { buckets.lazy.filter { $0 != 0 } }

    /// Adds `number`, which must be negative; false when it was there already.
    ///
    /// - Complexity: O(1) expected, amortized over the table's doublings.
    @discardableResult
    mutating func insert(_ number: Int32) -> Bool {
        precondition(number < 0, "literal node numbers are negative")
        if (count + 1) * 4 > buckets.count * 3 { grow() }
        guard Self.place(number, in: &buckets) else { return false }
        count += 1
        return true
    }

    /// Whether `number` is in the set.
    ///
    /// - Complexity: O(1) expected.
    func contains(_ number: Int32) -> Bool {
        let mask = buckets.count - 1
        var index = Self.home(number, mask: mask)
        while buckets[index] != 0 {
            if buckets[index] == number { return true }
            index = (index + 1) & mask
        }
        return false
    }

    /// Puts `number` in its bucket, or returns false when it is there already.
    private static func place(_ number: Int32, in buckets: inout [Int32]) -> Bool {
        let mask = buckets.count - 1
        var index = home(number, mask: mask)
        while buckets[index] != 0 {
            if buckets[index] == number { return false }
            index = (index + 1) & mask
        }
        buckets[index] = number
        return true
    }

    /// The first bucket to try. Derived numbers are already mixed; the multiply spreads the
    /// consecutive numbers given when a derived one is taken.
    @inline(__always)
    private static func home(_ number: Int32, mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: number)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private mutating func grow() {
        var larger = [Int32](repeating: 0, count: buckets.count * 2)
        for number in buckets where number != 0 { _ = Self.place(number, in: &larger) }
        buckets = larger
    }
}
