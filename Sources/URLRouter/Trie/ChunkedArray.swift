/// An array stored in chunks of 256 elements, each chunk an array of its own.
///
/// Why: a route table is copied on write, and a writer that changes a table some reader still
/// holds copies what it changes. Copying one plain array of every node or route costs O(routes)
/// per registration (a third of a millisecond at 10,000 routes); copying a chunked one costs the
/// outer array of chunk references and the few chunks the registration touches, about the same
/// at any size. Reading an element costs one more load, of an outer array small enough to stay
/// in cache.
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

    /// `count` copies of `element`.
    init(repeating element: Element, count: Int) {
        var remaining = count
        while remaining > 0 {
            let size = Swift.min(remaining, Self.chunkSize)
            var chunk = [Element]()
            chunk.reserveCapacity(Self.chunkSize)
            chunk.append(contentsOf: repeatElement(element, count: size))
            chunks.append(chunk)
            remaining -= size
        }
        self.count = count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// - Complexity: O(1); a write copies the element's chunk when a copy of this array shares it.
    @inline(__always)
    subscript(index: Int) -> Element {
        get { chunks[index &>> Self.chunkShift][index & (Self.chunkSize - 1)] }
        _modify { yield &chunks[index &>> Self.chunkShift][index & (Self.chunkSize - 1)] }
    }

    /// Appends `element`.
    ///
    /// - Complexity: O(1), plus a copy of the last chunk when a copy of this array shares it.
    mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk = [Element]()
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// Appends `elements`, a chunk at a time.
    ///
    /// - Complexity: O(`elements.count`), plus a copy of the last chunk when a copy of this array
    ///   shares it.
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        var index = 0
        while index < elements.count {
            if count & (Self.chunkSize - 1) == 0 {
                var chunk = [Element]()
                chunk.reserveCapacity(Self.chunkSize)
                chunks.append(chunk)
            }
            let taken = Swift.min(Self.chunkSize - (count & (Self.chunkSize - 1)), elements.count - index)
            chunks[chunks.count - 1].append(contentsOf: UnsafeBufferPointer(rebasing: elements[index..<index + taken]))
            count += taken
            index += taken
        }
    }

    /// The elements in `range`, copied a chunk at a time (`Array(self[range])` goes element by
    /// element through the collection's generic index and subscript).
    ///
    /// ```swift
    /// let key = arena.elements(in: start..<start + length)
    /// ```
    func elements(in range: Range<Int>) -> [Element] {
        var result = [Element]()
        result.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let offset = index & (Self.chunkSize - 1)
            let taken = Swift.min(Self.chunkSize - offset, range.upperBound - index)
            result.append(contentsOf: chunks[index &>> Self.chunkShift][offset..<offset + taken])
            index += taken
        }
        return result
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}
