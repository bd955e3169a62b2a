/// Appending that grows an array's storage by a quarter instead of doubling it.
///
/// A route table is built once and then kept for the life of the process, so the slack that
/// doubling leaves (a quarter of the storage on average, up to half) is memory retained per
/// route for good. Growing by a quarter keeps the slack under a fifth, for about four copies of
/// each element over the array's life instead of one: registration stays amortised O(1).
extension Array {
    /// Appends `element`, growing the storage by a quarter when it is full.
    ///
    /// ```swift
    /// var leaves: [Int32] = []
    /// leaves.appendCompactly(7)
    /// ```
    ///
    /// - Complexity: amortised O(1).
    mutating func appendCompactly(_ element: Element) {
        reserveGently(count + 1)
        append(element)
    }

    /// Appends `elements`, growing the storage by a quarter when they do not fit.
    ///
    /// - Complexity: amortised O(`elements.count`).
    mutating func appendCompactly<S: Collection>(contentsOf elements: S) where S.Element == Element {
        reserveGently(count + elements.count)
        append(contentsOf: elements)
    }

    mutating func reserveGently(_ needed: Int) {
        if needed > capacity { reserveCapacity(Swift.max(needed, count + count / 4 + 16)) }
    }
}
