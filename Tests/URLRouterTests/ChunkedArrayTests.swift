import Testing

@testable import URLRouter

/// The chunked storage under the trie: copies keep what they saw, and long literal keys (kept
/// in the trie's byte arena) route correctly while the literal table grows.
@Suite struct ChunkedArrayTests {
    static func filled(_ count: Int, from first: Int = 0) -> ChunkedArray<Int> {
        var array = ChunkedArray<Int>()
        for value in first..<first + count { array.append(value) }
        return array
    }

    /// A copy keeps what it saw while the original is written and appended to, across chunk
    /// boundaries: what a snapshot relies on while a writer changes the table.
    @Test(arguments: [(1, 0), (256, 255), (257, 256), (700, 3), (1000, 999)])
    func aCopyKeepsWhatItSaw(count: Int, written: Int) {
        var array = Self.filled(count)
        let snapshot = array
        array[written] = -1
        for value in 0..<300 { array.append(count + value) }
        #expect(Array(snapshot) == Array(0..<count))
        #expect(array[written] == -1 && array.count == count + 300 && array[count + 299] == count + 299)
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
