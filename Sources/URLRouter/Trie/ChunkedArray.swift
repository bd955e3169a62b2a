/// An array stored in chunks of 256 elements, each chunk an array of its own.
///
/// Why: a route table is copied on write, and a writer that changes a table some reader still holds copies what it
/// changes. Copying one plain array of every node or route costs O(routes) per registration (a third of a millisecond
/// at 10,000 routes); copying a chunked one costs the outer array of chunk references and the few chunks the
/// registration touches, about the same at any size. Reading an element costs one more load, of an outer array small
/// enough to stay in cache.
///
/// `append` consumes its element: a route or leaf built to be appended moves into its chunk, where a borrowed one would
/// be copied (a retain for each reference it holds) and the original destroyed.
///
/// ```swift
/// var leaves = ChunkedArray<Int32>()
/// leaves.append(7)
/// let snapshot = leaves        // shares every chunk
/// leaves[0] = 8                // copies chunk 0 only; `snapshot[0]` is still 7
/// ```
struct ChunkedArray<Element>: RandomAccessCollection, MutableCollection {
    private var chunks: [[Element]] = []
    private(set) var count = 0

    static var chunkShift: Int { 8 }
    static var chunkSize: Int { 1 << chunkShift }

    init() {}

    init(repeating element: Element, count: Int) { for _ in 0..<count { append(element) } }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// - Complexity: O(1); a write copies the element's chunk when a copy of this array shares it.
    @inline(__always)
    subscript(index: Int) -> Element {
        _read { yield chunks[index &>> Self.chunkShift][index & (Self.chunkSize - 1)] }
        _modify { yield &chunks[index &>> Self.chunkShift][index & (Self.chunkSize - 1)] }
    }

    /// Calls `body` with element `index` borrowed in place, where the subscript copies it: a retain of each reference
    /// the element holds, which other threads reading the element share (see ``ThreadSnapshots``).
    @inline(__always)
    func withElement<R>(_ index: Int, _ body: (borrowing Element) -> R) -> R {
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return body(self[index]) }
        return Self.borrow(chunks.span[index &>> Self.chunkShift], index & (Self.chunkSize - 1), body)
    }

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @inline(__always)
    private static func borrow<R>(_ chunk: borrowing [Element], _ index: Int, _ body: (borrowing Element) -> R) -> R {
        body(chunk.span[index])
    }

    /// - Complexity: O(1), plus a copy of the last chunk when a copy of this array shares it.
    mutating func append(_ element: consuming Element) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk = [Element]()
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}
