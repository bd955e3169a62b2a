import Testing
@testable import URLRouter

/// The chunked storage under the trie: bulk appends and range copies agree with the element-wise
/// ones across chunk boundaries, and long literal keys read back from it route correctly.
@Suite struct ChunkedArrayTests {
    static func filled(_ count: Int, from first: Int = 0) -> ChunkedArray<Int> {
        var array = ChunkedArray<Int>()
        for value in first..<first + count { array.append(value) }
        return array
    }

    /// (elements already there, elements appended at once), around the 256-element chunk size.
    @Test(arguments: [(0, 0), (0, 1), (0, 256), (0, 257), (255, 1), (255, 2), (256, 256), (100, 700), (3, 1000)])
    func appendingABufferMatchesAppendingEachElement(before: Int, appended: Int) {
        var array = Self.filled(before)
        let snapshot = array
        let values = Array(before..<before + appended)
        values.withUnsafeBufferPointer { array.append(contentsOf: $0) }
        #expect(array.count == before + appended)
        #expect(Array(array) == Array(0..<before + appended))
        #expect(Array(snapshot) == Array(0..<before), "a copy taken before the append is unchanged")
        array.append(-1)
        #expect(array.count == before + appended + 1 && array[before + appended] == -1)
    }

    @Test(arguments: [0..<0, 0..<1, 0..<256, 255..<257, 10..<600, 256..<512, 511..<1000, 0..<1000])
    func elementsInARangeMatchTheSlice(_ range: Range<Int>) {
        let array = Self.filled(1000, from: 7)
        #expect(array.elements(in: range) == Array(array[range]))
        #expect(array.elements(in: range) == Array(range).map { $0 + 7 })
    }

    /// Forty literals of 300 bytes or more: each spans arena chunks and starts mid-chunk, and
    /// the literal table grows (reading every stored key back) while they are added.
    @Test(arguments: [false, true])
    func longLiteralsSpanningArenaChunksRoute(caseInsensitive: Bool) throws {
        let router = Router(options: .init(caseInsensitivePaths: caseInsensitive))
        func literal(_ index: Int) -> String { "Seg\(index)-" + String(repeating: "AbCdEfGh", count: 37 + index % 3) }
        for index in 0..<40 {
            try router.registerObject("app://x/\(literal(index))") { _ in index }
        }
        for index in 0..<40 {
            #expect(router.object(for: "app://x/\(literal(index))") as? Int == index)
            let other = router.object(for: "app://x/\(literal(index).uppercased())") as? Int
            #expect(other == (caseInsensitive ? index : nil))
        }
        #expect(router.object(for: "app://x/\(literal(0))x") == nil)
    }
}
