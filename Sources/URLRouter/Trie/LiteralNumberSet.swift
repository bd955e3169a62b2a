/// The numbers given to literal nodes (``Trie/derivedNumber(_:)``), so that none is given twice,
/// and, once priorities differ, each one's highest priority (``Trie/densePriorities`` keeps
/// the other nodes'): an open-addressing table of negative `Int32`s hashed by one multiply. It
/// costs registration a few instructions per literal node, where a `Set<Int32>` cost hundreds
/// (it hashes with SipHash), and the search reads a priority with one probe.
///
/// ```swift
/// var numbers = LiteralNumberSet()
/// numbers.insert(-7)      // true
/// numbers.insert(-7)      // false: already given
/// ```
struct LiteralNumberSet: Sendable {
    /// 0 marks an empty bucket (every number is negative).
    private(set) var buckets = [Int32](repeating: 0, count: 16)
    /// The highest priority of each bucket's number; empty while priorities are not kept.
    private(set) var priorities: [Int32] = []
    private(set) var count = 0

    /// Whether each number's priority is kept.
    var tracksPriorities: Bool { !priorities.isEmpty }

    /// Adds `number`, which must be negative; false when it was there already. A new number's
    /// priority, when kept, is `Int32.min` until raised.
    ///
    /// - Complexity: O(1) expected, amortized over the table's doublings.
    @discardableResult
    mutating func insert(_ number: Int32) -> Bool {
        precondition(number < 0, "literal node numbers are negative")
        if (count + 1) * 4 > buckets.count * 3 { grow() }
        let (index, found) = Self.bucket(of: number, in: buckets)
        guard !found else { return false }
        buckets[index] = number
        count += 1
        return true
    }

    /// Starts keeping priorities: every number's is `priority`.
    mutating func trackPriorities(startingAt priority: Int32) {
        priorities = buckets.map { $0 == 0 ? .min : priority }
    }

    /// Lifts the priority of `number` (in the set, priorities kept) to at least `priority`.
    mutating func raisePriority(of number: Int32, to priority: Int32) {
        let (index, found) = Self.bucket(of: number, in: buckets)
        precondition(found && tracksPriorities, "raising the priority of an unknown number")
        priorities[index] = max(priorities[index], priority)
    }

    /// The priority of `number` (every literal node's number is in the set), from raw views of
    /// `buckets` and `priorities` (`mask`: the bucket count minus one).
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    static func priority(
        of number: Int32, buckets: UnsafePointer<Int32>, priorities: UnsafePointer<Int32>, mask: Int
    ) -> Int32 {
        var index = home(number, mask: mask)
        while buckets[index] != number {
            // An empty bucket ends the probe: an unknown number must not loop forever.
            guard buckets[index] != 0 else {
                assertionFailure("no priority is kept for literal node number \(number)")
                return .max
            }
            index = (index + 1) & mask
        }
        return priorities[index]
    }

    /// The bucket holding `number`, or the empty one where it would go.
    private static func bucket(of number: Int32, in buckets: [Int32]) -> (index: Int, found: Bool) {
        let mask = buckets.count - 1
        var index = home(number, mask: mask)
        while buckets[index] != 0 {
            if buckets[index] == number { return (index, true) }
            index = (index + 1) & mask
        }
        return (index, false)
    }

    /// The first bucket to try. Derived numbers are already mixed; the multiply spreads the
    /// consecutive numbers given when a derived one is taken.
    @inline(__always)
    private static func home(_ number: Int32, mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: number)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private mutating func grow() {
        var larger = [Int32](repeating: 0, count: buckets.count * 2)
        var largerPriorities = tracksPriorities ? [Int32](repeating: .min, count: larger.count) : []
        for (old, number) in buckets.enumerated() where number != 0 {
            let index = Self.bucket(of: number, in: larger).index
            larger[index] = number
            if tracksPriorities { largerPriorities[index] = priorities[old] }
        }
        buckets = larger
        priorities = largerPriorities
    }
}
