import Testing
@testable import URLRouter

/// The set that keeps literal node numbers unique, against `Set<Int32>`.
@Suite struct LiteralNumberSetTests {
    /// Random numbers, runs of consecutive ones (as given when a derived number is taken), and
    /// repeats, across several doublings of the table.
    @Test(arguments: 0..<20)
    func agreesWithSet(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 77)
        var numbers = LiteralNumberSet()
        var reference = Set<Int32>()
        var given: [Int32] = []
        for _ in 0..<3_000 {
            let number: Int32 = switch random.next() % 4 {
            case 0 where !given.isEmpty: given[Int(random.next() % UInt64(given.count))]
            case 1: -Int32(truncatingIfNeeded: random.next() % 64) - 1
            default: Int32(bitPattern: UInt32(truncatingIfNeeded: random.next()) | 0x8000_0000)
            }
            #expect(numbers.insert(number) == reference.insert(number).inserted)
            given.append(number)
        }
        #expect(numbers.count == reference.count)
        #expect(Set(numbers.buckets.filter { $0 != 0 }) == reference)
        for number in given.prefix(200) {
            let added = numbers.insert(number)
            #expect(!added, "\(number) is there already")
        }
        #expect(numbers.count == reference.count)
    }

    /// Priorities kept from the middle of the numbers' life: those there start at the given
    /// priority, later ones at `Int32.min`; raising keeps the highest; growing keeps them all.
    @Test(arguments: 0..<10)
    func keepsPrioritiesAcrossGrowth(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 500)
        var numbers = LiteralNumberSet()
        var reference: [Int32: Int32] = [:]
        func randomNumber() -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: random.next()) | 0x8000_0000) }
        for _ in 0..<100 { let number = randomNumber(); if numbers.insert(number) { reference[number] = 3 } }
        numbers.trackPriorities(startingAt: 3)
        for _ in 0..<2_000 {
            let number = randomNumber()
            if numbers.insert(number) { reference[number] = .min }
            let raised = Array(reference.keys)[Int(random.next() % UInt64(reference.count))]
            let priority = Int32(truncatingIfNeeded: random.next() % 11) - 5
            numbers.raisePriority(of: raised, to: priority)
            reference[raised] = max(reference[raised]!, priority)
        }
        #expect(numbers.tracksPriorities)
        numbers.buckets.withUnsafeBufferPointer { buckets in
            numbers.priorities.withUnsafeBufferPointer { priorities in
                for (number, priority) in reference {
                    let kept = LiteralNumberSet.priority(of: number, buckets: buckets.baseAddress!,
                                                         priorities: priorities.baseAddress!, mask: buckets.count - 1)
                    #expect(kept == priority, "\(number)")
                }
            }
        }
    }
}
